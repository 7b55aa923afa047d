import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { todayIn } from '../../core/dates';

/**
 * The fee demo (fees.md / fee-reports.md "Demo data"): the prepaid top-ups span the demo's months, so 预存款汇总 of
 * this month opens with a balance, and today one cashier's takings wait for finance (待确认) while the other's are open.
 */
let t: TestApp;
let admin: string;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  today = todayIn(t.deps.now(), 'Asia/Shanghai');
});
afterAll(() => t.close());

const api = async <T>(path: string, body: Record<string, unknown>, token = admin) => {
  const r = await t.api<T>(path, body, token);
  if (r.ret !== 0) throw new Error(`${path}: ${r.msg}`);
  return r;
};

describe('fee demo', () => {
  it('the desk top-ups are spread over more than a year, and each account agrees with its ledger', async () => {
    const [m] = await sqlRows<{ months: number; oldest: number }>(
      t.db,
      sql`select count(distinct to_char(x.created_at at time zone 'Asia/Shanghai', 'YYYY-MM'))::int as months,
            max(${today}::date - (x.created_at at time zone 'Asia/Shanghai')::date)::int as oldest
          from fee_prepaid_txns x join fee_payments p on p.id = x.payment_id
          where x.txn_type = 1 and p.request_id like 'demo-topup-%'`,
    );
    expect(m!.months).toBeGreaterThanOrEqual(12);
    expect(m!.oldest).toBeGreaterThan(365);
    const off = await sqlRows<{ id: number }>(
      t.db,
      sql`select a.id from fee_prepaid_accounts a
          left join lateral (select sum(x.amount_money) as s, max(x.created_at) as last from fee_prepaid_txns x
            where x.account_id = a.id) x on true
          where a.balance_money <> coalesce(x.s, 0) or a.last_txn_time is distinct from x.last`,
    );
    expect(off).toEqual([]);
    // Each top-up payment is one 预存 line, one tender and one 充值 txn of the same money, at the same time.
    const bad = await sqlRows<{ id: number }>(
      t.db,
      sql`select p.id from fee_payments p
          join fee_payment_lines l on l.payment_id = p.id
          join fee_payment_tenders d on d.payment_id = p.id and d.amount_money > 0
          join fee_prepaid_txns x on x.payment_id = p.id and x.txn_type = 1
          where p.request_id like 'demo-topup-%'
            and (l.line_type <> 2 or l.account_id <> x.account_id or l.line_money <> p.paid_money
              or d.amount_money <> p.paid_money or x.amount_money <> p.paid_money
              or d.created_at <> p.created_at or x.created_at <> p.created_at or p.pay_time <> p.created_at)`,
    );
    expect(bad).toEqual([]);
  });

  it('receipt numbers of a year follow the payment time and have no gaps', async () => {
    const [r] = await sqlRows<{ out_of_order: number; gaps: number }>(
      t.db,
      sql`with n as (
            select substr(receipt_no, 3, 4) as yr, substr(receipt_no, 7)::int as no, created_at
            from fee_payments
            where receipt_no like 'SF%' and request_id like 'demo-%' and request_id not like 'demo-day-%'),
          o as (select created_at < lag(created_at) over (partition by yr order by no) as back from n)
          select (select count(*)::int from o where back) as out_of_order,
            (select count(*)::int from (select yr, max(no) - count(*) as gap from fee_payments p,
               lateral (select substr(p.receipt_no, 3, 4) as yr, substr(p.receipt_no, 7)::int as no) y
               where p.receipt_no like 'SF%' group by yr) g where g.gap <> 0) as gaps`,
    );
    expect(r).toEqual({ out_of_order: 0, gaps: 0 });
  });

  it('预存款汇总 of this month opens with the earlier top-ups', async () => {
    const body = { DateFrom: `${today.slice(0, 8)}01`, DateTo: today, GroupBy: 1 };
    const rows = await api<{ OpeningMoney: string; ClosingMoney: string }[]>('/FeeReport/YckHzList', body);
    const opening = rows.data.reduce((s, r) => s + Math.round(Number(r.OpeningMoney) * 100), 0);
    expect(opening).toBeGreaterThan(0);
  });

  it('today cashier2 has handed over (待确认) and cashier has not; 对账检查 of today is all ✓', async () => {
    const list = await api<{ CashierName: string; StateName: string; ToTime: string }[]>('/FeeHandover/List', {
      State: 1,
    });
    const [c2] = await sqlRows<{ name: string }>(t.db, sql`select name from users where account = 'cashier2'`);
    expect(list.data.map((h) => [h.CashierName, h.StateName, h.ToTime.slice(0, 10)])).toEqual([
      [c2!.name, '待确认', today],
    ]);
    const cashier = await t.login('cashier', 'Cashier@123');
    const pv = await api<{ Count: number }>('/FeeHandover/Preview', {}, cashier);
    expect(pv.data.Count).toBeGreaterThan(0);
    const rec = await api<{ Checks: { Ok: boolean; Code: number }[] }>('/FeeReport/Reconcile', {
      DateFrom: today,
      DateTo: today,
    });
    expect(rec.data.Checks.filter((c) => !c.Ok)).toEqual([]);
  });
});
