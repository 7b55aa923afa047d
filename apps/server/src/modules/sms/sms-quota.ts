import { SMS_DEFAULT_UNIT_PRICE } from '@linli/shared';
import { and, eq, sql } from 'drizzle-orm';
import { fail } from '../../core/errors';
import type { Tx } from '../../db/client';
import { smsAccounts, smsBalanceLogs } from '../../db/schema';

/** Balance-log kinds (domain file "API shapes"). */
export const LOG_KIND = { recharge: 1, send: 2, failRefund: 3, cancelRefund: 4, diffRefund: 5 } as const;

export interface QuotaRef {
  refType: 'batch' | 'record' | 'recharge';
  refId: number;
  refNo: string;
}

/** Balance and unit price for reading: a company that never touched SMS has 0 条 at the default price. */
export async function accountOf(db: Tx, cmpId: number) {
  const [a] = await db
    .select({ balance: smsAccounts.balance, unitPrice: smsAccounts.unitPrice })
    .from(smsAccounts)
    .where(eq(smsAccounts.cmpId, cmpId));
  return a ?? { balance: 0, unitPrice: SMS_DEFAULT_UNIT_PRICE };
}

/**
 * Locks the company's account row for the rest of the transaction (created on first use): every change of the
 * balance holds this lock, so two sends can never both spend the same 条.
 */
export async function lockAccount(tx: Tx, cmpId: number, now: Date) {
  await tx.insert(smsAccounts).values({ cmpId, createdAt: now, updatedAt: now }).onConflictDoNothing();
  const [a] = await tx
    .select({ balance: smsAccounts.balance, unitPrice: smsAccounts.unitPrice })
    .from(smsAccounts)
    .where(eq(smsAccounts.cmpId, cmpId))
    .for('update');
  return a!;
}

/** Moves the balance by `delta` (negative spends) with its log row; refuses to go below zero. Lock first. */
export async function moveBalance(tx: Tx, cmpId: number, kind: number, delta: number, ref: QuotaRef, now: Date) {
  if (delta === 0) return;
  const [a] = await tx
    .update(smsAccounts)
    .set({ balance: sql`${smsAccounts.balance} + ${delta}`, updatedAt: now })
    .where(and(eq(smsAccounts.cmpId, cmpId), sql`${smsAccounts.balance} + ${delta} >= 0`))
    .returning({ balance: smsAccounts.balance });
  if (!a) throw fail('短信余额不足，请先充值');
  await tx
    .insert(smsBalanceLogs)
    .values({ cmpId, kind, delta, balance: a.balance, ...ref, createdAt: now, updatedAt: now });
}

/**
 * Refunds failed records, one log row each (Kind 3), in one statement: `ids` are records that have just turned
 * 失败 and were charged. The balance rises by their sum; each row's Balance is the running balance after it.
 */
export async function refundRecords(tx: Tx, cmpId: number, ids: number[], now: Date) {
  if (!ids.length) return;
  await lockAccount(tx, cmpId, now);
  await tx.execute(sql`with r as (
      select id, segments, sum(segments) over (order by id) as run from sms_records
      where cmp_id = ${cmpId} and id = any(${`{${ids.join(',')}}`}::int[]) and charged),
    a as (update sms_accounts set balance = balance + coalesce((select sum(segments) from r), 0), updated_at = ${now}
      where cmp_id = ${cmpId} returning balance)
    insert into sms_balance_logs (cmp_id, kind, delta, balance, ref_type, ref_id, ref_no, created_at, updated_at)
    select ${cmpId}::int, ${LOG_KIND.failRefund}::smallint, r.segments,
      (select balance from a) - (select coalesce(sum(segments), 0) from r) + r.run, 'record', r.id, r.id::text, ${now}, ${now}
    from r order by r.id`);
}
