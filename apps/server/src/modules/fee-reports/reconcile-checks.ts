import { fenToMoney, toFen } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import type { DateWindow, ReportScope } from './filters';
import { within } from './measures';

/**
 * The money-level checks of 对账检查 (fee-reports.md, checks 1–5 and 7). Each reads the stored rows directly (never a
 * report's query), so a report that drifts from the rows shows up in check 6 against these same rows.
 */
export interface Sample {
  Ref: string;
  Text: string;
}

export interface Check {
  Code: number;
  Name: string;
  Ok: boolean;
  ExpectedMoney: string | null;
  ActualMoney: string | null;
  DiffMoney: string;
  Samples: Sample[];
}

export const MAX_SAMPLES = 20;

export function check(code: number, name: string, expected: string, actual: string, samples: Sample[]): Check {
  const diff = fenToMoney(toFen(actual) - toFen(expected));
  return {
    Code: code,
    Name: name,
    Ok: toFen(diff) === 0 && samples.length === 0,
    ExpectedMoney: fenToMoney(toFen(expected)),
    ActualMoney: fenToMoney(toFen(actual)),
    DiffMoney: diff,
    Samples: samples.slice(0, MAX_SAMPLES),
  };
}

const arr = (xs: number[]) => sql`${`{${xs.join(',')}}`}::int[]`;
const inWindow = (col: SQL, w: DateWindow) => within(col, w);

interface Pair {
  ref: string;
  expected: string;
  actual: string;
}

/** Runs a per-row comparison and answers the totals and the offending rows (those whose two sides differ). */
async function compare(db: Tx, rows: SQL): Promise<{ expected: string; actual: string; bad: Pair[] }> {
  const [tot] = await sqlRows<{ e: string; a: string }>(
    db,
    sql`select coalesce(sum(expected), 0)::numeric(14,2)::text as e, coalesce(sum(actual), 0)::numeric(14,2)::text as a
        from ${rows} x`,
  );
  const bad = await sqlRows<Pair>(
    db,
    sql`select ref, expected::numeric(14,2)::text as expected, actual::numeric(14,2)::text as actual from ${rows} x
        where expected <> actual or mismatch order by ref limit ${MAX_SAMPLES}`,
  );
  return { expected: tot!.e, actual: tot!.a, bad };
}

/** 1. Each payment's tenders equal its lines. */
export async function tendersMatchLines(db: Tx, s: ReportScope, w: DateWindow): Promise<Check> {
  const r = await compare(
    db,
    sql`(select p.receipt_no as ref,
          (select coalesce(sum(l.line_money), 0) from fee_payment_lines l where l.payment_id = p.id) as expected,
          (select coalesce(sum(t.amount_money), 0) from fee_payment_tenders t where t.payment_id = p.id) as actual, false as mismatch
        from fee_payments p
        where p.cmp_id = ${s.cmpId} and p.community_id = any(${arr(s.communityIds)}) and ${inWindow(sql`p.created_at`, w)})`,
  );
  return check(
    1,
    '收款单支付方式与明细一致',
    r.expected,
    r.actual,
    r.bad.map((b) => ({ Ref: b.ref, Text: `${b.ref}：明细¥${b.expected}，支付¥${b.actual}` })),
  );
}

/** 2. Bill lines equal their 收款/作废冲回/退款 journal rows. */
export async function linesMatchJournal(db: Tx, s: ReportScope, w: DateWindow): Promise<Check> {
  const r = await compare(
    db,
    sql`(select p.receipt_no || '#' || l.id as ref, l.line_money - l.refunded_money as expected,
          (select coalesce(sum(j.paid_money + j.late_fee_money), 0) from fee_journal j
            where j.payment_line_id = l.id and j.event_type in (5, 6, 7)) as actual, false as mismatch
        from fee_payment_lines l join fee_payments p on p.id = l.payment_id
        where l.cmp_id = ${s.cmpId} and l.line_type = 1 and p.community_id = any(${arr(s.communityIds)})
          and ${inWindow(sql`p.created_at`, w)})`,
  );
  return check(
    2,
    '账单明细与收款流水一致',
    r.expected,
    r.actual,
    r.bad.map((b) => ({ Ref: b.ref, Text: `${b.ref}：明细¥${b.expected}，流水¥${b.actual}` })),
  );
}

/**
 * 3. Each bill touched in the window equals the sum of its journal rows (all four money fields). The window's journal
 * rows name the bills, in the scope's communities (a bill's rows carry its community), and each is then read by its
 * key: walking every bill of a large company for an EXISTS took ten seconds for one day, and a community condition on
 * the bills let PGlite (no statistics) scan a community's bills for each one.
 */
export async function billsMatchJournal(db: Tx, s: ReportScope, w: DateWindow): Promise<Check> {
  const r = await compare(
    db,
    sql`(with tb as materialized (select distinct j.bill_id from fee_journal j where j.cmp_id = ${s.cmpId}
            and j.community_id = any(${arr(s.communityIds)}) and ${inWindow(sql`j.event_time`, w)})
        select 'B' || b.id || ' ' || b.period as ref,
          b.amount_money + b.discount_money + b.paid_money + b.late_fee_paid_money as expected,
          s.amount + s.discount + s.paid + s.late as actual,
          (b.amount_money, b.discount_money, b.paid_money, b.late_fee_paid_money) <> (s.amount, s.discount, s.paid, s.late) as mismatch
        from tb join fee_bills b on b.id = tb.bill_id
        cross join lateral (select coalesce(sum(j.amount_money), 0) as amount, coalesce(sum(j.discount_money), 0) as discount,
            coalesce(sum(j.paid_money), 0) as paid, coalesce(sum(j.late_fee_money), 0) as late
          from fee_journal j where j.bill_id = b.id) s
        where b.cmp_id = ${s.cmpId})`,
  );
  return check(
    3,
    '账单金额与流水一致',
    r.expected,
    r.actual,
    r.bad.map((b) => ({ Ref: b.ref, Text: `账单${b.ref}：账单¥${b.expected}，流水¥${b.actual}` })),
  );
}

/** 4. Each prepaid balance equals its txns, and none is negative. */
export async function prepaidMatchTxns(db: Tx, s: ReportScope): Promise<Check> {
  const rows = sql`(select coalesce(r.full_name, '') || '/' || a.id as ref, a.balance_money as expected,
        (select coalesce(sum(x.amount_money), 0) from fee_prepaid_txns x where x.account_id = a.id) as actual,
        false as mismatch, a.balance_money < 0 or exists (select 1 from fee_prepaid_txns x where x.account_id = a.id and x.balance_after_money < 0) as negative
      from fee_prepaid_accounts a left join rooms r on r.id = a.room_id
      where a.cmp_id = ${s.cmpId} and a.community_id = any(${arr(s.communityIds)}))`;
  const r = await compare(db, rows);
  const negative = await sqlRows<{ ref: string }>(
    db,
    sql`select ref from ${rows} x where negative order by ref limit 20`,
  );
  return check(4, '预存余额与流水一致', r.expected, r.actual, [
    ...r.bad.map((b) => ({ Ref: b.ref, Text: `预存账户${b.ref}：余额¥${b.expected}，流水¥${b.actual}` })),
    ...negative.map((n) => ({ Ref: n.ref, Text: `预存账户${n.ref}：余额为负` })),
  ]);
}

/**
 * 5. SF and TK numbers have no gaps in any year (company-wide: the numbers are). Numbers are unique per company, so a
 * year whose count of issued numbers in 1…last_no equals last_no has none missing: only a year short of it is walked
 * number by number for samples (a year of a large company holds a million receipts).
 */
export async function receiptNumbersGapless(db: Tx, cmpId: number): Promise<Check> {
  const no = (n: SQL) => sql`s.prefix || s.year || lpad(${n}::text, 6, '0')`;
  const inYear = (col: SQL) =>
    sql`${col} between ${no(sql`1`)} and ${no(sql`s.last_no`)} and length(${col}) = length(${no(sql`1`)})`;
  const short = sql`(select s.prefix, s.year, s.last_no from fee_receipt_seqs s
      where s.cmp_id = ${cmpId} and s.last_no > (case when s.prefix = 'SF'
        then (select count(*) from fee_payments p where p.cmp_id = ${cmpId} and ${inYear(sql`p.receipt_no`)})
        else (select count(*) from fee_reversals v where v.cmp_id = ${cmpId} and ${inYear(sql`v.refund_no`)}) end))`;
  const missing = await sqlRows<{ no: string }>(
    db,
    sql`select ${no(sql`n`)} as no
        from ${short} s cross join generate_series(1, s.last_no) n
        where not exists (
          select 1 from fee_payments p where s.prefix = 'SF' and p.cmp_id = ${cmpId} and p.receipt_no = ${no(sql`n`)}
          union all
          select 1 from fee_reversals v where s.prefix = 'TK' and v.cmp_id = ${cmpId} and v.refund_no = ${no(sql`n`)})
        order by 1 limit ${MAX_SAMPLES}`,
  );
  return {
    Code: 5,
    Name: '票据号连续',
    Ok: missing.length === 0,
    ExpectedMoney: null,
    ActualMoney: null,
    DiffMoney: '0.00',
    Samples: missing.map((m) => ({ Ref: m.no, Text: `缺号 ${m.no}` })),
  };
}

/**
 * 7. Each hand-over (not returned) submitted in the window equals its cashier's tenders (methods 1–5, net) between his
 * previous hand-over and its ToTime — the window Submit itself sums.
 */
export async function handoversMatchPayments(db: Tx, s: ReportScope, w: DateWindow): Promise<Check> {
  const r = await compare(
    db,
    sql`(select 'H' || h.id || ' ' || coalesce(u.name, '') as ref, h.total_money as actual,
          (select coalesce(sum(t.amount_money), 0) from fee_payment_tenders t
            where t.cmp_id = h.cmp_id and t.cashier_id = h.cashier_id and t.method <> 6 and t.created_at <= h.to_time
              and t.created_at > coalesce((select max(p.to_time) from fee_handovers p where p.cmp_id = h.cmp_id
                and p.cashier_id = h.cashier_id and p.state <> 3 and p.to_time < h.to_time), '-infinity')) as expected, false as mismatch
        from fee_handovers h left join users u on u.id = h.cashier_id
        where h.cmp_id = ${s.cmpId} and h.state <> 3 and ${inWindow(sql`h.created_at`, w)}
          and exists (select 1 from fee_payments p where p.handover_id = h.id and p.community_id = any(${arr(s.communityIds)})))`,
  );
  return check(
    7,
    '交班与收款一致',
    r.expected,
    r.actual,
    r.bad.map((b) => ({ Ref: b.ref, Text: `交班${b.ref}：交班¥${b.actual}，收款¥${b.expected}` })),
  );
}
