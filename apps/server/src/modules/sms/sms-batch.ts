import { sqlRows } from '../../core/sql-rows';
import { MSG_SMS_NO_RECIPIENT, MSG_SMS_SHORT, type SmsSendBody } from '@linli/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, fieldError, notFound } from '../../core/errors';
import { enqueue, type JobContext, type JobHandler } from '../../core/job-queue';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { smsBatches, smsRecords } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { assertLength, compose, filledBy, messagesSql, tally } from './sms-compose';
import { deliver, finishBatch } from './sms-deliver';
import { LOG_KIND, lockAccount, moveBalance } from './sms-quota';
import { recipientsSql, type StoredTarget } from './sms-target';
import { localToDate } from './sms-time';

export const BATCH_JOB = 'sms.batch';
const MIN_AHEAD_MS = 5 * 60_000;
const MAX_AHEAD_MS = 30 * 86_400_000;

/** DX + local date-time + 4 random digits: readable, sortable by time, unique by index. */
const batchNo = (now: Date, tz: string) =>
  `DX${fmtTime(now, tz).replace(/\D/g, '')}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

export const enqueueBatch = (tx: Tx, cmpId: number, batchId: number, runAt: Date, createdBy?: number) =>
  enqueue(tx, BATCH_JOB, { cmpId, batchId }, { cmpId, runAt, dedupeKey: `${BATCH_JOB}:${batchId}`, createdBy });

/**
 * 发送 (domain file "Sms/Send"): the recipients and their 条 are counted as Preview counts them, and the batch, its
 * charge (log Kind 2, RefNo BatchNo) and its background run are written in one transaction under the account lock.
 * Any refusal leaves nothing behind.
 */
export async function sendBatch(deps: AppDeps, auth: Auth, b: SmsSendBody, ip: string) {
  const { db } = deps.database;
  const now = deps.now();
  let sendAt = now;
  if (b.SendAt) {
    sendAt = localToDate(b.SendAt, auth.timeZone);
    const ahead = sendAt.getTime() - now.getTime();
    if (Number.isNaN(ahead) || ahead < MIN_AHEAD_MS || ahead > MAX_AHEAD_MS)
      throw fieldError('SendAt', '定时时间须在5分钟后且30天内');
  }
  const c = await compose(db, auth, b);
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, auth.cmpId, now);
    const no = batchNo(now, auth.timeZone);
    const [row] = await tx
      .insert(smsBatches)
      .values({
        cmpId: auth.cmpId,
        batchNo: no,
        templateId: c.tpl.id,
        signId: c.sign.id,
        target: c.target,
        vars: Object.fromEntries(Object.entries(b.Vars).map(([k, v]) => [k, v.trim()])),
        sendAt,
        state: b.SendAt ? 1 : 2,
        expandedAt: b.SendAt ? null : now,
        createdAt: now,
        updatedAt: now,
        createdBy: auth.userId,
      })
      .returning({ id: smsBatches.id });
    const id = row!.id;
    // An immediate batch writes its records here, in the charge's transaction (one INSERT … SELECT, counted from what
    // it wrote); a scheduled one only counts now and writes them when due. A refusal rolls all of it back.
    const t = b.SendAt
      ? await tally(tx, c.messages)
      : await insertRecords(tx, auth.cmpId, id, c.messages, now, auth.userId);
    if (!t.total) throw fail(MSG_SMS_NO_RECIPIENT);
    assertLength(t, c.sign.name);
    if (t.totalSegments > account.balance) throw fail(MSG_SMS_SHORT);
    await tx
      .update(smsBatches)
      .set({ total: t.total, segments: t.totalSegments })
      .where(and(eq(smsBatches.id, id), eq(smsBatches.cmpId, auth.cmpId)));
    await moveBalance(tx, auth.cmpId, LOG_KIND.send, -t.totalSegments, { refType: 'batch', refId: id, refNo: no }, now);
    await enqueueBatch(tx, auth.cmpId, id, sendAt, auth.userId);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'sms.send',
        entity: 'sms_batch',
        entityId: id,
        ip,
        detail: { BatchNo: no, Total: t.total, Segments: t.totalSegments },
      },
      now,
    );
    return { BatchId: id, BatchNo: no };
  });
}

/** Writes a batch's records (INSERT … SELECT of its messages); answers their count, Σ条数 and the longest length. */
async function insertRecords(
  tx: Tx,
  cmpId: number,
  batchId: number,
  messages: SQL,
  now: Date,
  createdBy: number | null,
) {
  const [r] = await sqlRows<{ total: number; segs: number; chars: number }>(
    tx,
    sql`with ins as (insert into sms_records (cmp_id, batch_id, source, phone, resident_id, name, content, segments,
          state, created_at, updated_at, created_by)
        select ${cmpId}::int, ${batchId}::int, 1, m.phone, m.resident_id, coalesce(m.name, ''), m.content, m.segments, 1,
          ${now}, ${now}, ${createdBy}::int
        from ${messages} m order by m.phone
        returning segments, char_length(content) as chars)
      select count(*)::int as total, coalesce(sum(segments), 0)::int as segs, coalesce(max(chars), 0)::int as chars from ins`,
  );
  return { total: r!.total, totalSegments: r!.segs, chars: r!.chars };
}

/** 取消 (待发送 only): the batch's 条 come back (Kind 4). */
export async function cancelBatch(deps: AppDeps, auth: Auth, id: number, ip: string) {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const [b] = await tx
      .select({ state: smsBatches.state, segments: smsBatches.segments, batchNo: smsBatches.batchNo })
      .from(smsBatches)
      .where(and(eq(smsBatches.id, id), eq(smsBatches.cmpId, auth.cmpId)))
      .for('update');
    if (!b) throw notFound();
    if (b.state !== 1) throw fail('只能取消待发送的批次');
    await lockAccount(tx, auth.cmpId, now);
    await tx
      .update(smsBatches)
      .set({ state: 4, updatedAt: now })
      .where(and(eq(smsBatches.id, id), eq(smsBatches.cmpId, auth.cmpId)));
    await moveBalance(
      tx,
      auth.cmpId,
      LOG_KIND.cancelRefund,
      b.segments,
      { refType: 'batch', refId: id, refNo: b.batchNo },
      now,
    );
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'sms.cancel', entity: 'sms_batch', entityId: id, ip },
      now,
    );
    return null;
  });
}

/**
 * Writes a due batch's records once (INSERT … SELECT of the same recipients query Preview counted). People may
 * have moved in or out since the charge: fewer 条 refund the difference at once (Kind 5); more are charged while
 * the balance lasts, the rest recorded 失败 '短信余额不足' uncharged.
 */
export async function expandBatch(deps: AppDeps, cmpId: number, batchId: number): Promise<number> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const [b] = await tx
      .select()
      .from(smsBatches)
      .where(and(eq(smsBatches.id, batchId), eq(smsBatches.cmpId, cmpId)))
      .for('update');
    if (!b || b.state === 4 || b.expandedAt) return 0;
    const account = await lockAccount(tx, cmpId, now);
    const target = b.target as StoredTarget;
    const { tpl, sign } = await templateAndSign(tx, cmpId, b.templateId, b.signId);
    const filled = filledBy(target.Kind);
    const base = renderBase(tpl, b.vars, filled);
    const messages = messagesSql(await recipientsSql(tx, cmpId, target), base, sign, filled);
    await insertRecords(tx, cmpId, batchId, messages, now, b.createdBy);
    // Over the balance: the records past the 条 it covers (in id order) fail uncharged. Found by one window scan;
    // the common case (everything covered) writes nothing.
    const allowed = b.segments + account.balance;
    const [cut] = await sqlRows<{ id: number }>(
      tx,
      sql`select id from (select id, sum(segments) over (order by id) as run from sms_records
          where batch_id = ${batchId} and cmp_id = ${cmpId}) s
        where s.run > ${allowed} order by id limit 1`,
    );
    if (cut)
      await tx.execute(sql`update sms_records set state = 3, charged = false, fail_reason = '短信余额不足',
          send_time = ${now}, report_time = ${now}
        where batch_id = ${batchId} and cmp_id = ${cmpId} and id >= ${cut.id}`);
    const [sum] = await sqlRows<{ n: number; segs: number; short: number }>(
      tx,
      sql`select count(*)::int as n, coalesce(sum(segments) filter (where charged), 0)::int as segs,
          count(*) filter (where not charged)::int as short
        from sms_records where batch_id = ${batchId} and cmp_id = ${cmpId}`,
    );
    const diff = sum!.segs - b.segments;
    const ref = { refType: 'batch' as const, refId: batchId, refNo: b.batchNo };
    if (diff < 0) await moveBalance(tx, cmpId, LOG_KIND.diffRefund, -diff, ref, now);
    if (diff > 0) await moveBalance(tx, cmpId, LOG_KIND.send, -diff, ref, now);
    await tx
      .update(smsBatches)
      .set({
        state: sum!.n ? 2 : 3,
        total: sum!.n,
        segments: sum!.segs,
        failed: sum!.short,
        expandedAt: now,
        updatedAt: now,
      })
      .where(and(eq(smsBatches.id, batchId), eq(smsBatches.cmpId, cmpId)));
    return sum!.n;
  });
}

async function templateAndSign(tx: Tx, cmpId: number, templateId: number, signId: number) {
  const [r] = await sqlRows<{ content: string; name: string }>(
    tx,
    sql`select t.content, s.name from sms_templates t, sms_signs s
      where t.id = ${templateId} and t.cmp_id = ${cmpId} and s.id = ${signId} and s.cmp_id = ${cmpId}`,
  );
  return { tpl: r!.content, sign: r!.name };
}

/** The stored custom values were checked at Send; a template edited since may lack some: those stay blank. */
function renderBase(content: string, vars: Record<string, string>, filled: readonly string[]) {
  return content.replace(/\{([^{}\s]{1,20})\}/g, (all, name: string) =>
    filled.includes(name) ? all : (vars[name] ?? ''),
  );
}

/** The batch's background run: expand once when due, then hand every record over; 已完成 when all are. */
export const batchJob: JobHandler<{ cmpId: number; batchId: number }> = {
  name: BATCH_JOB,
  maxAttempts: 5,
  async run(deps, p, ctx: JobContext) {
    await expandBatch(deps, p.cmpId, p.batchId);
    const [b] = await deps.database.db
      .select({ state: smsBatches.state, total: smsBatches.total })
      .from(smsBatches)
      .where(and(eq(smsBatches.id, p.batchId), eq(smsBatches.cmpId, p.cmpId)));
    if (!b || b.state !== 2) return { handed: 0 };
    const handed = await deliver(deps, p.cmpId, eq(smsRecords.batchId, p.batchId), ctx, b.total);
    await deps.database.db.transaction((tx) => finishBatch(tx, p.cmpId, p.batchId, deps.now()));
    return { handed };
  },
};
