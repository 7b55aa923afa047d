import { sqlRows } from '../../core/sql-rows';
import { SMS_LOW_BALANCE } from '@linli/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { todayIn } from '../../core/dates';
import type { JobHandler } from '../../core/job-queue';
import { cmpIs, type JobDef } from '../../core/jobs';
import { smsAccounts, smsRecords } from '../../db/schema';
import { notify } from '../messages/notify';
import { batchJob, enqueueBatch } from './sms-batch';
import { applyReceipts, DELIVER_JOB, deliver, LOG_RECEIPT_JOB, logReceipts } from './sms-deliver';

const RECEIPT_TIMEOUT_MS = 72 * 3_600_000;
const TZ = 'Asia/Shanghai';

/** Single messages (sms.send, 重发, 测试发送): hand them over now. */
const deliverJob: JobHandler<{ cmpId: number; ids: number[] }> = {
  name: DELIVER_JOB,
  maxAttempts: 5,
  run: async (deps, p, ctx) => ({
    handed: await deliver(deps, p.cmpId, inArray(smsRecords.id, p.ids), ctx, p.ids.length),
  }),
};

const logReceiptJob: JobHandler<{ cmpId: number; ids: number[] }> = {
  name: LOG_RECEIPT_JOB,
  run: async (deps, p) => ({ changed: await logReceipts(deps, p) }),
};

export const smsJobHandlers = [batchJob, deliverJob, logReceiptJob] as JobHandler<never>[];

/** Minutely: a due batch whose run is missing (a restart, a cleaned queue) is queued again; its run is idempotent. */
const dispatchJob: JobDef = {
  name: 'sms.dispatch',
  schedule: { everyMs: 60_000 },
  async run(deps, { now, cmpId }) {
    const { db } = deps.database;
    const due = await sqlRows<{ id: number; cmp_id: number }>(
      db,
      sql`select b.id, b.cmp_id from sms_batches b
        where b.state in (1, 2) and b.send_at <= ${now} and ${cmpIs(cmpId, sql`b.cmp_id`)}
          and (b.expanded_at is null or exists (select 1 from sms_records r where r.batch_id = b.id and r.state = 1 and r.send_time is null))
          and not exists (select 1 from jobs j where j.dedupe_key = 'sms.batch:' || b.id and j.state in ('queued', 'running'))
        limit 100`,
    );
    for (const b of due) {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`delete from jobs where dedupe_key = ${`sms.batch:${b.id}`} and state in ('done', 'failed')`,
        );
        await enqueueBatch(tx, b.cmp_id, b.id, now);
      });
    }
    return { queued: due.length };
  },
};

/** Every 10 minutes: a message still 发送中 72 h after hand-over never got a receipt: 失败 '无回执', refunded. */
const receiptTimeoutJob: JobDef = {
  name: 'sms.receipt-timeout',
  schedule: { everyMs: 600_000 },
  async run(deps, { now, cmpId }) {
    const rows = await deps.database.db
      .select({ id: smsRecords.id, cmpId: smsRecords.cmpId })
      .from(smsRecords)
      .where(
        and(
          eq(smsRecords.state, 1),
          cmpIs(cmpId, smsRecords.cmpId),
          sql`${smsRecords.sendTime} < ${new Date(now.getTime() - RECEIPT_TIMEOUT_MS)}`,
        ),
      )
      .limit(5000);
    let n = 0;
    for (const c of new Set(rows.map((r) => r.cmpId))) {
      const mine = rows.filter((r) => r.cmpId === c);
      n += await applyReceipts(
        deps,
        c,
        mine.map((r) => ({ recordId: r.id, ok: false, reason: '无回执' })),
      );
    }
    return { timedOut: n };
  },
};

/** Hourly: a balance under 500 条 warns the holders of 短信充值 (MsgType 1), once a day per company. */
const lowBalanceJob: JobDef = {
  name: 'sms.low-balance',
  schedule: { everyMs: 3_600_000 },
  async run(deps, { now, cmpId }) {
    const today = todayIn(now, TZ);
    const { db } = deps.database;
    const low = await db
      .select({ cmpId: smsAccounts.cmpId, balance: smsAccounts.balance })
      .from(smsAccounts)
      .where(
        and(
          cmpIs(cmpId, smsAccounts.cmpId),
          sql`${smsAccounts.balance} < ${SMS_LOW_BALANCE}`,
          sql`${smsAccounts.warnedOn} <> ${today}`,
        ),
      );
    for (const a of low) {
      await db.transaction(async (tx) => {
        await tx
          .update(smsAccounts)
          .set({ warnedOn: today })
          .where(and(eq(smsAccounts.cmpId, a.cmpId), sql`${smsAccounts.warnedOn} <> ${today}`));
        await notify(tx, {
          cmpId: a.cmpId,
          roleKey: 'dxgl_dxcz',
          msgType: 1,
          title: '短信余额不足',
          content: `短信余额仅剩${a.balance}条，请及时充值`,
        });
      });
    }
    return { warned: low.length };
  },
};

export const smsJobs: JobDef[] = [dispatchJob, receiptTimeoutJob, lowBalanceJob];
