import { sqlRows } from '../../core/sql-rows';
import {
  SMS_BATCH_STATES,
  SMS_TARGET_KINDS,
  SmsBatchFilter,
  type SmsBatchRow,
  SmsPreviewBody,
  SmsSendBody,
  zId,
} from '@linli/shared';
import { and, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { call } from '../../core/calls';
import { notFound } from '../../core/errors';
import { readSheet, readUpload } from '../../core/excel';
import { likeText } from '../../core/filters';
import { type Filter, listCalls } from '../../core/list-calls';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { smsBatches, smsSigns, smsTemplates, users } from '../../db/schema';
import { cancelBatch, sendBatch } from './sms-batch';
import { preview } from './sms-compose';
import { dayRange, nameOf } from './sms-list';
import type { StoredTarget } from './sms-target';

const ROLE = 'dxgl_dxqf';
const whereOf = (auth: Auth, f: Filter<typeof SmsBatchFilter>): SQL | undefined =>
  and(
    eq(smsBatches.cmpId, auth.cmpId),
    f.BatchNo ? ilike(smsBatches.batchNo, likeText(f.BatchNo)) : undefined,
    f.State ? eq(smsBatches.state, f.State) : undefined,
    dayRange(smsBatches.sendAt, auth.timeZone, f.DateFrom, f.DateTo),
  );

const sending = sql<number>`(select count(*)::int from sms_records r where r.batch_id = ${smsBatches.id} and r.state = 1)`;
const rows = (db: Tx) =>
  db
    .select({
      b: smsBatches,
      templateName: smsTemplates.name,
      signName: smsSigns.name,
      creatorName: users.name,
      sending,
    })
    .from(smsBatches)
    .innerJoin(smsTemplates, eq(smsTemplates.id, smsBatches.templateId))
    .innerJoin(smsSigns, eq(smsSigns.id, smsBatches.signId))
    .leftJoin(users, eq(users.id, smsBatches.createdBy))
    .$dynamic();

const targetName = (t: StoredTarget) => {
  const kind = nameOf(SMS_TARGET_KINDS, t.Kind);
  if (t.Kind === 4) return `${kind}（${t.Phones.length}个号码）`;
  if (t.Kind === 5) return `${kind}（≥${t.ArrearsMoney}元，≥${t.ArrearsMonths}月）`;
  return kind;
};

const view = (
  r: {
    b: typeof smsBatches.$inferSelect;
    templateName: string;
    signName: string;
    creatorName: string | null;
    sending: number;
  },
  { timeZone: tz }: Auth,
): SmsBatchRow => ({
  Id: r.b.id,
  BatchNo: r.b.batchNo,
  TemplateName: r.templateName,
  SignName: r.signName,
  TargetName: targetName(r.b.target as StoredTarget),
  SendAt: fmtTime(r.b.sendAt, tz),
  Total: r.b.total,
  Segments: r.b.segments,
  Success: r.b.success,
  Failed: r.b.failed,
  Sending: r.sending,
  State: r.b.state,
  StateName: nameOf(SMS_BATCH_STATES, r.b.state),
  CreatorName: r.creatorName ?? '',
  CreateTime: fmtTime(r.b.createdAt, tz),
});

/** 短信群发 (dxgl_dxqf): Preview before anything goes, Send a batch, and the 群发任务 list. */
export const smsCalls = [
  call({
    path: '/Sms/Preview',
    role: ROLE,
    reads: true,
    body: SmsPreviewBody,
    handler: (b, { deps, auth }) => preview(deps.database.db, auth, b),
  }),
  // 手动输入 from a spreadsheet: the 手机号 column as text; the form adds them to the typed numbers (10,000 at most).
  call({
    path: '/Sms/PhonesFromXlsx',
    role: ROLE,
    reads: true,
    handler: async (_b, { req }) => {
      const file = await readUpload(req);
      const rows = await readSheet(file.data, ['手机号'], 10_000);
      return { Phones: rows.map((r) => r.values['手机号']!) };
    },
  }),
  call({
    path: '/Sms/Send',
    role: ROLE,
    btn: 'add',
    body: SmsSendBody,
    okMsg: '已提交发送',
    handler: (b, { deps, auth, ip }) => sendBatch(deps, auth, b, ip),
  }),
  call({
    path: '/Sms/BatchProgress',
    role: ROLE,
    reads: true,
    body: z.object({ BatchId: zId() }),
    handler: async (b, { deps, auth }) => {
      const [r] = await sqlRows<{ total: number; state: number; done: number }>(
        deps.database.db,
        sql`select b.total, b.state,
            (select count(*)::int from sms_records r where r.batch_id = b.id and (r.send_time is not null or r.state <> 1)) as done
          from sms_batches b where b.id = ${b.BatchId} and b.cmp_id = ${auth.cmpId}`,
      );
      if (!r) throw notFound();
      return { Total: r.total, Done: r.done, State: r.state, StateName: nameOf(SMS_BATCH_STATES, r.state) };
    },
  }),
  ...listCalls({
    path: '/Sms',
    paths: { list: '/Sms/BatchList', export: '/Sms/BatchExport' },
    role: ROLE,
    table: smsBatches,
    filter: SmsBatchFilter,
    where: whereOf,
    select: rows,
    view,
    order: [desc(smsBatches.id)],
    idOf: (r) => r.b.id,
    export: {
      title: '短信群发任务',
      columns: [
        { header: '批次号', value: (r) => r.BatchNo, width: 22 },
        { header: '模板', value: (r) => r.TemplateName, width: 14 },
        { header: '签名', value: (r) => r.SignName },
        { header: '接收对象', value: (r) => r.TargetName, width: 20 },
        { header: '计划时间', value: (r) => r.SendAt, width: 20 },
        { header: '人数', value: (r) => r.Total, numFmt: '0' },
        { header: '条数', value: (r) => r.Segments, numFmt: '0' },
        { header: '成功', value: (r) => r.Success, numFmt: '0' },
        { header: '失败', value: (r) => r.Failed, numFmt: '0' },
        { header: '发送中', value: (r) => r.Sending, numFmt: '0' },
        { header: '状态', value: (r) => r.StateName },
        { header: '创建人', value: (r) => r.CreatorName },
      ],
    },
  }),
  call({
    path: '/Sms/BatchCancel',
    role: ROLE,
    btn: 'cancel',
    body: z.object({ Id: zId() }),
    okMsg: '已取消，条数已退回',
    handler: (b, { deps, auth, ip }) => cancelBatch(deps, auth, b.Id, ip),
  }),
];
