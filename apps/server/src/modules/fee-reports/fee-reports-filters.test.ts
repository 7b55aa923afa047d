import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { createCompany } from '../../db/seed/create-company';
import { billOf, requestId, roomOf, standardIn } from '../fees/desk-test-helpers';
import { clerkWith } from '../properties/test-helpers';

/**
 * The report filters (fee-reports.md "Filters"): 收费项目 choices for a report-only user, what a 收费项目 / 类别
 * filter does to prepaid money, and the 预存款汇总表 → 预存抵扣明细表 drill-down by account or room.
 */
let t: TestApp;
let admin: string;
let cashier: string;
const fen = (v: unknown) => Math.round(Number(v) * 100);
type Row = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  cashier = await t.login('cashier', 'Cashier@123');
});
afterAll(() => t.close());

const topUp = async (roomId: number, topUps: { ItemId: number; AmountMoney: string }[]) => {
  const total = topUps.reduce((n, x) => n + fen(x.AmountMoney), 0);
  const r = await t.api<{ PaymentId: number }>(
    '/Prepaid/TopUp',
    { RequestId: requestId(), RoomId: roomId, TopUps: topUps, Tenders: [{ Method: 1, AmountMoney: total / 100 }] },
    cashier,
  );
  if (r.ret !== 0) throw new Error(r.msg);
  return r.data.PaymentId;
};
const sumOf = async (call: string, body: Row = {}) => {
  const r = await t.api<Row>(`/FeeReport/${call}Sum`, body, admin);
  if (r.ret !== 0) throw new Error(`${call}: ${r.msg}`);
  return r.data;
};
const accountOf = async (roomId: number, itemId: number | null) => {
  const [a] = await sqlRows<{ id: number }>(
    t.db,
    sql`select id from fee_prepaid_accounts where room_id = ${roomId} and item_id is not distinct from ${itemId}`,
  );
  return a!.id;
};

describe('report filters', () => {
  it('ItemOptions gives a report-only user the 收费项目 choices, never another company’s items', async () => {
    const reportOnly = await clerkWith(t, admin, [{ RoleKey: 'sfgl_sfbb', Btn: '' }]);
    // The fee-item screen's own list is not theirs: that is why the reports have their own call.
    expect((await t.api('/FeeItem/List', {}, reportOnly)).ret).toBe(403);
    const mine = await t.api<{ Id: number; ItemName: string; Category: number; CategoryName: string }[]>(
      '/FeeReport/ItemOptions',
      {},
      reportOnly,
    );
    expect(mine.ret, mine.msg).toBe(0);
    expect(mine.data).toContainEqual(
      expect.objectContaining({ ItemName: '物业费', Category: 1, CategoryName: '物业费' }),
    );
    const [{ n }] = (await sqlRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from fee_items where cmp_id = (select cmp_id from communities where name = '阳光花园')`,
    )) as [{ n: number }];
    expect(mine.data).toHaveLength(n);

    const cmpId = await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
    const other = await t.login('bieadmin', 'Other2026');
    await t.db.execute(
      sql`insert into fee_items (cmp_id, item_name, category, kind) values (${cmpId}, '别家专用费', 11, 2)`,
    );
    const again = await t.api<{ Id: number; ItemName: string }[]>('/FeeReport/ItemOptions', {}, reportOnly);
    expect(again.data.map((i) => i.ItemName)).not.toContain('别家专用费');
    const theirs = await t.api<{ Id: number; ItemName: string }[]>('/FeeReport/ItemOptions', {}, other);
    expect(theirs.data.map((i) => i.ItemName)).toContain('别家专用费');
    const ours = new Set(mine.data.map((i) => i.Id));
    expect(theirs.data.some((i) => ours.has(i.Id))).toBe(false);

    const none = await clerkWith(t, admin, [{ RoleKey: 'sfgl_jft', Btn: 'pay' }]);
    expect((await t.api('/FeeReport/ItemOptions', {}, none)).ret).toBe(403);
  });

  it('under a 收费项目 or 类别 filter a top-up into that item’s account counts; 通用 only without a filter', async () => {
    const room = await roomOf(t, '1栋-1单元-502');
    const x = await standardIn(t, room, { category: 9, name: '报表测试装修管理费' });
    const y = await standardIn(t, room, { category: 11, name: '报表测试其他费' });
    const bodies: Record<string, Row> = {
      all: {},
      itemX: { ItemIds: [x.itemId] },
      itemY: { ItemIds: [y.itemId] },
      categoryX: { Category: 9 },
    };
    const snapshot = async () => {
      const out: Record<string, { collect: Row; details: Row; hz: Row; ycmx: Row }> = {};
      for (const [k, b] of Object.entries(bodies))
        out[k] = {
          collect: await sumOf('CostCollect', b),
          details: await sumOf('CostDetails', b),
          hz: await sumOf('YckHz', b),
          ycmx: await sumOf('YckYcmx', b),
        };
      return out;
    };
    const before = await snapshot();
    const paymentId = await topUp(room.id, [
      { ItemId: x.itemId, AmountMoney: '100.00' },
      { ItemId: 0, AmountMoney: '50.00' },
    ]);
    const after = await snapshot();
    const moved = (k: string) => ({
      topUp: fen(after[k]!.collect.PrepaidTopUpMoney) - fen(before[k]!.collect.PrepaidTopUpMoney),
      fund: fen(after[k]!.collect.FundMoney) - fen(before[k]!.collect.FundMoney),
      details: fen(after[k]!.details.PaidMoney) - fen(before[k]!.details.PaidMoney),
      hz: fen(after[k]!.hz.TopUpMoney) - fen(before[k]!.hz.TopUpMoney),
      ycmx: fen(after[k]!.ycmx.AmountMoney) - fen(before[k]!.ycmx.AmountMoney),
    });
    const all = { topUp: 15000, fund: 15000, details: 15000, hz: 15000, ycmx: 15000 };
    const onlyX = { topUp: 10000, fund: 10000, details: 10000, hz: 10000, ycmx: 10000 };
    expect(moved('all')).toEqual(all);
    expect(moved('itemX')).toEqual(onlyX);
    expect(moved('categoryX')).toEqual(onlyX);
    expect(moved('itemY')).toEqual({ topUp: 0, fund: 0, details: 0, hz: 0, ycmx: 0 });

    const rows = await t.api<{ PaymentId: number; Nature: number; PaidMoney: string; ItemId: number }[]>(
      '/FeeReport/CostDetailsList',
      { ItemIds: [x.itemId], PgSize: 200 },
      admin,
    );
    expect(rows.data.filter((r) => r.PaymentId === paymentId)).toEqual([
      expect.objectContaining({ Nature: 4, PaidMoney: '100.00', ItemId: x.itemId }),
    ]);
  });

  it('预存抵扣明细表 filters by AccountId and RoomId, so every 预存款汇总表 row opens its own deductions', async () => {
    const deduct = async (fullName: string, amount: string) => {
      const room = await roomOf(t, fullName);
      const std = await standardIn(t, room);
      await topUp(room.id, [{ ItemId: 0, AmountMoney: amount }]);
      const bill = await billOf(t, room, std, '2099-03', amount, '2099-03-15');
      const r = await t.api(
        '/FeePayment/Pay',
        {
          RequestId: requestId(),
          RoomId: room.id,
          Lines: [{ BillId: bill, PayMoney: amount, LateFeeMoney: 0, DiscountMoney: 0, ExpectedMoney: amount }],
          UsePrepaid: 1,
          Tenders: [],
        },
        cashier,
      );
      expect(r.ret, r.msg).toBe(0);
      return { room, account: await accountOf(room.id, null) };
    };
    const a = await deduct('1栋-1单元-601', '80.00');
    const b = await deduct('1栋-1单元-602', '45.50');
    const all = await t.api<Row[]>('/FeeReport/YckDkmxList', { PgSize: 200 }, admin);
    const accounts = new Set(all.data.map((r) => r.AccountId));
    expect(accounts.has(a.account) && accounts.has(b.account)).toBe(true);

    const one = await t.api<Row[]>('/FeeReport/YckDkmxList', { AccountId: a.account, PgSize: 200 }, admin);
    expect(one.ret, one.msg).toBe(0);
    expect(one.data.length).toBeGreaterThan(0);
    expect(one.data.every((r) => r.AccountId === a.account)).toBe(true);
    expect(await sumOf('YckDkmx', { AccountId: a.account })).toMatchObject({ DeductMoney: '80.00' });

    const byRoom = await t.api<Row[]>('/FeeReport/YckDkmxList', { RoomId: b.room.id, PgSize: 200 }, admin);
    expect(byRoom.data.length).toBeGreaterThan(0);
    expect(byRoom.data.every((r) => r.RoomId === b.room.id)).toBe(true);
    expect(await sumOf('YckDkmx', { RoomId: b.room.id })).toMatchObject({ DeductMoney: '45.50' });
    const ycmx = await t.api<Row[]>('/FeeReport/YckYcmxList', { RoomId: b.room.id, PgSize: 200 }, admin);
    expect(ycmx.data.every((r) => r.RoomId === b.room.id)).toBe(true);

    // The 汇总 row by 账户 and by 房屋 equals the detail it opens.
    const hz = await t.api<Row[]>('/FeeReport/YckHzList', { GroupBy: 6, PgSize: 200 }, admin);
    const row = hz.data.find((r) => r.AccountId === a.account)!;
    expect(row.DeductMoney).toBe('80.00');
    const rooms = await t.api<Row[]>('/FeeReport/YckHzList', { GroupBy: 5, PgSize: 200 }, admin);
    expect(rooms.data.find((r) => r.RoomId === b.room.id)!.DeductMoney).toBe('45.50');
  });
});
