import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { periodMonths } from './fee-paid-renewal';

/** FeePaid(停车费) → Renew: paying a 月租 vehicle's 停车费 bill at the desk extends its card by the bill's months. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('counts a period’s months', () => {
  expect(periodMonths('2026-01-01', '2026-03-31')).toBe(3);
  expect(periodMonths('2026-11-01', '2027-01-31')).toBe(3);
  expect(periodMonths('2026-05-01', '2026-05-31')).toBe(1);
});

describe('a paid vehicle 停车费 bill renews the 月租 card', () => {
  it('once per payment, by the bill’s months, inside the payment', async () => {
    const admin = await t.login('admin', 'Admin@123');
    const [v] = await sqlRows<{ id: number; cmp_id: number; community_id: number; room_id: number; valid_end: string }>(
      t.db,
      sql`select v.id, v.cmp_id, v.community_id, v.room_id, v.valid_end::text as valid_end from vehicles v
        where v.vehicle_type = 1 and v.room_id is not null and not v.is_deleted and v.valid_end > current_date + 40
        order by v.id limit 1`,
    );
    expect(v).toBeDefined();
    const [item] = await sqlRows<{ id: number }>(
      t.db,
      sql`insert into fee_items (cmp_id, item_name, category, kind, payer_type) values (${v!.cmp_id}, '月租停车费(测试)', 5, 1, 3)
        returning id`,
    );
    const [std] = await sqlRows<{ id: number }>(
      t.db,
      sql`insert into fee_standards (cmp_id, item_id, community_id, standard_name, price_method, fixed_money, cycle_months)
        values (${v!.cmp_id}, ${item!.id}, ${v!.community_id}, '月租车(测试)', 3, 300, 3) returning id`,
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const bound = await t.api<{ Bound: number }>(
      '/FeeBinding/Bind',
      { StandardId: std!.id, PayerType: 3, PayerIds: [v!.id], StartDate: today },
      admin,
    );
    expect(bound.data.Bound).toBe(1);
    const pre = await t.api<{ BillIds: number[] }>(
      '/FeeBill/Prepay',
      { PayerType: 3, PayerId: v!.id, StandardId: std!.id, Months: 3 },
      admin,
    );
    expect(pre.ret).toBe(0);
    const bills = await t.api<
      { Id: number; UnpaidMoney: string; LateFeeMoney: string; PeriodStart: string; PeriodEnd: string }[]
    >('/FeeBill/List', { PayerType: 3, PayerId: v!.id, Unpaid: true }, admin);
    expect(bills.data.length).toBeGreaterThanOrEqual(1);
    const bill = bills.data[0]!;
    const months = periodMonths(bill.PeriodStart, bill.PeriodEnd);
    expect(Number(bill.UnpaidMoney)).toBeGreaterThan(0);
    const pay = await t.api(
      '/FeePayment/Pay',
      {
        RequestId: `renew-${v!.id}`,
        RoomId: v!.room_id,
        Lines: [
          { BillId: bill.Id, PayMoney: '900.00', LateFeeMoney: '0.00', DiscountMoney: '0', ExpectedMoney: '900.00' },
        ],
        Tenders: [{ Method: 1, AmountMoney: '900.00' }],
        TenderedMoney: '900.00',
      },
      admin,
    );
    expect(pay.ret).toBe(0);
    const [after] = await sqlRows<{ valid_end: string; renewals: number }>(
      t.db,
      sql`select v.valid_end::text as valid_end,
          (select count(*)::int from vehicle_renewals r where r.vehicle_id = v.id and r.payment_id is not null) as renewals
        from vehicles v where v.id = ${v!.id}`,
    );
    const [expected] = await sqlRows<{ d: string }>(
      t.db,
      sql`select (${v!.valid_end}::date + make_interval(months => ${months}::int))::date::text as d`,
    );
    expect(after).toEqual({ valid_end: expected!.d, renewals: 1 });
  });
  it('two months’ bills settled by one payment renew by both months', async () => {
    const admin = await t.login('admin', 'Admin@123');
    const [v] = await sqlRows<{ id: number; cmp_id: number; community_id: number; room_id: number; valid_end: string }>(
      t.db,
      sql`select v.id, v.cmp_id, v.community_id, v.room_id, v.valid_end::text as valid_end from vehicles v
        where v.vehicle_type = 1 and v.room_id is not null and not v.is_deleted and v.valid_end > current_date + 40
        order by v.id offset 1 limit 1`,
    );
    const [item] = await sqlRows<{ id: number }>(
      t.db,
      sql`insert into fee_items (cmp_id, item_name, category, kind, payer_type) values (${v!.cmp_id}, '月租停车费(按月)', 5, 1, 3)
        returning id`,
    );
    const [std] = await sqlRows<{ id: number }>(
      t.db,
      sql`insert into fee_standards (cmp_id, item_id, community_id, standard_name, price_method, fixed_money, cycle_months)
        values (${v!.cmp_id}, ${item!.id}, ${v!.community_id}, '月租车(按月)', 3, 300, 1) returning id`,
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    await t.api('/FeeBinding/Bind', { StandardId: std!.id, PayerType: 3, PayerIds: [v!.id], StartDate: today }, admin);
    await t.api('/FeeBill/Prepay', { PayerType: 3, PayerId: v!.id, StandardId: std!.id, Months: 2 }, admin);
    const bills = (
      await t.api<{ Id: number; ItemId: number; UnpaidMoney: string }[]>(
        '/FeeBill/List',
        { PayerType: 3, PayerId: v!.id, Unpaid: true },
        admin,
      )
    ).data.filter((b) => b.ItemId === item!.id);
    expect(bills).toHaveLength(2);
    const total = bills.reduce((n, b) => n + Math.round(Number(b.UnpaidMoney) * 100), 0);
    const money = (total / 100).toFixed(2);
    const pay = await t.api(
      '/FeePayment/Pay',
      {
        RequestId: `renew-two-${v!.id}`,
        RoomId: v!.room_id,
        Lines: bills.map((b) => ({
          BillId: b.Id,
          PayMoney: b.UnpaidMoney,
          LateFeeMoney: '0.00',
          DiscountMoney: '0',
          ExpectedMoney: b.UnpaidMoney,
        })),
        Tenders: [{ Method: 1, AmountMoney: money }],
        TenderedMoney: money,
      },
      admin,
    );
    expect(pay.ret).toBe(0);
    const [after] = await sqlRows<{ valid_end: string; expected: string }>(
      t.db,
      sql`select v.valid_end::text as valid_end, (${v!.valid_end}::date + interval '2 months')::date::text as expected
        from vehicles v where v.id = ${v!.id}`,
    );
    expect(after!.valid_end).toBe(after!.expected);
  });
});
