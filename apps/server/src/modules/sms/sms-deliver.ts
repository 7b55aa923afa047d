import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { enqueue, type JobContext } from '../../core/job-queue';
import { idList } from '../../core/filters';
import type { Tx } from '../../db/client';
import { smsBatches, smsRecords } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { channelOf, type HandOver, type OutgoingSms, type SmsChannel } from './sms-channel';
import { CONNECT_FAILED } from './sms-provider-http';
import { providerTemplates } from './sms-provider-template';
import { refundRecords } from './sms-quota';

export const LOG_RECEIPT_JOB = 'sms.log-receipt';
export const DELIVER_JOB = 'sms.deliver';

/** Success and failure counts of batches follow their records. */
export async function recountBatches(tx: Tx, cmpId: number, batchIds: (number | null)[]) {
  const ids = [...new Set(batchIds.filter((b): b is number => !!b))];
  if (!ids.length) return;
  await tx.execute(sql`update sms_batches b set
      success = (select count(*) from sms_records r where r.batch_id = b.id and r.state = 2),
      failed = (select count(*) from sms_records r where r.batch_id = b.id and r.state = 3)
    where b.cmp_id = ${cmpId} and b.id = any(${idList(ids)}::int[])`);
}

/**
 * Hands queued records (state 发送中, not yet handed over) to the company's channel, a provider call's worth at a
 * time: handed ones get their time and provider id; refused ones turn 失败 and refund their 条 (one log row each).
 * Answers how many were handed over.
 */
export async function deliver(deps: AppDeps, cmpId: number, which: SQL, ctx?: JobContext, total = 0): Promise<number> {
  const { db } = deps.database;
  const channel = await channelOf(deps, db, cmpId);
  let done = 0;
  for (;;) {
    const chunk = await db
      .select({
        id: smsRecords.id,
        phone: smsRecords.phone,
        content: smsRecords.content,
        batchId: smsRecords.batchId,
        name: smsRecords.name,
      })
      .from(smsRecords)
      .where(and(eq(smsRecords.cmpId, cmpId), eq(smsRecords.state, 1), isNull(smsRecords.sendTime), which))
      .orderBy(smsRecords.id)
      .limit(channel.maxPerCall);
    if (!chunk.length) break;
    const results = await handOver(db, cmpId, channel, chunk);
    const now = deps.now();
    await db.transaction(async (tx) => {
      const ok = results.filter((r) => r.ok);
      const bad = results.filter((r) => !r.ok);
      if (ok.length)
        await tx.execute(sql`update sms_records r set send_time = ${now}, provider = ${channel.code},
            biz_id = v.biz, updated_at = ${now}
          from (select unnest(${idList(ok.map((o) => o.recordId))}::int[]) as id,
            unnest(${`{${ok.map((o) => JSON.stringify(o.bizId ?? '')).join(',')}}`}::text[]) as biz) v
          where r.id = v.id and r.cmp_id = ${cmpId} and r.state = 1`);
      // Handing over never fails a record twice: only those still 发送中 turn 失败 and are refunded.
      const failedIds: number[] = [];
      for (const f of bad) {
        const [row] = await tx
          .update(smsRecords)
          .set({
            state: 3,
            failReason: f.failReason ?? '发送失败',
            provider: channel.code,
            sendTime: now,
            reportTime: now,
            updatedAt: now,
          })
          .where(and(eq(smsRecords.id, f.recordId), eq(smsRecords.cmpId, cmpId), eq(smsRecords.state, 1)))
          .returning({ id: smsRecords.id });
        if (row) failedIds.push(row.id);
      }
      await refundRecords(tx, cmpId, failedIds, now);
      await recountBatches(
        tx,
        cmpId,
        chunk.map((c) => c.batchId),
      );
      if (ok.length && channel.selfReceiptMs !== undefined)
        await enqueue(
          tx,
          LOG_RECEIPT_JOB,
          { cmpId, ids: ok.map((o) => o.recordId) },
          {
            cmpId,
            runAt: new Date(now.getTime() + channel.selfReceiptMs),
          },
        );
    });
    done += chunk.length;
    await ctx?.progress(done, Math.max(total, done));
  }
  return done;
}

/**
 * One provider call's worth: a template-only channel gets each message's template and variables first (a message
 * without one fails with why, uncalled). The adapters answer every message; should one throw all the same, its
 * messages fail '通道连接失败' and are refunded rather than failing the job, which would hand them over again.
 */
async function handOver(
  db: Tx,
  cmpId: number,
  channel: SmsChannel,
  chunk: { id: number; phone: string; content: string; batchId: number | null; name: string }[],
): Promise<HandOver[]> {
  const refused: HandOver[] = [];
  let msgs: OutgoingSms[] = chunk.map((r) => ({ recordId: r.id, cmpId, phone: r.phone, content: r.content }));
  if (channel.templated) {
    const tpls = await providerTemplates(db, cmpId, chunk);
    msgs = msgs.filter((m) => {
      const t = tpls.get(m.recordId);
      if (typeof t === 'object') m.template = t;
      else refused.push({ recordId: m.recordId, ok: false, failReason: t ?? '未找到对应的服务商模板' });
      return typeof t === 'object';
    });
  }
  if (!msgs.length) return refused;
  let answered: HandOver[];
  try {
    answered = await channel.send(msgs);
  } catch {
    answered = [];
  }
  // A message left unanswered would be picked up again by the next round: it fails instead.
  const missing = msgs.filter((m) => !answered.some((a) => a.recordId === m.recordId));
  return [
    ...refused,
    ...answered,
    ...missing.map((m) => ({ recordId: m.recordId, ok: false, failReason: CONNECT_FAILED })),
  ];
}

export interface Receipt {
  recordId: number;
  ok: boolean;
  reason?: string;
}

/** Delivery receipts: 发送中 → 成功 | 失败 once; a failure refunds. Answers how many records changed. */
export async function applyReceipts(deps: AppDeps, cmpId: number, receipts: Receipt[]): Promise<number> {
  if (!receipts.length) return 0;
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const changed: { id: number; batchId: number | null; state: number }[] = [];
    for (const ok of [true, false]) {
      const group = receipts.filter((r) => r.ok === ok);
      for (const reason of [...new Set(group.map((g) => g.reason ?? ''))]) {
        const ids = group.filter((g) => (g.reason ?? '') === reason).map((g) => g.recordId);
        changed.push(
          ...(await tx
            .update(smsRecords)
            .set({ state: ok ? 2 : 3, failReason: ok ? '' : reason || '发送失败', reportTime: now, updatedAt: now })
            .where(and(eq(smsRecords.cmpId, cmpId), eq(smsRecords.state, 1), inArray(smsRecords.id, ids)))
            .returning({ id: smsRecords.id, batchId: smsRecords.batchId, state: smsRecords.state })),
        );
      }
    }
    await refundRecords(
      tx,
      cmpId,
      changed.filter((c) => c.state === 3).map((c) => c.id),
      now,
    );
    await recountBatches(
      tx,
      cmpId,
      changed.map((c) => c.batchId),
    );
    return changed.length;
  });
}

/** The log channel's receipts: 成功, except numbers ending 0000, which are 空号 (domain file "Providers"). */
export async function logReceipts(deps: AppDeps, p: { cmpId: number; ids: number[] }) {
  const rows = await deps.database.db
    .select({ id: smsRecords.id, phone: smsRecords.phone })
    .from(smsRecords)
    .where(and(eq(smsRecords.cmpId, p.cmpId), inArray(smsRecords.id, p.ids)));
  return applyReceipts(
    deps,
    p.cmpId,
    rows.map((r) =>
      r.phone.endsWith('0000') ? { recordId: r.id, ok: false, reason: '空号' } : { recordId: r.id, ok: true },
    ),
  );
}

/** A batch is 已完成 once every record is handed over (Success/Failed then follow receipts). */
export async function finishBatch(tx: Tx, cmpId: number, batchId: number, now: Date) {
  await tx
    .update(smsBatches)
    .set({ state: 3, updatedAt: now })
    .where(and(eq(smsBatches.id, batchId), eq(smsBatches.cmpId, cmpId), eq(smsBatches.state, 2)));
}
