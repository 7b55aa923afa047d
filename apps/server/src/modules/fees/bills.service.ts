import {
  decAdd,
  decCmp,
  decSub,
  decText,
  FeeBillSource,
  FeeBillState,
  FeeJournalEvent,
  FeeKind,
  FeePayerType,
} from '@linli/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { todayIn } from '../../core/dates';
import { fail, notFound } from '../../core/errors';
import { assertCommunity } from '../../core/scope';
import type { Tx } from '../../db/client';
import { feeAuditLogs, feeBills, rooms } from '../../db/schema';
import { bindableStandard, neg } from './bindings.service';
import { bindingCandidates, generate } from './generator';
import { appendJournal } from './journal';
import { addMonths, periodOfMonth, periodsBetween } from './periods';

type Bill = typeof feeBills.$inferSelect;

/** A bill of the caller's company and scope, locked for the change. */
export async function lockBill(tx: Tx, auth: Auth, id: number): Promise<Bill> {
  const [b] = await tx
    .select()
    .from(feeBills)
    .where(and(eq(feeBills.id, id), eq(feeBills.cmpId, auth.cmpId)))
    .for('update');
  if (!b) throw notFound('账单不存在');
  await assertCommunity(tx, auth, b.communityId);
  return b;
}

/** The state a bill's money gives it (domain/fees.md "State machines"). */
export function stateOf(amount: string, discount: string, paid: string): number {
  const unpaid = decSub(decSub(amount, discount), paid);
  if (decCmp(unpaid, 0) <= 0) return FeeBillState.Paid;
  return decCmp(paid, 0) > 0 ? FeeBillState.Partial : FeeBillState.Unpaid;
}

const snapshot = (b: Bill) => ({
  AmountMoney: b.amountMoney,
  DiscountMoney: b.discountMoney,
  PaidMoney: b.paidMoney,
  State: b.state,
  LateFeeFrom: b.lateFeeFrom,
});

async function feeAudit(
  tx: Tx,
  auth: Auth,
  action: string,
  before: Bill,
  after: Partial<Bill>,
  reason: string,
  now: Date,
) {
  await tx.insert(feeAuditLogs).values({
    cmpId: auth.cmpId,
    action,
    entity: 'fee_bills',
    entityId: before.id,
    before: snapshot(before),
    after: snapshot({ ...before, ...after }),
    reason,
    userId: auth.userId,
    createdBy: auth.userId,
    createdAt: now,
    updatedAt: now,
  });
}

const open = (b: Bill) => b.state === FeeBillState.Unpaid || b.state === FeeBillState.Partial;

async function write(tx: Tx, auth: Auth, b: Bill, set: Partial<Bill>, now: Date) {
  await tx
    .update(feeBills)
    .set({ ...set, updatedAt: now })
    .where(and(eq(feeBills.id, b.id), eq(feeBills.cmpId, auth.cmpId)));
}

/** 减免: adds to DiscountMoney (≤ unpaid); WaiveLateFee restarts the late fee from today. */
export async function discountBill(
  tx: Tx,
  auth: Auth,
  x: { Id: number; DiscountMoney: string; WaiveLateFee: boolean; Reason: string },
  now: Date,
) {
  const b = await lockBill(tx, auth, x.Id);
  if (!open(b)) throw fail('只有未缴或部分缴的账单可以减免');
  if (decCmp(x.DiscountMoney, 0) <= 0 && !x.WaiveLateFee) throw fail('请输入减免金额或勾选免滞纳金');
  const unpaid = decSub(decSub(b.amountMoney, b.discountMoney), b.paidMoney);
  if (decCmp(x.DiscountMoney, unpaid) > 0)
    throw fail(`减免金额不能超过未缴金额¥${decText(unpaid, 2)}`, {
      Errors: { DiscountMoney: '减免金额不能超过未缴金额' },
    });
  const discount = decText(decAdd(b.discountMoney, x.DiscountMoney), 2);
  const set: Partial<Bill> = {
    discountMoney: discount,
    state: stateOf(b.amountMoney, discount, b.paidMoney),
    ...(x.WaiveLateFee ? { lateFeeFrom: todayIn(now, auth.timeZone) } : {}),
  };
  await write(tx, auth, b, set, now);
  await appendJournal(tx, { cmpId: auth.cmpId, userId: auth.userId, at: now }, [
    { BillId: b.id, EventType: FeeJournalEvent.Discounted, DiscountMoney: decText(x.DiscountMoney, 2) },
  ]);
  await feeAudit(tx, auth, 'bill.discount', b, set, x.Reason, now);
  return { Id: b.id };
}

/** 调整金额: a new AmountMoney, not below what is already paid and discounted. */
export async function adjustBill(
  tx: Tx,
  auth: Auth,
  x: { Id: number; AmountMoney: string; Reason: string },
  now: Date,
) {
  const b = await lockBill(tx, auth, x.Id);
  if (!open(b)) throw fail('只有未缴或部分缴的账单可以调整金额');
  const floor = decAdd(b.discountMoney, b.paidMoney);
  if (decCmp(x.AmountMoney, floor) < 0)
    throw fail(`应收金额不能低于已收与减免合计¥${decText(floor, 2)}`, {
      Errors: { AmountMoney: '应收金额不能低于已收与减免合计' },
    });
  const delta = decText(decSub(x.AmountMoney, b.amountMoney), 2);
  if (decCmp(delta, 0) === 0) throw fail('应收金额未变化');
  const set: Partial<Bill> = {
    amountMoney: x.AmountMoney,
    state: stateOf(x.AmountMoney, b.discountMoney, b.paidMoney),
  };
  await write(tx, auth, b, set, now);
  await appendJournal(tx, { cmpId: auth.cmpId, userId: auth.userId, at: now }, [
    { BillId: b.id, EventType: FeeJournalEvent.Adjusted, AmountMoney: delta },
  ]);
  await feeAudit(tx, auth, 'bill.adjust', b, set, x.Reason, now);
  return { Id: b.id };
}

/** 取消: only a bill without money; it keeps its key (never regenerated) until 恢复. */
export async function cancelBill(tx: Tx, auth: Auth, x: { Id: number; Reason: string }, now: Date) {
  const b = await lockBill(tx, auth, x.Id);
  if (b.state === FeeBillState.Cancelled) throw fail('账单已取消');
  if (decCmp(b.paidMoney, 0) > 0 || decCmp(b.lateFeePaidMoney, 0) > 0) throw fail('账单已有收款，不能取消');
  const set: Partial<Bill> = { state: FeeBillState.Cancelled };
  await write(tx, auth, b, set, now);
  await appendJournal(tx, { cmpId: auth.cmpId, userId: auth.userId, at: now }, [
    {
      BillId: b.id,
      EventType: FeeJournalEvent.Cancelled,
      AmountMoney: neg(b.amountMoney),
      DiscountMoney: neg(b.discountMoney),
    },
  ]);
  await feeAudit(tx, auth, 'bill.cancel', b, set, x.Reason, now);
  return { Id: b.id };
}

/** 恢复 undoes a cancel (the opposite 取消 row). */
export async function restoreBill(tx: Tx, auth: Auth, x: { Id: number; Reason: string }, now: Date) {
  const b = await lockBill(tx, auth, x.Id);
  if (b.state !== FeeBillState.Cancelled) throw fail('只有已取消的账单可以恢复');
  const set: Partial<Bill> = { state: stateOf(b.amountMoney, b.discountMoney, b.paidMoney) };
  await write(tx, auth, b, set, now);
  await appendJournal(tx, { cmpId: auth.cmpId, userId: auth.userId, at: now }, [
    { BillId: b.id, EventType: FeeJournalEvent.Cancelled, AmountMoney: b.amountMoney, DiscountMoney: b.discountMoney },
  ]);
  await feeAudit(tx, auth, 'bill.restore', b, set, x.Reason, now);
  return { Id: b.id };
}

/**
 * 预缴: the payer's next `Months` months of a periodic standard it is bound to that are not yet settled (from this month,
 * or after the last paid period), created by the generator (existing bills are kept); answers every bill of those
 * periods so the desk ticks them.
 */
export async function prepayBills(
  tx: Tx,
  auth: Auth,
  x: { PayerType: number; PayerId: number; StandardId: number; Months: number },
  now: Date,
) {
  const s = await bindableStandard(tx, auth, x.StandardId);
  if (s.kind !== FeeKind.Periodic) throw fail('只有周期类收费标准可以预缴');
  const month = todayIn(now, auth.timeZone).slice(0, 7);
  const payer = and(
    eq(feeBills.cmpId, auth.cmpId),
    eq(feeBills.standardId, s.id),
    eq(feeBills.payerType, x.PayerType),
    eq(feeBills.payerId, x.PayerId),
  );
  // 预缴 3个月 means three months still to pay: months already settled from this one on are skipped, not counted.
  const [settled] = await tx
    .select({ last: sql<string | null>`max(${feeBills.period})` })
    .from(feeBills)
    .where(and(payer, sql`${feeBills.period} >= ${periodOfMonth(month, s.cycleMonths)}`, eq(feeBills.state, 3)));
  const first = settled?.last ? addMonths(settled.last, s.cycleMonths) : month;
  const from = periodOfMonth(first, s.cycleMonths);
  const to = addMonths(first, x.Months - 1);
  const periods = periodsBetween(from, to, s);
  const g = await generate(tx, {
    cmpId: auth.cmpId,
    standard: s,
    candidates: bindingCandidates(auth.cmpId, s, periods, { payer: { payerType: x.PayerType, payerId: x.PayerId } }),
    source: FeeBillSource.Prepay,
    ctx: { cmpId: auth.cmpId, userId: auth.userId, at: now },
  });
  const bills = await tx
    .select({ id: feeBills.id })
    .from(feeBills)
    .where(
      and(payer, sql`${feeBills.period} >= ${from} and ${feeBills.period} <= ${to}`, sql`${feeBills.state} in (1, 2)`),
    )
    .orderBy(feeBills.period);
  if (!bills.length && g.failed) throw fail('该缴费对象无法计费，请检查面积或绑定');
  if (!bills.length) throw fail('该缴费对象未绑定此收费标准，或所选月份已缴清');
  return { BillIds: bills.map((b) => b.id), Created: g.created };
}

/** 临时收费: a one-off (or deposit) bill of the given amount for a payer, through the same generator. */
export async function addTempBill(
  tx: Tx,
  auth: Auth,
  x: { PayerType: number; PayerId: number; StandardId: number; AmountMoney: string; Remark?: string | undefined },
  now: Date,
) {
  const s = await bindableStandard(tx, auth, x.StandardId);
  if (s.kind === FeeKind.Periodic || s.kind === FeeKind.Metered) throw fail('临时收费只能选择一次性或押金类收费标准');
  let room: { id: number; buildingId: number; fullName: string } | undefined;
  if (x.PayerType === FeePayerType.Room) {
    [room] = await tx
      .select({ id: rooms.id, buildingId: rooms.buildingId, fullName: rooms.fullName })
      .from(rooms)
      .where(and(eq(rooms.id, x.PayerId), eq(rooms.cmpId, auth.cmpId), eq(rooms.communityId, s.communityId)));
    if (!room) throw notFound('房间不存在');
  }
  const today = todayIn(now, auth.timeZone);
  const due = today;
  const g = await generate(tx, {
    cmpId: auth.cmpId,
    standard: s,
    oneOff: true,
    candidates: sql`select ${x.PayerType}::int as payer_type, ${x.PayerId}::int as payer_id, ${room?.id ?? null}::int as room_id,
      ${room?.buildingId ?? null}::int as building_id, ${s.communityId}::int as community_id,
      ${room?.fullName ?? ''}::varchar(80) as payer_name, ''::text as period, ${today}::date as period_start,
      ${today}::date as period_end, ${today}::date as bill_date, ${due}::date as due_date, 1::numeric as quantity,
      ${x.AmountMoney}::numeric(14,2) as amount, null::text as reason`,
    source: FeeBillSource.Temp,
    ctx: { cmpId: auth.cmpId, userId: auth.userId, at: now },
  });
  const id = g.billIds[0]!;
  if (x.Remark)
    await tx
      .update(feeBills)
      .set({ remark: x.Remark })
      .where(and(eq(feeBills.id, id), eq(feeBills.cmpId, auth.cmpId)));
  return { Id: id };
}
