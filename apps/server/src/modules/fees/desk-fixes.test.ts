import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../core/sql-rows';
import { billOf, requestId, roomOf, standardIn } from './desk-test-helpers';

/**
 * The desk's fixes of issue #14's review: money answered with two decimals, 车牌 search, the room's 催缴记录 on the
 * desk, a first 充值 that opens the account, '' for a receipt line without a unit price, a void that puts the
 * late-fee clock back, and the bind drawer's list of vehicles.
 */
let t: TestApp;
let cashier: string;
let finance: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('cashier', 'Cashier@123');
  finance = await t.login('caiwu1', 'Linli@123');
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

const days = (n: number) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

describe('收费台', () => {
  it('a room without bills owes ¥0.00, not ¥0', async () => {
    const room = await roomOf(t, '5栋-1单元-101', '翠湖天地').catch(() => null);
    const [free] = room
      ? [room]
      : await sqlRows<{ id: number }>(
          t.db,
          sql`select r.id from rooms r where not exists (select 1 from fee_bills b where b.room_id = r.id) limit 1`,
        );
    const c = await t.api<{ ArrearsMoney: string }>('/Cashier/Context', { RoomId: free!.id }, cashier);
    expect(c.data.ArrearsMoney).toBe('0.00');
  });

  it('finds a room by its vehicle plate', async () => {
    const [v] = await sqlRows<{ plate: string; room_id: number }>(
      t.db,
      sql`select plate, room_id from vehicles where room_id is not null and not is_deleted order by id limit 1`,
    );
    const s = await t.api<{ RoomId: number }[]>('/Cashier/Search', { Keyword: v!.plate }, cashier);
    expect(s.data.map((h) => h.RoomId)).toContain(v!.room_id);
  });

  it('a 房号 typed alone lists the rooms numbered exactly so first (101 before 1001)', async () => {
    const s = await t.api<{ RoomName: string }[]>('/Cashier/Search', { Keyword: '101' }, cashier);
    const names = s.data.map((h) => h.RoomName);
    const exact = names.filter((n) => n.endsWith('-101'));
    expect(exact.length).toBeGreaterThan(0);
    expect(names.slice(0, exact.length)).toEqual(exact);
  });

  it("shows the room's 催缴记录 to the cashier", async () => {
    const room = await roomOf(t, '1栋-1单元-601');
    const rec = await t.api<{ Id: number }>(
      '/Dunning/Record',
      { RoomId: room.id, Channel: 3, Result: '答应周末来缴' },
      cashier,
    );
    expect(rec.ret).toBe(0);
    const log = await t.api<{ ChannelName: string; Result: string }[]>(
      '/Cashier/DunningLog',
      { RoomId: room.id },
      cashier,
    );
    expect(log.data[0]).toMatchObject({ ChannelName: '电话', Result: '答应周末来缴' });
  });

  it('充值 for a room without a prepaid account opens its 通用 account', async () => {
    const [room] = await sqlRows<{ id: number }>(
      t.db,
      sql`select r.id from rooms r join communities c on c.id = r.community_id where c.name = '阳光花园'
          and not exists (select 1 from fee_prepaid_accounts a where a.room_id = r.id) order by r.id limit 1`,
    );
    const r = await t.api<{ ReceiptNo: string }>(
      '/Prepaid/TopUp',
      {
        RequestId: requestId(),
        RoomId: room!.id,
        TopUps: [{ ItemId: 0, AmountMoney: '88' }],
        Tenders: [{ Method: 1, AmountMoney: '88' }],
      },
      cashier,
    );
    expect(r.ret).toBe(0);
    const c = await t.api<{ Accounts: { ItemName: string; BalanceMoney: string }[] }>(
      '/Cashier/Context',
      { RoomId: room!.id },
      cashier,
    );
    expect(c.data.Accounts).toEqual([expect.objectContaining({ ItemName: '通用', BalanceMoney: '88.00' })]);
  });
});

describe('receipts and voids', () => {
  it("a 公式 bill's receipt line has no unit price ('')", async () => {
    const room = await roomOf(t, '1栋-1单元-701');
    const std = await standardIn(t, room);
    await t.db.execute(sql`update fee_standards set price_method = 6, formula = 'area*0.15*coef', unit_price = 0
        where id = ${std.standardId}`);
    const a = await billOf(t, room, std, '2032-01', '20.00', '2099-01-15');
    await t.db.execute(sql`update fee_bills set unit_price = 0, quantity = 89.37 where id = ${a}`);
    const p = await t.api<{ PaymentId: number }>(
      '/FeePayment/Pay',
      {
        RequestId: requestId(),
        RoomId: room.id,
        Lines: [{ BillId: a, PayMoney: '20.00', LateFeeMoney: '0', DiscountMoney: '0', ExpectedMoney: '20.00' }],
        Tenders: [{ Method: 1, AmountMoney: '20' }],
      },
      cashier,
    );
    const d = await t.api<{ Lines: { UnitPrice: string; Quantity: string }[] }>(
      '/FeePayment/Print',
      { Id: p.data.PaymentId },
      cashier,
    );
    expect(d.data.Lines[0]).toMatchObject({ UnitPrice: '', Quantity: '89.3700' });
  });

  it('a void puts the late-fee clock back, so the late fee it gave back accrues again', async () => {
    const room = await roomOf(t, '1栋-1单元-702');
    const std = await standardIn(t, room, { lateFeeRate: '0.5' });
    // 300.00 at 0.5‰ for 60 days = 9.00 (domain/fees.md "Late fee").
    const a = await billOf(t, room, std, '2026-01', '300.00', days(-60));
    const live = async () =>
      (
        await t.api<{ Id: number; LateFeeMoney: string }[]>('/FeeBill/List', { RoomId: room.id, Unpaid: true }, cashier)
      ).data.find((b) => b.Id === a)?.LateFeeMoney;
    expect(await live()).toBe('9.00');
    const p = await t.api<{ PaymentId: number }>(
      '/FeePayment/Pay',
      {
        RequestId: requestId(),
        RoomId: room.id,
        Lines: [{ BillId: a, PayMoney: '300.00', LateFeeMoney: '9.00', DiscountMoney: '0', ExpectedMoney: '309.00' }],
        Tenders: [{ Method: 1, AmountMoney: '309' }],
      },
      cashier,
    );
    expect(p.ret).toBe(0);
    const v = await t.api<{ Id: number }>(
      '/FeeReversal/Apply',
      { Type: 1, PaymentId: p.data.PaymentId, Reason: '收错房间' },
      cashier,
    );
    expect((await t.api('/FeeReversal/Approve', { Id: v.data.Id }, finance)).ret).toBe(0);
    // As if never paid: the 9.00 is owed again (without the fix the clock restarted at the void's payment day: 0.00).
    expect(await live()).toBe('9.00');
  });
});

describe('绑定 drawer', () => {
  it('lists the community vehicles for a 车辆 item and binds the picked one', async () => {
    const item = await t.api<{ Id: number }>(
      '/FeeItem/Save',
      { ItemName: '月租停车费', Category: 5, Kind: 1, PayerType: 3 },
      admin,
    );
    expect(item.ret).toBe(0);
    const [c] = await sqlRows<{ id: number }>(t.db, sql`select id from communities where name = '阳光花园'`);
    const std = await t.api<{ Id: number }>(
      '/FeeStandard/Save',
      { ItemId: item.data.Id, CommunityId: c!.id, StandardName: '月租车', PriceMethod: 3, FixedMoney: '300' },
      admin,
    );
    expect(std.ret).toBe(0);
    const list = await t.api<{ PayerType: number; Rows: { PayerId: number; PayerName: string; Bound: boolean }[] }>(
      '/FeeBinding/Payers',
      { StandardId: std.data.Id },
      admin,
    );
    expect(list.data.PayerType).toBe(3);
    expect(list.data.Rows.length).toBeGreaterThan(0);
    const pick = list.data.Rows[0]!;
    const bound = await t.api<{ Bound: number }>(
      '/FeeBinding/Bind',
      { StandardId: std.data.Id, PayerType: 3, PayerIds: [pick.PayerId], StartDate: days(0) },
      admin,
    );
    expect(bound.data.Bound).toBe(1);
    const again = await t.api<{ Rows: { PayerId: number; Bound: boolean }[] }>(
      '/FeeBinding/Payers',
      { StandardId: std.data.Id, Keyword: pick.PayerName },
      admin,
    );
    expect(again.data.Rows.find((r) => r.PayerId === pick.PayerId)?.Bound).toBe(true);
  });
});
