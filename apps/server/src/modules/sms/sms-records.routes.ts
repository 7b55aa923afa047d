import { SMS_RECORD_STATES, SMS_SOURCES, SmsRecordFilter, type SmsRecordRow, zId } from '@linli/shared';
import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { call } from '../../core/calls';
import { likeText } from '../../core/filters';
import { maskMobile } from '../../core/masks';
import { type Filter, listCalls } from '../../core/list-calls';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { smsBatches, smsRecords } from '../../db/schema';
import { CHANNEL_NAMES } from './sms-channel';
import { dayRange, nameOf } from './sms-list';
import { resend } from './sms-send';

const ROLE = 'dxgl_fsjl';
function whereOf(auth: Auth, f: Filter<typeof SmsRecordFilter>): SQL | undefined {
  return and(
    eq(smsRecords.cmpId, auth.cmpId),
    f.Phone ? ilike(smsRecords.phone, likeText(f.Phone)) : undefined,
    f.State ? eq(smsRecords.state, f.State) : undefined,
    f.Source ? eq(smsRecords.source, f.Source) : undefined,
    f.BatchId ? eq(smsRecords.batchId, f.BatchId) : undefined,
    f.BatchNo
      ? sql`${smsRecords.batchId} in (select id from sms_batches where cmp_id = ${auth.cmpId} and batch_no ilike ${likeText(f.BatchNo)})`
      : undefined,
    dayRange(smsRecords.createdAt, auth.timeZone, f.DateFrom, f.DateTo),
  );
}

const rows = (db: Tx) =>
  db
    .select({
      id: smsRecords.id,
      batchId: smsRecords.batchId,
      batchNo: smsBatches.batchNo,
      phone: smsRecords.phone,
      name: smsRecords.name,
      content: smsRecords.content,
      segments: smsRecords.segments,
      source: smsRecords.source,
      state: smsRecords.state,
      failReason: smsRecords.failReason,
      sendTime: smsRecords.sendTime,
      createdAt: smsRecords.createdAt,
      reportTime: smsRecords.reportTime,
      provider: smsRecords.provider,
      bizId: smsRecords.bizId,
    })
    .from(smsRecords)
    .leftJoin(smsBatches, eq(smsBatches.id, smsRecords.batchId))
    .$dynamic();

const view = (
  r: Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number],
  { timeZone: tz }: Auth,
): SmsRecordRow => ({
  Id: r.id,
  BatchId: r.batchId,
  BatchNo: r.batchNo ?? '',
  // A list masks personal numbers whoever asks (core/masks.ts); the 手机号 filter still matches the full number.
  Phone: maskMobile(r.phone),
  Name: r.name,
  Content: r.content,
  Segments: r.segments,
  Source: r.source,
  SourceName: nameOf(SMS_SOURCES, r.source),
  State: r.state,
  StateName: nameOf(SMS_RECORD_STATES, r.state),
  FailReason: r.failReason,
  // 发送时间: when it was handed over, else when it was queued.
  SendTime: fmtTime(r.sendTime ?? r.createdAt, tz),
  ReportTime: fmtTime(r.reportTime, tz),
  Provider: CHANNEL_NAMES[r.provider] ?? r.provider,
  BizId: r.bizId,
});

/** 发送记录 (dxgl_fsjl): one row per recipient, newest first. */
export const smsRecordCalls = [
  ...listCalls({
    path: '/SmsRecord',
    role: ROLE,
    table: smsRecords,
    filter: SmsRecordFilter,
    where: whereOf,
    select: rows,
    view,
    order: [desc(smsRecords.id)],
    export: {
      title: '短信发送记录',
      columns: [
        { header: '手机号', value: (r) => r.Phone, width: 14 },
        { header: '接收人', value: (r) => r.Name },
        { header: '内容', value: (r) => r.Content, width: 50 },
        { header: '条数', value: (r) => r.Segments, numFmt: '0' },
        { header: '来源', value: (r) => r.SourceName },
        { header: '批次号', value: (r) => r.BatchNo, width: 22 },
        { header: '发送时间', value: (r) => r.SendTime, width: 20 },
        { header: '状态', value: (r) => r.StateName },
        { header: '失败原因', value: (r) => r.FailReason },
        { header: '回执时间', value: (r) => r.ReportTime, width: 20 },
        { header: '通道', value: (r) => r.Provider },
        { header: '服务商ID', value: (r) => r.BizId, width: 20 },
      ],
    },
  }),
  call({
    path: '/SmsRecord/Resend',
    role: ROLE,
    btn: 'resend',
    body: z.object({ Id: zId() }),
    okMsg: '已重新发送',
    handler: (b, { deps, auth, ip }) => {
      const now = deps.now();
      return deps.database.db.transaction(async (tx) => {
        const id = await resend(tx, auth.cmpId, b.Id, auth.userId, now);
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'sms.resend',
            entity: 'sms_record',
            entityId: id,
            ip,
            detail: { Of: b.Id },
          },
          now,
        );
        return { Id: id };
      });
    },
  }),
];
