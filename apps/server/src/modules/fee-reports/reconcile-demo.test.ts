import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { todayIn } from '../../core/dates';
import { clerkWith } from '../properties/test-helpers';

/**
 * The demo data (fees.md / fee-reports.md "Demo data") reconciles: 对账检查 over the demo window is all ✓, each
 * report's 合计 equals its rows, past months have their 应收, and a clerk of one community sees none of the other's.
 */
let t: TestApp;
let admin: string;
let from: string;
let today: string;
let sunny: number;
let lake: number;

const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

interface Check {
  Code: number;
  Ok: boolean;
  DiffMoney: string;
  Samples: unknown[];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  today = todayIn(t.deps.now(), 'Asia/Shanghai');
  from = daysBefore(today, 365);
  const cs = await sqlRows<{ id: number; name: string }>(t.db, sql`select id, name from communities order by id`);
  sunny = cs.find((c) => c.name === '阳光花园')!.id;
  lake = cs.find((c) => c.id !== sunny)!.id;
});
afterAll(() => t.close());

const api = async <T>(path: string, body: Record<string, unknown>, token = admin) => {
  const r = await t.api<T>(path, body, token);
  if (r.ret !== 0) throw new Error(`${path}: ${r.msg}`);
  return r;
};

describe('demo data', () => {
  it('对账检查 over the demo window (the last 366 days) and over each of the last days is all ✓', async () => {
    for (const [a, b] of [
      [from, today],
      [today, today],
      [daysBefore(today, 1), daysBefore(today, 1)],
      [daysBefore(today, 40), daysBefore(today, 10)],
    ]) {
      const r = await api<{ Checks: Check[] }>('/FeeReport/Reconcile', { DateFrom: a, DateTo: b });
      expect(r.data.Checks.map((c) => c.Code)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(r.data.Checks.filter((c) => !c.Ok)).toEqual([]);
    }
  });

  it('收费汇总表 预存充值 is net of the voided top-up, and equals the demo top-up payments less it', async () => {
    const s = await api<Record<string, string>>('/FeeReport/CostCollectSum', { DateFrom: from, DateTo: today });
    // The demo's top-ups span 14 months: those posted before the window are not in it.
    const [x] = await sqlRows<{ s: string }>(
      t.db,
      sql`select (sum(l.line_money) filter (where p.state <> 2))::text as s from fee_payment_lines l
          join fee_payments p on p.id = l.payment_id
          where l.line_type = 2 and l.created_at >= (${from}::date::timestamp at time zone 'Asia/Shanghai')`,
    );
    expect(s.data.PrepaidTopUpMoney).toBe(x!.s);
  });

  it('收费明细表 合计 equals the sum of every page', async () => {
    const body = { DateFrom: daysBefore(today, 60), DateTo: today };
    const sum = await api<Record<string, string>>('/FeeReport/CostDetailsSum', body);
    let fen = 0;
    let n = 0;
    for (let page = 1; ; page += 1) {
      const r = await api<{ PaidMoney: string }[]>('/FeeReport/CostDetailsList', {
        ...body,
        PgIndex: page,
        PgSize: 200,
      });
      for (const row of r.data) fen += Math.round(Number(row.PaidMoney) * 100);
      n += r.data.length;
      if (n >= (r.count ?? 0) || !r.data.length) break;
    }
    expect(n).toBeGreaterThan(0);
    expect((fen / 100).toFixed(2)).toBe(sum.data.PaidMoney);
  }, 120_000);

  it('past months keep their 应收 (the demo 出账 rows are dated at their BillDate)', async () => {
    const month = daysBefore(today, 100).slice(0, 7);
    const s = await api<Record<string, string>>('/FeeReport/ItemCollectSum', { PeriodFrom: month, PeriodTo: month });
    expect(Number(s.data.DueMoney)).toBeGreaterThan(0);
    expect(Number(s.data.PaidMoney)).toBeLessThanOrEqual(Number(s.data.DueMoney));
    const y = Number(month.slice(0, 4));
    const a = await api<Record<string, string>>('/FeeReport/AnnulCommunitySum', { Year: y });
    expect(Number(a.data[`M${month.slice(5)}Money`])).toBeGreaterThan(0);
  });

  it('a clerk of one community sees none of the other community’s money', async () => {
    const clerk = await clerkWith(t, admin, [{ RoleKey: 'sfgl_sfbb', Btn: 'export' }], [sunny]);
    const body = { DateFrom: from, DateTo: today };
    const s = await api<Record<string, string>>('/FeeReport/CostCollectSum', body, clerk);
    const [own] = await sqlRows<{ s: string }>(
      t.db,
      sql`select coalesce(sum(x.amount_money) filter (where x.txn_type in (1, 2, 4) or (x.txn_type = 5 and x.amount_money < 0)), 0)::numeric(14,2)::text as s
          from fee_prepaid_txns x join fee_prepaid_accounts a on a.id = x.account_id where a.community_id = ${sunny}`,
    );
    expect(s.data.PrepaidTopUpMoney).toBe(own!.s);
    const rows = await api<{ CommunityId: number }[]>('/FeeReport/CostDetailsList', { ...body, PgSize: 200 }, clerk);
    expect(rows.data.every((r) => r.CommunityId === sunny)).toBe(true);
    const m = await api<{ CommunityId: number }[]>('/FeeReport/PaymentMethodCollectList', { ...body, Pivot: 1 }, clerk);
    expect(m.data.map((r) => r.CommunityId)).toEqual([sunny]);
    const other = await t.api('/FeeReport/CostCollectList', { ...body, CommunityIds: [lake] }, clerk);
    expect(other.ret).not.toBe(0);
    expect(other.msg).toBe('数据不存在');
    const rec = await api<{ Checks: Check[] }>('/FeeReport/Reconcile', body, clerk);
    expect(rec.data.Checks.every((c) => c.Ok)).toBe(true);
  });
  it('票据号连续 names the numbers missing from a year, SF and TK alike (runs last: it leaves gaps)', async () => {
    const seqs = await sqlRows<{ prefix: string; year: number; last_no: number }>(
      t.db,
      sql`select prefix, year, last_no from fee_receipt_seqs order by prefix, year desc`,
    );
    const sf = seqs.find((q) => q.prefix === 'SF')!;
    const tk = seqs.find((q) => q.prefix === 'TK')!;
    await t.db.execute(
      sql`update fee_receipt_seqs set last_no = last_no + 2 where prefix = 'SF' and year = ${sf.year}`,
    );
    await t.db.execute(
      sql`update fee_receipt_seqs set last_no = last_no + 1 where prefix = 'TK' and year = ${tk.year}`,
    );
    const no = (p: string, y: number, n: number) => `${p}${y}${String(n).padStart(6, '0')}`;
    const r = await api<{ Checks: Check[] }>('/FeeReport/Reconcile', {
      DateFrom: today,
      DateTo: today,
    });
    const gap = r.data.Checks.find((c) => c.Code === 5)!;
    expect(gap.Ok).toBe(false);
    expect((gap.Samples as { Ref: string }[]).map((x) => x.Ref).sort()).toEqual(
      [no('SF', sf.year, sf.last_no + 1), no('SF', sf.year, sf.last_no + 2), no('TK', tk.year, tk.last_no + 1)].sort(),
    );
  });
});
