import { type SQL, sql } from 'drizzle-orm';
import type { DateWindow, ReportScope } from './filters';
import { journalSource } from './journal-source';
import { journalCashier, journalScope, meterFrom, meterScope, prepaidFrom, prepaidScope, within } from './measures';

/**
 * The cash entries of a 收款日期 window (fee-reports.md "Cash measures") at their finest grain, read from the very
 * rows the cash measures sum (measures.ts): bill money from the journal (收款, 作废冲回, 退款 rows), 预存充值 from
 * the prepaid txns the measure counts (充值, 多收转入, 预存退款, a top-up taken back), 电表充值 from the meter events.
 * So Σ of an entry column equals its measure (费用实收, 预存充值, 电表充值), and Σ paid equals Σ tenders of the window.
 *
 * Columns: k (a unique key), src and sid (the same key as numbers: 1 journal row id, 2 prepaid txn id, 3 meter line
 * by payment id, 4 meter reversal by reversal id), entry_type (1 收款 2 冲回 3 退款), event_time, payment_id, reversal_id,
 * community_id, building_id, room_id, item_id, bill_id, bill_month, line_type (1 账单 2 预存 3 电表), principal,
 * late_fee, discount, paid, cashier_id (null = 系统).
 *
 * (event_time, src, sid) orders the entries totally, and each source can stream it from an index (the journal's
 * cash rows by fee_journal_cash_idx, the txns by fee_prepaid_txns_scope_idx), so a page reads only the rows before
 * it (`cashEntryOrder`).
 */
export interface CashScope {
  scope: ReportScope;
  dates: DateWindow;
  /** Only these entries: a query answering (src, sid) rows, e.g. one page's keys. */
  only?: SQL;
  /**
   * Only the first `n` entries of each source in `cashEntryOrder` that pass `filter` (a select over the entries of one
   * source, `(e) => sql\`select … from ${e} …\``): a page's candidates, each source read from its index up to there.
   */
  top?: { n: number; desc: boolean; filter(entries: SQL): SQL };
}

/** The entries' total order, newest first (or oldest first), over an alias of `cashEntries`. */
export const cashEntryOrder = (e: SQL, desc = true): SQL => {
  const dir = desc ? sql`desc` : sql`asc`;
  return sql`${e}.event_time ${dir}, ${e}.src ${dir}, ${e}.sid ${dir}`;
};

/** 2 冲回 for a void, 3 退款 for any other request; 1 收款 without one. */
const entryOf = (reversal: SQL) =>
  sql`(case when ${reversal} is null then 1
    when (select rt.reversal_type from fee_reversals rt where rt.id = ${reversal}) = 1 then 2 else 3 end)`;
/** The takings a request's money left, as `journalCashier` says it (its tenders' cashier, else the applicant). */
const reversalCashier = (reversal: SQL) =>
  sql`coalesce((select tc.cashier_id from fee_payment_tenders tc where tc.reversal_id = ${reversal} limit 1),
    (select ra.applicant_id from fee_reversals ra where ra.id = ${reversal}))`;

/** The three sources of the entries, each a SELECT of the entry columns. */
function entrySources({ scope: s, dates: c, only }: CashScope) {
  const pick = (src: number, id: SQL) =>
    only ? sql`and ${id} in (select o.sid from (${only}) o where o.src = ${sql.raw(String(src))})` : sql``;
  // Under a 收费项目 or 类别 filter the scopes of measures.ts decide what stays: the top-ups of that item's accounts
  // (not 通用's), no meter money.
  const bills = sql`select 'j' || j.id as k, 1 as src, j.id as sid, case j.event_type when 5 then 1 when 6 then 2 else 3 end as entry_type,
      j.event_time, j.payment_id, j.reversal_id, j.community_id, j.building_id, j.room_id, j.item_id, j.bill_id,
      j.bill_month, 1 as line_type, j.paid_money as principal, j.late_fee_money as late_fee,
      case when j.event_type = 5 then coalesce((select pl.discount_money from fee_payment_lines pl
        where pl.id = j.payment_line_id), 0) else j.discount_money end as discount,
      j.paid_money + j.late_fee_money as paid,
      ${journalCashier} as cashier_id
    from fee_journal j
    where ${journalScope(s)} and ${within(sql`j.event_time`, c)} and j.event_type in (5, 6, 7) ${pick(1, sql`j.id`)}`;
  const prepaid = sql`select 'x' || x.id as k, 2 as src, x.id as sid, ${entryOf(sql`x.reversal_id`)} as entry_type,
      x.created_at as event_time, x.payment_id, x.reversal_id, a.community_id,
      (select xr.building_id from rooms xr where xr.id = a.room_id) as building_id, a.room_id, a.item_id,
      null::int as bill_id, null::varchar as bill_month, 2 as line_type, x.amount_money as principal,
      0::numeric as late_fee, 0::numeric as discount, x.amount_money as paid,
      case when x.reversal_id is null then (select xp.cashier_id from fee_payments xp where xp.id = x.payment_id)
        else ${reversalCashier(sql`x.reversal_id`)} end as cashier_id
    from ${prepaidFrom}
    where ${prepaidScope(s)} and ${within(sql`x.created_at`, c)}
      and (x.txn_type in (1, 2, 4) or (x.txn_type = 5 and x.amount_money < 0)) ${pick(2, sql`x.id`)}`;
  const meterSrc = sql`(case when e.reversal_id is null then 3 else 4 end)`;
  const meterId = sql`coalesce(e.reversal_id, e.payment_id)`;
  const meter = sql`select 'e' || coalesce(e.reversal_id, 0) || ':' || e.payment_id as k, ${meterSrc} as src,
      ${meterId} as sid, ${entryOf(sql`e.reversal_id`)} as entry_type, e.event_time, e.payment_id, e.reversal_id,
      e.community_id, (select er.building_id from rooms er where er.id = e.room_id) as building_id, e.room_id,
      null::int as item_id, null::int as bill_id, null::varchar as bill_month, 3 as line_type, e.amount as principal,
      0::numeric as late_fee, 0::numeric as discount, e.amount as paid, e.cashier_id
    from ${meterFrom}
    where ${meterScope(s, c)} and e.amount <> 0
      ${only ? sql`and (${meterSrc}, ${meterId}) in (select o.src, o.sid from (${only}) o)` : sql``}`;
  return { bills, prepaid, meter };
}

export function cashEntries(cs: CashScope): SQL {
  const { bills, prepaid, meter } = entrySources(cs);
  const { top } = cs;
  const cut = (branch: SQL) =>
    top
      ? sql`(select f.* from (${top.filter(sql`(${branch})`)}) f order by ${cashEntryOrder(sql`f`, top.desc)}
          limit ${top.n})`
      : branch;
  return sql`(${cut(bills)} union all ${cut(prepaid)} union all ${cut(meter)})`;
}

/**
 * Σ principal, late_fee, discount and paid over every entry of the window, as rows to be summed: what a sum over
 * `cashEntries` answers, without reading the bill entries one by one. Their money is the journal's cash rows, summed
 * from the rollup (`journalSource`); a 收款 entry's 优惠 is its payment line's counter 减免, which only the few
 * discounted lines carry (a lookup per entry took 1.8 s of a year's 2 s). Prepaid and meter entries as they are.
 */
export function cashEntryTotals(cs: CashScope): SQL {
  const { scope: s, dates: c } = cs;
  const { prepaid, meter } = entrySources(cs);
  return sql`select sum(j.paid_money) as principal, sum(j.late_fee_money) as late_fee,
      sum(case when j.event_type = 5 then 0 else j.discount_money end) as discount,
      sum(j.paid_money + j.late_fee_money) as paid
    from ${journalSource(s.cmpId, c)}
    where ${journalScope(s)} and ${within(sql`j.event_time`, c)} and j.event_type in (5, 6, 7)
    union all
    select 0, 0, sum(pl.discount_money), 0
    from fee_payment_lines pl join fee_journal j on j.payment_line_id = pl.id and j.event_type = 5
    where pl.cmp_id = ${s.cmpId} and pl.discount_money <> 0 and ${journalScope(s)} and ${within(sql`j.event_time`, c)}
    union all
    select e.principal, e.late_fee, e.discount, e.paid from (${prepaid} union all ${meter}) e`;
}

/** 性质 1 当期 2 追欠 3 预收 (a bill's BillMonth against the window's months), 4 预存, 5 电表. */
export const natureOf = (e: SQL, c: DateWindow) =>
  sql`(case when ${e}.line_type = 2 then 4 when ${e}.line_type = 3 then 5
    when ${e}.bill_month < ${c.monthFrom} then 2 when ${e}.bill_month > ${c.monthTo} then 3 else 1 end)`;
