import { FeeBillState } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { todayIn } from '../../core/dates';
import { idList } from '../../core/filters';
import { lateFeeSql } from '../fees/late-fee';
import type { AsOfWindow, DateWindow, PeriodWindow, ReportScope, TimeBounds } from './filters';
import { journalRollup, journalSource } from './journal-source';

/**
 * Every figure of the fee reports (domain/fee-reports.md "Measures"), each defined once here as one SQL fragment and
 * composed by every report, chart and the reconciliation, so the same number is the same everywhere.
 *
 * Sources and their fixed aliases (a report selects FROM the source fragment and uses the measures over it):
 * - `j`  fee_journal (bill amounts, accrual and the fee part of the cash measures) — `journalFrom`, `journalScope`;
 * - `t`  fee_payment_tenders with `p` its payment and `rv` its reversal — `tenderFrom`, `tenderScope`;
 * - `x`  fee_prepaid_txns with `a` its account — `prepaidFrom`, `prepaidScope`;
 * - `e`  电表充值 events (meter lines in, their refunds out) — `meterFrom`, `meterScope`.
 * Aggregates answer numeric (0 when nothing matched): wrap them in `money()` for the API's 2-decimal text and in
 * `rate()` for a rate. Posting time decides the day (EventTime / created_at / approval), never a back-dated PayTime.
 */

// ---------------------------------------------------------------- time conditions
/** EventTime ≤ T: before the end of the window's last day and not after now. */
export const asOf = (col: SQL, w: TimeBounds): SQL => sql`${col} < ${w.end} and ${col} <= ${w.nowSql}`;
/** Within the window (posting time). */
export const within = (col: SQL, w: TimeBounds): SQL => sql`${col} >= ${w.start} and ${asOf(col, w)}`;
/** Before the window's first instant. */
export const before = (col: SQL, w: TimeBounds): SQL => sql`${col} < ${w.start}`;

// ---------------------------------------------------------------- formatting
const sumIf = (expr: SQL, cond?: SQL): SQL =>
  cond ? sql`coalesce(sum(${expr}) filter (where ${cond}), 0)` : sql`coalesce(sum(${expr}), 0)`;
/** A money aggregate as the API's 2-decimal text ('1234.50'). */
export const money = (expr: SQL): SQL => sql`(${expr})::numeric(14,2)::text`;
/** A rate: num ÷ den half up to 4 decimals, null when the denominator is 0 (the kit turns it into a JSON number). */
export const rate = (num: SQL, den: SQL): SQL =>
  sql`(case when (${den}) = 0 then null else round((${num})::numeric / (${den}), 4) end)`;
/** A whole count as a JSON number. */
export const int = (expr: SQL): SQL => sql`(${expr})::int`;

// ---------------------------------------------------------------- journal source
export const journalFrom = sql`fee_journal j`;

/** Whether the scope narrows by 收费项目 or 类别. */
export const itemFiltered = (s: ReportScope): boolean => !!(s.itemIds?.length || s.category);

/**
 * The 收费项目 and 类别 filters on an item column (`j.item_id`, a prepaid account's `a.item_id`); none when the scope
 * has neither. A null item (a 通用 account) matches no item filter.
 */
function itemConds(s: ReportScope, col: SQL): SQL[] {
  const parts: SQL[] = [];
  if (s.itemIds?.length) parts.push(sql`${col} = any(${idList(s.itemIds)}::int[])`);
  if (s.category)
    parts.push(
      sql`${col} in (select fi.id from fee_items fi where fi.cmp_id = ${s.cmpId} and fi.category = ${s.category})`,
    );
  return parts;
}

/** Company, communities, 楼栋, 收费项目 and 类别 on the journal alias `j`. */
export function journalScope(s: ReportScope): SQL {
  const parts: SQL[] = [sql`j.cmp_id = ${s.cmpId}`, sql`j.community_id = any(${idList(s.communityIds)}::int[])`];
  if (s.buildingId) parts.push(sql`j.building_id = ${s.buildingId}`);
  parts.push(...itemConds(s, sql`j.item_id`));
  return sql.join(parts, sql` and `);
}

/** 应收 of one row: 计费 − 优惠. */
const dueOf = sql`(j.amount_money - j.discount_money)`;
/** 未收 of one row: 应收 − 实收. */
const unpaidOf = sql`(j.amount_money - j.discount_money - j.paid_money)`;

/**
 * Who a bill counts under for 户数: its room, or (a space or vehicle without one) the payer itself, kept apart from
 * room ids by a negative key.
 */
export const roomKey = sql`coalesce(j.room_id::bigint, (select ${payerKey(sql`fb`)} from fee_bills fb where fb.id = j.bill_id))`;

/** The key a bill without a room counts under (a fee_bills alias `b`): its payer, negative, apart from room ids. */
function payerKey(b: SQL): SQL {
  return sql`-(${b}.payer_type::bigint * 4294967296 + ${b}.payer_id)`;
}

// ---------------------------------------------------------------- bill amounts, as of T (cond narrows further)
const billCond = (w: TimeBounds, cond?: SQL) =>
  cond ? sql`${asOf(sql`j.event_time`, w)} and ${cond}` : asOf(sql`j.event_time`, w);
/** 计费 AmountMoney. */
export const billedMoney = (w: TimeBounds, cond?: SQL) => sumIf(sql`j.amount_money`, billCond(w, cond));
/** 优惠 DiscountMoney. */
export const discountMoney = (w: TimeBounds, cond?: SQL) => sumIf(sql`j.discount_money`, billCond(w, cond));
/** 应收 DueMoney = 计费 − 优惠. */
export const dueMoney = (w: TimeBounds, cond?: SQL) => sumIf(dueOf, billCond(w, cond));
/** 实收 PaidMoney: principal, net of voids and refunds. */
export const paidMoney = (w: TimeBounds, cond?: SQL) => sumIf(sql`j.paid_money`, billCond(w, cond));
/** 滞纳金 LateFeeMoney collected (net). */
export const lateFeeMoney = (w: TimeBounds, cond?: SQL) => sumIf(sql`j.late_fee_money`, billCond(w, cond));
/** 未收 UnpaidMoney = 应收 − 实收. */
export const unpaidMoney = (w: TimeBounds, cond?: SQL) => sumIf(unpaidOf, billCond(w, cond));

/** Due before AsOfDate: the bill is overdue on that day. */
export const overdueCond = (w: AsOfWindow) => sql`j.due_date < ${w.day}::date`;
/** 欠缴 ArrearsMoney = 未收 of bills with DueDate < AsOfDate. */
export const arrearsMoney = (w: AsOfWindow, cond?: SQL) =>
  unpaidMoney(w, cond ? sql`${overdueCond(w)} and ${cond}` : overdueCond(w));
/** 未到期 NotDueMoney = 未收 of bills not yet overdue. */
export const notDueMoney = (w: AsOfWindow, cond?: SQL) =>
  unpaidMoney(w, cond ? sql`j.due_date >= ${w.day}::date and ${cond}` : sql`j.due_date >= ${w.day}::date`);

// ---------------------------------------------------------------- ageing
/** 逾期天数 of a due date as of AsOfDate (`due` is a date expression). */
export const overdueDays = (due: SQL, w: AsOfWindow): SQL => sql`(${w.day}::date - ${due})`;
/** 账龄 band 1–5 (0-30, 31-90, 91-180, 181-365, 365天以上) of a number of overdue days (≥ 1). */
export const ageBand = (days: SQL): SQL =>
  sql`(case when ${days} <= 30 then 1 when ${days} <= 90 then 2 when ${days} <= 180 then 3 when ${days} <= 365 then 4 else 5 end)`;
export const AGE_BANDS = [
  { band: 1, field: 'Age0To30', name: '0-30天' },
  { band: 2, field: 'Age31To90', name: '31-90天' },
  { band: 3, field: 'Age91To180', name: '91-180天' },
  { band: 4, field: 'Age181To365', name: '181-365天' },
  { band: 5, field: 'AgeOver365', name: '365天以上' },
] as const;

/**
 * Whether the arrears are read from the open bills. As of now (截止日期 today, the default) a bill's journal rows
 * summed are the bill itself: every writer changes both in one transaction, and 对账检查 3 proves them equal. So the
 * open bills overdue today stand in for the journal (a large company's arrears read 180,000 bills instead of grouping
 * its two million journal rows by bill). A past 截止日期 reads the journal. Off with the rollup, so the tests compare
 * both.
 */
const arrearsFromBills = (w: AsOfWindow) => journalRollup.enabled && w.day === todayIn(w.now, w.tz);

/**
 * The overdue bills as of AsOfDate with their 欠缴 (> 0): one row per bill with the bill's place and due date. Every
 * arrears report (qjmx, qjhz, qjhzscfj, qjhzjefj, the overview's donut) reads this, so a bill is owed the same
 * everywhere. A room's band is that of its oldest overdue bill: `max(ageBand(days))` over its rows.
 * Columns: bill_id, community_id, building_id, room_id, room_key, item_id, bill_month, due_date, due, paid, arrears,
 * days, band; with `lateFee`, late_fee (应计滞纳金 as of the day, `lateFeeSql`). `cond` is over the journal alias j.
 */
export function overdueBills(s: ReportScope, w: AsOfWindow, cond?: SQL, opts: { lateFee?: boolean } = {}): SQL {
  const days = overdueDays(sql`j.due_date`, w);
  const extra = cond ? sql`and ${cond}` : sql``;
  if (arrearsFromBills(w)) {
    // One row per bill already: no grouping, and the late fee from the bill's own row.
    return sql`select j.bill_id, j.community_id, j.building_id, j.room_id, j.room_key, j.item_id, j.bill_month,
        j.due_date, ${dueOf} as due, j.paid_money as paid, ${unpaidOf} as arrears, ${days} as days,
        ${ageBand(days)} as band ${opts.lateFee ? sql`, j.late_fee` : sql``}
      from (select b.id as bill_id, b.cmp_id, b.community_id, b.building_id, b.room_id,
          coalesce(b.room_id::bigint, ${payerKey(sql`b`)}) as room_key, b.item_id,
          to_char(b.bill_date, 'YYYY-MM') as bill_month, b.due_date, b.amount_money, b.discount_money, b.paid_money
          ${opts.lateFee ? sql`, ${lateFeeSql(sql`b`, sql`st`, sql`${w.day}::date`)} as late_fee` : sql``}
        from fee_bills b ${opts.lateFee ? sql`join fee_standards st on st.id = b.standard_id` : sql``}
        where b.cmp_id = ${s.cmpId} and b.community_id = any(${idList(s.communityIds)}::int[])
          and b.state in (${FeeBillState.Unpaid}, ${FeeBillState.Partial}) and b.due_date < ${w.day}::date) j
      where ${journalScope(s)} and ${unpaidOf} > 0 ${extra}`;
  }
  const grouped = sql`select j.bill_id, j.community_id, j.building_id, j.room_id, ${roomKey} as room_key, j.item_id,
      j.bill_month, j.due_date, ${dueMoney(w)} as due, ${paidMoney(w)} as paid, ${unpaidMoney(w)} as arrears,
      ${days} as days, ${ageBand(days)} as band
    from ${journalFrom}
    where ${journalScope(s)} and ${overdueCond(w)} and ${asOf(sql`j.event_time`, w)} ${extra}
    group by j.bill_id, j.community_id, j.building_id, j.room_id, j.item_id, j.bill_month, j.due_date
    having ${unpaidMoney(w)} > 0`;
  if (!opts.lateFee) return grouped;
  return sql`select g.*, ${lateFeeSql(sql`b`, sql`st`, sql`${w.day}::date`)} as late_fee
    from (${grouped}) g join fee_bills b on b.id = g.bill_id join fee_standards st on st.id = b.standard_id`;
}

// ---------------------------------------------------------------- accrual (账期口径), window [P1, P2] as of T
const inPeriod = (a: PeriodWindow) => sql`j.bill_month between ${a.from} and ${a.to}`;
const beforePeriod = (a: PeriodWindow) => sql`j.bill_month < ${a.from}`;
const afterPeriod = (a: PeriodWindow) => sql`j.bill_month > ${a.to}`;
const t = sql`j.event_time`;
/** 当期应收 Rc: 应收 of bills with BillMonth in the window. */
export const periodDueMoney = (a: PeriodWindow) => sumIf(dueOf, sql`${inPeriod(a)} and ${asOf(t, a)}`);
/** 当期实收 Pc: 实收 of the same bills, earlier advance payments included. */
export const periodPaidMoney = (a: PeriodWindow) => sumIf(sql`j.paid_money`, sql`${inPeriod(a)} and ${asOf(t, a)}`);
/** 当期未收 = Rc − Pc (yjzl 本月未收). */
export const periodUnpaidMoney = (a: PeriodWindow) => sumIf(unpaidOf, sql`${inPeriod(a)} and ${asOf(t, a)}`);
/** 期初欠费 H0: 未收, as of the start of P1, of bills with BillMonth < P1. */
export const openingArrearsMoney = (a: PeriodWindow) => sumIf(unpaidOf, sql`${beforePeriod(a)} and ${before(t, a)}`);
/** 欠费追回 Pr: 实收 posted from the start of P1 to T on bills with BillMonth < P1. */
export const recoveredMoney = (a: PeriodWindow) =>
  sumIf(sql`j.paid_money`, sql`${beforePeriod(a)} and ${within(t, a)}`);
/** 期末历史欠费 H1: 未收 as of T of the bills with BillMonth < P1. */
export const closingArrearsMoney = (a: PeriodWindow) => sumIf(unpaidOf, sql`${beforePeriod(a)} and ${asOf(t, a)}`);
/** 预收 Pa: 实收 posted in the window on bills with BillMonth > P2. */
export const advanceMoney = (a: PeriodWindow) => sumIf(sql`j.paid_money`, sql`${afterPeriod(a)} and ${within(t, a)}`);
/** Journal rows that can move an accrual measure (prunes the scan; every measure above filters further). */
export const accrualRows = (a: PeriodWindow) => sql`(${asOf(t, a)})`;

/**
 * Accrual figures for the window, grouped by `groupCols` (SQL list of `j.` columns, may be empty): the inner step of
 * every rate report, two kinds of rows over one shape. The money (rc, pc, ru, h0, pr, h1, pa) is summed per group
 * from the journal's rollup (`journalSource`: sealed months summed, a year of a large company is millions of rows);
 * the room counts need each room's own figures, read row by row only where they can move: rc_n, ru_n (当期应收/未收,
 * bills of the window's months) and pr_n (欠费追回, postings from P1 on earlier bills), one row per room_key. Money
 * columns are zero on room rows and the room columns zero on money rows, so sums and counts over both never mix.
 * `accrualColumns` aggregates it.
 */
export function accrualByRoom(s: ReportScope, a: PeriodWindow, groupCols: SQL[] = [], cond?: SQL): SQL {
  const g = groupCols.length ? sql`${sql.join(groupCols, sql`, `)}, ` : sql``;
  const groupBy = groupCols.length ? sql`group by ${sql.join(groupCols, sql`, `)}` : sql``;
  const extra = cond ? sql`and ${cond}` : sql``;
  return sql`select ${g}null::bigint as room_key,
      ${periodDueMoney(a)} as rc, ${periodPaidMoney(a)} as pc, ${periodUnpaidMoney(a)} as ru,
      ${openingArrearsMoney(a)} as h0, ${recoveredMoney(a)} as pr, ${closingArrearsMoney(a)} as h1, ${advanceMoney(a)} as pa,
      0::numeric as rc_n, 0::numeric as ru_n, 0::numeric as pr_n
    from ${journalSource(s.cmpId, a)}
    where ${journalScope(s)} and ${accrualRows(a)} ${extra} ${groupBy}
    union all
    select ${g}${roomKey} as room_key, 0, 0, 0, 0, 0, 0, 0,
      ${periodDueMoney(a)}, ${periodUnpaidMoney(a)}, ${recoveredMoney(a)}
    from ${journalFrom}
    where ${journalScope(s)} and ${accrualRows(a)} and (${inPeriod(a)} or (${beforePeriod(a)} and ${t} >= ${a.start}))
      ${extra}
    group by ${g}room_key`;
}

/** 收费户数 ChargeRooms: rooms with Rc > 0 (over an `accrualByRoom` alias r). */
export const chargeRooms = (r = sql`r`) => sql`count(*) filter (where ${r}.rc_n > 0)`;
/** 已缴户数 PaidRooms: rooms whose window bills have 未收 = 0. */
export const paidRooms = (r = sql`r`) => sql`count(*) filter (where ${r}.rc_n > 0 and ${r}.ru_n = 0)`;
/** 追欠户数 RecoveredRooms: rooms with 欠费追回 > 0. */
export const recoveredRooms = (r = sql`r`) => sql`count(*) filter (where ${r}.pr_n <> 0)`;
/** 收费率 = Pc ÷ Rc. */
export const collectRate = (pc: SQL, rc: SQL) => rate(pc, rc);
/** 户收费率 = 已缴户数 ÷ 收费户数. */
export const roomRate = (paid: SQL, charge: SQL) => rate(paid, charge);
/** 清缴率 = Pr ÷ (Pr + H1). */
export const recoveryRate = (pr: SQL, h1: SQL) => rate(pr, sql`(${pr}) + (${h1})`);

/** The accrual columns (money as text, rates, room counts) over an `accrualByRoom` alias r, with the API's names. */
export function accrualColumns(r = sql`r`): SQL {
  const sum = (c: string) => sql`coalesce(sum(${r}.${sql.raw(c)}), 0)`;
  return sql`${int(chargeRooms(r))} as "ChargeRooms", ${int(paidRooms(r))} as "PaidRooms",
    ${roomRate(paidRooms(r), chargeRooms(r))} as "RoomRate",
    ${money(sum('rc'))} as "PeriodDueMoney", ${money(sum('pc'))} as "PeriodPaidMoney",
    ${money(sum('ru'))} as "PeriodUnpaidMoney", ${collectRate(sum('pc'), sum('rc'))} as "CollectRate",
    ${money(sum('h0'))} as "OpeningArrearsMoney", ${money(sum('pr'))} as "RecoveredMoney",
    ${int(recoveredRooms(r))} as "RecoveredRooms",
    ${money(sum('h1'))} as "ClosingArrearsMoney", ${recoveryRate(sum('pr'), sum('h1'))} as "RecoveryRate",
    ${money(sum('pa'))} as "AdvanceMoney"`;
}

// ---------------------------------------------------------------- cash (收款口径), window [D1, D2] by posting time
const posted = (c: DateWindow) => within(sql`j.event_time`, c);
/** 当期 CurrentMoney: principal posted in the window on bills whose BillMonth is one of the window's months. */
export const currentMoney = (c: DateWindow) =>
  sumIf(sql`j.paid_money`, sql`${posted(c)} and j.bill_month between ${c.monthFrom} and ${c.monthTo}`);
/** 追欠 RecoveredMoney (cash): principal posted in the window on bills of earlier months. */
export const recoveredCashMoney = (c: DateWindow) =>
  sumIf(sql`j.paid_money`, sql`${posted(c)} and j.bill_month < ${c.monthFrom}`);
/** 预收 AdvanceMoney (cash): principal posted in the window on bills of later months. */
export const advanceCashMoney = (c: DateWindow) =>
  sumIf(sql`j.paid_money`, sql`${posted(c)} and j.bill_month > ${c.monthTo}`);
/** 滞纳金 LateFeeMoney (cash): late fees posted in the window, net. */
export const lateFeeCashMoney = (c: DateWindow) => sumIf(sql`j.late_fee_money`, posted(c));
/** 优惠 DiscountMoney (cash): 减免 posted in the window. */
export const discountCashMoney = (c: DateWindow) => sumIf(sql`j.discount_money`, posted(c));
/** 费用实收 FeePaidMoney = 当期 + 追欠 + 预收 + 滞纳金, net of the voids and refunds posted in the window. */
export const feePaidMoney = (c: DateWindow) => sumIf(sql`(j.paid_money + j.late_fee_money)`, posted(c));
/** 其中退款 RefundMoney (fee part, positive): the 作废冲回 and 退款 rows posted in the window. */
export const feeRefundMoney = (c: DateWindow) =>
  sql`(-${sumIf(sql`(j.paid_money + j.late_fee_money)`, sql`${posted(c)} and j.event_type in (6, 7)`)})`;
/** 笔数 PayCount: receipts that paid bills in the window. */
export const feePayCount = (c: DateWindow) =>
  sql`count(distinct j.payment_id) filter (where ${posted(c)} and j.event_type = 5)`;
/** 户数 Rooms that paid bills in the window. */
export const feePayRooms = (c: DateWindow) =>
  sql`count(distinct ${roomKey}) filter (where ${posted(c)} and j.event_type = 5)`;
/** Journal rows posted in the window (prunes the scan). */
export const cashRows = (c: DateWindow) => posted(c);

// ---------------------------------------------------------------- tenders (资金)
const tenderJoins = sql`left join fee_reversals rv on rv.id = t.reversal_id
  left join fee_payments p on p.id = coalesce(t.payment_id, rv.payment_id)`;

/** A receipt's lines in order with the item each pays (null: 通用 top-up, 电表) and its money less its 预存抵扣. */
const receiptLines = (payment: SQL) => sql`select l.id as ord,
    case l.line_type when 1 then (select lb.item_id from fee_bills lb where lb.id = l.bill_id)
      when 2 then (select la.item_id from fee_prepaid_accounts la where la.id = l.account_id) end as item_id,
    l.line_money + case when l.line_type = 1 then coalesce((select sum(ld.amount_money) from fee_prepaid_txns ld
      where ld.payment_id = l.payment_id and ld.bill_id = l.bill_id and ld.txn_type = 3), 0) else 0 end as m
  from fee_payment_lines l where l.payment_id = ${payment}`;
/**
 * What a request (void, refund, 预存退款) gave back, in order, as positive money with its item: the bills' 作废冲回 /
 * 退款 journal rows, the top-ups taken back and the 预存退款 (their account's item), the meter money (no item).
 */
const requestLines = (
  reversal: SQL,
) => sql`select 1 as src, j.id as ord, j.item_id, -(j.paid_money + j.late_fee_money) as m
    from fee_journal j where j.reversal_id = ${reversal} and j.event_type in (6, 7)
  union all
  select 2, x.id, a.item_id, -x.amount_money from fee_prepaid_txns x join fee_prepaid_accounts a on a.id = x.account_id
    where x.reversal_id = ${reversal} and (x.txn_type = 4 or (x.txn_type = 5 and x.amount_money < 0))
  union all
  select 3, 0, null::int, -e.amount from ${meterFrom} where e.reversal_id = ${reversal}`;
/** The overlap of a line's money [hi − m, hi) with a tender's [hi − a, hi) (running totals in their orders). */
const overlap = sql`greatest(0::numeric, least(ln.hi, tn.hi) - greatest(ln.hi - ln.m, tn.hi - tn.a))`;

/**
 * Each tender split by the item it paid (fee-reports.md is silent; the rule a clerk matching the bank expects, one
 * rule for every tender column under a 收费项目/类别 filter): within a receipt, its 预存款抵扣 paid the bills its
 * deductions name (FeePrepaidTxn.BillId), and its other tenders, in the order taken, pay the rest of its lines in line
 * order; within a request, its tenders in order give back its lines in order (as 原路 does, fees/reversals.service).
 * A line's item: its bill's, its prepaid account's (通用: none), none for 电表充值. Exact to the fen: the shares of a
 * tender add up to it, and an item's shares to its lines (费用实收 + 预存充值 of the item).
 */
const tenderShares = () => sql`(select t0.id, t0.cmp_id, t0.payment_id, t0.reversal_id, t0.method, t0.cashier_id,
    t0.created_at, sh.item_id, sh.amount as amount_money
  from fee_payment_tenders t0 cross join lateral (
    select b.item_id, -sum(x.amount_money) as amount from fee_prepaid_txns x join fee_bills b on b.id = x.bill_id
      where t0.payment_id is not null and t0.method = 6 and x.payment_id = t0.payment_id and x.txn_type = 3
      group by b.item_id
    union all
    select ln.item_id, ${overlap}
      from (select rl.item_id, rl.m, sum(rl.m) over (order by rl.ord) as hi from (${receiptLines(sql`t0.payment_id`)}) rl) ln,
        (select tt.id, tt.amount_money as a, sum(tt.amount_money) over (order by tt.id) as hi from fee_payment_tenders tt
          where tt.payment_id = t0.payment_id and tt.method <> 6) tn
      where t0.payment_id is not null and t0.method <> 6 and tn.id = t0.id
    union all
    select ln.item_id, -${overlap}
      from (select rl.item_id, rl.m, sum(rl.m) over (order by rl.src, rl.ord) as hi
          from (${requestLines(sql`t0.reversal_id`)}) rl) ln,
        (select tt.id, -tt.amount_money as a, sum(-tt.amount_money) over (order by tt.id) as hi
          from fee_payment_tenders tt where tt.reversal_id = t0.reversal_id) tn
      where t0.reversal_id is not null and tn.id = t0.id
  ) sh where sh.amount <> 0) t`;

/**
 * Every tender with its payment (`p`, also a reversal's original payment) and reversal (`rv`): the money that moved,
 * positive on receipts, negative on refunds and voids, posted at `t.created_at` (the approval for a reversal) under
 * `t.cashier_id` (null = 系统). Under a 收费项目 or 类别 filter each tender is its shares of the item (`tenderShares`;
 * `tenderScope` keeps the item's), so every tender column follows the item filter by one rule.
 */
export const tenderFrom = (s: ReportScope): SQL =>
  itemFiltered(s) ? sql`${tenderShares()} ${tenderJoins}` : sql`fee_payment_tenders t ${tenderJoins}`;
/** The community a tender belongs to. */
export const tenderCommunity = sql`coalesce(p.community_id, rv.community_id)`;
/** The 楼栋 a tender belongs to: its payment's room, or the refunded prepaid account's. */
export const tenderRoom = sql`coalesce(p.room_id, (select pa.room_id from fee_prepaid_accounts pa where pa.id = rv.account_id))`;
export function tenderScope(s: ReportScope, c: TimeBounds): SQL {
  const parts: SQL[] = [
    sql`t.cmp_id = ${s.cmpId}`,
    sql`${tenderCommunity} = any(${idList(s.communityIds)}::int[])`,
    within(sql`t.created_at`, c),
  ];
  if (s.buildingId)
    parts.push(sql`exists (select 1 from rooms tr where tr.id = ${tenderRoom} and tr.building_id = ${s.buildingId})`);
  parts.push(...itemConds(s, sql`t.item_id`));
  return sql.join(parts, sql` and `);
}
export const TENDER_METHODS = [
  { method: 1, field: 'CashMoney', name: '现金' },
  { method: 2, field: 'WechatMoney', name: '微信' },
  { method: 3, field: 'AlipayMoney', name: '支付宝' },
  { method: 4, field: 'PosMoney', name: 'POS刷卡' },
  { method: 5, field: 'BankMoney', name: '银行转账' },
  { method: 6, field: 'PrepaidUsedMoney', name: '预存款抵扣' },
] as const;
/** Net tender of one method (Cash … PrepaidUsed): receipts less the refunds and voids. */
export const methodMoney = (method: number) => sumIf(sql`t.amount_money`, sql`t.method = ${sql.raw(String(method))}`);
/** 收款 ReceivedMoney: positive tenders. */
export const receivedMoney = (cond?: SQL) =>
  sumIf(sql`t.amount_money`, cond ? sql`t.amount_money > 0 and ${cond}` : sql`t.amount_money > 0`);
/** 退款 RefundMoney (tenders, positive): the negative tenders (per method in 收款方式汇总表). */
export const tenderRefundMoney = (cond?: SQL) =>
  sql`(-${sumIf(sql`t.amount_money`, cond ? sql`t.amount_money < 0 and ${cond}` : sql`t.amount_money < 0`)})`;
/**
 * 退款 paid out (收费日报, 收款趋势图; as FeeHandover's RefundMoney): the negative tenders of 现金 … 银行转账, shown
 * positive. A refund 转预存 and a reversed 预存款抵扣 come back into prepaid as 冲正 (a negative 预存款抵扣 tender,
 * fees.md "Payments and balances"): no money leaves, so they are no 退款 here; the net 预存款抵扣 column shows them.
 */
export const paidOutRefundMoney = () => tenderRefundMoney(sql`t.method <> 6`);
/** 净额 / 合计 NetMoney, TotalMoney: every tender, 预存款抵扣 included. */
export const netMoney = (cond?: SQL) => sumIf(sql`t.amount_money`, cond);
/** 资金收款 FundMoney: every tender but 预存款抵扣. */
export const fundMoney = (cond?: SQL) =>
  sumIf(sql`t.amount_money`, cond ? sql`t.method <> 6 and ${cond}` : sql`t.method <> 6`);
/** 笔数 of tenders: receipts with a positive tender. */
export const tenderPayCount = (cond?: SQL) =>
  sql`count(distinct t.payment_id) filter (where t.payment_id is not null ${cond ? sql`and ${cond}` : sql``})`;
/** 作废笔数 VoidCount: voids posted. */
export const voidCount = () => sql`count(distinct t.reversal_id) filter (where rv.reversal_type = 1)`;

// ---------------------------------------------------------------- prepaid (FeePrepaidTxn)
export const prepaidFrom = sql`fee_prepaid_txns x join fee_prepaid_accounts a on a.id = x.account_id`;
/**
 * Company, communities, 楼栋, 收费项目 and 类别 on the prepaid alias `x`/`a` (no time condition: 期初 reads before the
 * window). A txn belongs to its account's item: under a 收费项目 or 类别 filter the txns of that item's accounts count
 * (a top-up into the 物业费 account is 物业费 money), and a 通用 account's (ItemId 0) only without such a filter. Every
 * prepaid figure (预存充值, 预存抵扣, 期初 … 期末) and every report built on them (costcollect, costdetails, the 预存
 * reports, 收款趋势图) follows this one rule.
 */
export function prepaidScope(s: ReportScope): SQL {
  const parts: SQL[] = [sql`x.cmp_id = ${s.cmpId}`, sql`a.community_id = any(${idList(s.communityIds)}::int[])`];
  if (s.buildingId) parts.push(sql`a.room_id in (select pr.id from rooms pr where pr.building_id = ${s.buildingId})`);
  parts.push(...itemConds(s, sql`a.item_id`));
  return sql.join(parts, sql` and `);
}
const px = sql`x.created_at`;
/** 期初 OpeningMoney: the balance before D1. */
export const prepaidOpeningMoney = (c: TimeBounds) => sumIf(sql`x.amount_money`, before(px, c));
const txn = (c: TimeBounds, types: string) => sql`${within(px, c)} and x.txn_type in (${sql.raw(types)})`;
/** 充值 TopUpMoney = 充值 + 多收转入. */
export const prepaidTopUpMoney = (c: TimeBounds) => sumIf(sql`x.amount_money`, txn(c, '1, 2'));
/** 抵扣 DeductMoney (positive). */
export const prepaidDeductMoney = (c: TimeBounds) => sql`(-${sumIf(sql`x.amount_money`, txn(c, '3'))})`;
/** 退款 RefundMoney (positive). */
export const prepaidRefundMoney = (c: TimeBounds) => sql`(-${sumIf(sql`x.amount_money`, txn(c, '4'))})`;
/** 冲正 ReverseMoney (signed: + a deduction given back, − a top-up taken back). */
export const prepaidReverseMoney = (c: TimeBounds) => sumIf(sql`x.amount_money`, txn(c, '5'));
/** 期末 ClosingMoney: the balance at T (= 期初 + 充值 − 抵扣 − 退款 + 冲正). */
export const prepaidClosingMoney = (c: TimeBounds) => sumIf(sql`x.amount_money`, asOf(px, c));
/** 预存充值 PrepaidTopUpMoney (cash): top-ups (多收转入 included) less 预存退款 and reversed top-ups. */
export const prepaidTopUpCashMoney = (c: TimeBounds) =>
  sumIf(
    sql`x.amount_money`,
    sql`${within(px, c)} and (x.txn_type in (1, 2, 4) or (x.txn_type = 5 and x.amount_money < 0))`,
  );
/** 预存抵扣 PrepaidUsedMoney (cash): deductions less 冲正 (the net tender of 预存款抵扣). */
export const prepaidUsedCashMoney = (c: TimeBounds) =>
  sql`(-${sumIf(sql`x.amount_money`, sql`${within(px, c)} and (x.txn_type = 3 or (x.txn_type = 5 and x.amount_money > 0))`)})`;

// ---------------------------------------------------------------- 电表充值
/**
 * 电表充值 events: each meter line at its payment's posting time, and its refund or void at the approval (a void
 * takes what earlier refunds left). Columns: cmp_id, community_id, room_id, cashier_id, event_time, amount,
 * payment_id, reversal_id (null on the line's own row).
 */
export const meterFrom = sql`(
  select l.cmp_id, mp.community_id, mp.room_id, mp.cashier_id, mp.created_at as event_time, l.line_money as amount,
    mp.id as payment_id, null::int as reversal_id
    from fee_payment_lines l join fee_payments mp on mp.id = l.payment_id where l.line_type = 3
  union all
  select l.cmp_id, mp.community_id, mp.room_id, coalesce((select mt.cashier_id from fee_payment_tenders mt
      where mt.reversal_id = mr.id limit 1), mr.applicant_id), mr.approve_time,
    -(case when mr.reversal_type = 1 then l.line_money - coalesce((select sum((e2->>'RefundMoney')::numeric)
        from fee_reversals r2, jsonb_array_elements(r2.lines) e2
        where r2.payment_id = mr.payment_id and r2.state = 2 and r2.reversal_type = 2
          and (e2->>'PaymentLineId')::int = l.id), 0)
      else (select coalesce(sum((e1->>'RefundMoney')::numeric), 0) from jsonb_array_elements(mr.lines) e1
        where (e1->>'PaymentLineId')::int = l.id) end), mp.id, mr.id
    from fee_reversals mr join fee_payments mp on mp.id = mr.payment_id
    join fee_payment_lines l on l.payment_id = mr.payment_id and l.line_type = 3
    where mr.state = 2 and mr.reversal_type in (1, 2)
) e`;
export function meterScope(s: ReportScope, c: TimeBounds): SQL {
  const parts: SQL[] = [
    sql`e.cmp_id = ${s.cmpId}`,
    sql`e.community_id = any(${idList(s.communityIds)}::int[])`,
    within(sql`e.event_time`, c),
  ];
  if (s.buildingId)
    parts.push(sql`e.room_id in (select mr2.id from rooms mr2 where mr2.building_id = ${s.buildingId})`);
  // 电表充值 belongs to no 收费项目: a 收费项目 or 类别 filter leaves it out.
  if (itemFiltered(s)) parts.push(sql`false`);
  return sql.join(parts, sql` and `);
}
/** 电表充值 MeterTopUpMoney: recharges less their refunds. */
export const meterTopUpMoney = () => sumIf(sql`e.amount`);

/** Principal posted in the window (当期 + 追欠 + 预收): yjzl's 本日收款. */
export const postedPaidMoney = (c: DateWindow) =>
  sql`(${currentMoney(c)} + ${recoveredCashMoney(c)} + ${advanceCashMoney(c)})`;

/**
 * Whose takings a journal row is (收款人): a reversal's under its tenders' cashier (the applicant of a refund, the
 * original cashier of a void), a receipt under its cashier; null = 系统.
 */
export const journalCashier = sql`(case when j.reversal_id is not null
  then coalesce((select jt.cashier_id from fee_payment_tenders jt where jt.reversal_id = j.reversal_id limit 1),
    (select jr.applicant_id from fee_reversals jr where jr.id = j.reversal_id))
  else (select jp.cashier_id from fee_payments jp where jp.id = j.payment_id) end)`;
