import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addDays } from '../../core/dates';
import { feeBills, feeJournal, meters } from '../../db/schema';
import { communityId, roomId } from '../properties/test-helpers';
import { makeItem, makeStandard, monthFrom } from './test-helpers';

let t: TestApp;
let admin: string;
let sunny: number;
let room: number;
let std: number;
let bill: { Id: number; DueDate: string; AmountMoney: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  sunny = await communityId(t, '阳光花园');
  room = await roomId(t, '阳光花园', '2栋-1单元-301');
  const item = await makeItem(t, admin, '车位管理费(单测)');
  std = await makeStandard(t, admin, {
    ItemId: item,
    CommunityId: sunny,
    StandardName: '固定300',
    PriceMethod: 3,
    FixedMoney: '300',
  });
  const past = monthFrom(t, -2);
  await t.api('/FeeBinding/Bind', { StandardId: std, PayerIds: [room], StartDate: `${past}-01` }, admin);
  await t.api('/FeeBillRun/Start', { CommunityId: sunny, StandardIds: [std], PeriodFrom: past, PeriodTo: past }, admin);
  const { drainJobs } = await import('../jobs');
  await drainJobs(t.deps);
  const list = await t.api<(typeof bill)[]>('/FeeBill/List', { RoomId: room, StandardId: std }, admin);
  bill = list.data[0]!;
});
afterAll(() => t.close());

const sumOf = async (id: number) => {
  const [s] = await t.db
    .select({ a: sql<string>`sum(amount_money)::text`, d: sql<string>`sum(discount_money)::text` })
    .from(feeJournal)
    .where(eq(feeJournal.billId, id));
  return s!;
};

describe('FeeBill', () => {
  it('answers the live late fee: 300.00 at 0.5‰ for 60 days = 9.00', async () => {
    expect(bill.AmountMoney).toBe('300.00');
    const asOf = addDays(bill.DueDate, 60);
    const r = await t.api<{ LateFeeMoney: string; OverdueDays: number; UnpaidMoney: string; StateName: string }[]>(
      '/FeeBill/List',
      { RoomId: room, StandardId: std, AsOfDate: asOf, Unpaid: true },
      admin,
    );
    expect(r.data[0]).toMatchObject({
      LateFeeMoney: '9.00',
      OverdueDays: 60,
      UnpaidMoney: '300.00',
      StateName: '未缴',
    });
  });

  it('discounts, adjusts, cancels and restores, each with its journal row', async () => {
    const short = await t.api('/FeeBill/Discount', { Id: bill.Id, DiscountMoney: '10', Reason: '短' }, admin);
    expect(short.ret).toBe(400);
    const over = await t.api(
      '/FeeBill/Discount',
      { Id: bill.Id, DiscountMoney: '300.01', Reason: '业主困难减免' },
      admin,
    );
    expect(over.msg).toBe('减免金额不能超过未缴金额¥300.00');
    expect(
      await t.api('/FeeBill/Discount', { Id: bill.Id, DiscountMoney: '10', Reason: '业主困难减免' }, admin),
    ).toMatchObject({ ret: 0 });
    expect(
      await t.api('/FeeBill/Adjust', { Id: bill.Id, AmountMoney: '250.50', Reason: '面积复核调整' }, admin),
    ).toMatchObject({ ret: 0 });
    expect(await sumOf(bill.Id)).toEqual({ a: '250.50', d: '10.00' });
    expect(await t.api('/FeeBill/Cancel', { Id: bill.Id, Reason: '重复出账取消' }, admin)).toMatchObject({ ret: 0 });
    expect(await sumOf(bill.Id)).toEqual({ a: '0.00', d: '0.00' });
    expect(await t.api('/FeeBill/Restore', { Id: bill.Id, Reason: '误取消恢复' }, admin)).toMatchObject({ ret: 0 });
    const [b] = await t.db.select().from(feeBills).where(eq(feeBills.id, bill.Id));
    expect(b).toMatchObject({ state: 1, amountMoney: '250.50', discountMoney: '10.00' });
    expect(await sumOf(bill.Id)).toEqual({ a: '250.50', d: '10.00' });
  });

  it("refuses to cancel a bill that took money: '账单已有收款，不能取消'", async () => {
    await t.db.update(feeBills).set({ paidMoney: '1.00', state: 2 }).where(eq(feeBills.id, bill.Id));
    expect(await t.api('/FeeBill/Cancel', { Id: bill.Id, Reason: '重复出账取消' }, admin)).toMatchObject({
      ret: 400,
      msg: '账单已有收款，不能取消',
    });
    await t.db.update(feeBills).set({ paidMoney: '0.00', state: 1 }).where(eq(feeBills.id, bill.Id));
  });

  it('预缴 creates the next months through the generator and answers their ids', async () => {
    const r = await t.api<{ BillIds: number[]; Created: number }>(
      '/FeeBill/Prepay',
      { PayerType: 1, PayerId: room, StandardId: std, Months: 3 },
      admin,
    );
    expect(r.data.BillIds).toHaveLength(3);
    const again = await t.api<{ BillIds: number[]; Created: number }>(
      '/FeeBill/Prepay',
      { PayerType: 1, PayerId: room, StandardId: std, Months: 3 },
      admin,
    );
    expect(again.data).toEqual({ BillIds: r.data.BillIds, Created: 0 });

    // This month paid: 预缴 3个月 again gives the three months after it, not two.
    const [first] = await t.db.select().from(feeBills).where(eq(feeBills.id, r.data.BillIds[0]!));
    await t.db.update(feeBills).set({ state: 3 }).where(eq(feeBills.id, first!.id));
    const next = await t.api<{ BillIds: number[]; Created: number }>(
      '/FeeBill/Prepay',
      { PayerType: 1, PayerId: room, StandardId: std, Months: 3 },
      admin,
    );
    expect(next.data.BillIds).toHaveLength(3);
    expect(next.data.BillIds.slice(0, 2)).toEqual(r.data.BillIds.slice(1));
    expect(next.data.Created).toBe(1);
    await t.db.update(feeBills).set({ state: 1 }).where(eq(feeBills.id, first!.id));
  });

  it('临时收费 makes a one-off bill with a T period', async () => {
    const item = await makeItem(t, admin, '装修押金(单测)', { Category: 8, Kind: 4 });
    const dep = await makeStandard(t, admin, {
      ItemId: item,
      CommunityId: sunny,
      StandardName: '押金',
      PriceMethod: 3,
      FixedMoney: 2000,
    });
    const r = await t.api<{ Id: number }>(
      '/FeeBill/AddTemp',
      { PayerId: room, StandardId: dep, AmountMoney: '2000' },
      admin,
    );
    expect(r.ret).toBe(0);
    const [b] = await t.db.select().from(feeBills).where(eq(feeBills.id, r.data.Id));
    expect(b!.period).toMatch(/^T\d+$/);
    expect(b!.amountMoney).toBe('2000.00');
    const periodic = await t.api('/FeeBill/AddTemp', { PayerId: room, StandardId: std, AmountMoney: '1' }, admin);
    expect(periodic.msg).toBe('临时收费只能选择一次性或押金类收费标准');
  });
});

describe('抄表 (acceptance 7)', () => {
  it('35 m³ against ~10 asks to confirm; 审核 and 出账 make a 水费 bill of 148.35', async () => {
    const [m] = await t.db
      .select()
      .from(meters)
      .where(and(eq(meters.communityId, sunny), eq(meters.meterType, 1), sql`${meters.roomId} is not null`))
      .limit(1);
    const item = await makeItem(t, admin, '水费(单测)', { Category: 2, Kind: 3 });
    const water = await makeStandard(t, admin, {
      ItemId: item,
      CommunityId: sunny,
      StandardName: '阶梯水价',
      PriceMethod: 5,
      Tiers: [
        { UpTo: 20, UnitPrice: 3.45 },
        { UpTo: 30, UnitPrice: 4.83 },
        { UpTo: '', UnitPrice: 6.21 },
      ],
    });
    await t.api(
      '/FeeBinding/Bind',
      { StandardId: water, PayerIds: [m!.roomId], StartDate: `${monthFrom(t, -6)}-01` },
      admin,
    );
    let reading = Number(m!.lastReading);
    const ids: number[] = [];
    for (const back of [-8, -7, -6]) {
      reading += 10;
      const p = monthFrom(t, back);
      const s = await t.api(
        '/MeterReading/BatchSave',
        { CommunityId: sunny, MeterType: 1, Period: p, Rows: [{ MeterId: m!.id, CurrReading: reading }] },
        admin,
      );
      expect(s).toMatchObject({ ret: 0, data: { Saved: 1, Abnormal: 0 } });
    }
    const period = monthFrom(t, -5);
    const grid = await t.api<{ MeterId: number; PrevReading: string; AvgUsage: string }[]>(
      '/MeterReading/Grid',
      { CommunityId: sunny, MeterType: 1, Period: period },
      admin,
    );
    expect(grid.data.find((g) => g.MeterId === m!.id)).toMatchObject({ AvgUsage: '10.00' });
    const low = await t.api(
      '/MeterReading/BatchSave',
      { CommunityId: sunny, MeterType: 1, Period: period, Rows: [{ MeterId: m!.id, CurrReading: reading - 1 }] },
      admin,
    );
    expect(low.msg).toBe(`表号${m!.meterNo}：本期读数不能小于上期读数`);
    const body = {
      CommunityId: sunny,
      MeterType: 1,
      Period: period,
      Rows: [{ MeterId: m!.id, CurrReading: reading + 35 }],
    };
    const ask = await t.api('/MeterReading/BatchSave', body, admin);
    expect(ask).toMatchObject({
      ret: 409,
      msg: '有1条读数用量异常，请确认后保存',
      data: { Abnormal: [{ MeterId: m!.id, Usage: '35.00', AvgUsage: '10.00' }] },
    });
    expect(await t.api('/MeterReading/BatchSave', { ...body, ConfirmAbnormal: true }, admin)).toMatchObject({
      data: { Saved: 1, Abnormal: 1 },
    });
    expect((await t.api('/MeterReading/BatchSave', { ...body, ConfirmAbnormal: true }, admin)).msg).toBe(
      `表号${m!.meterNo}：该表本期已抄表`,
    );
    const list = await t.api<{ Id: number; Usage: string; IsAbnormal: boolean; StateName: string }[]>(
      '/MeterReading/List',
      { CommunityId: sunny, Period: period, OnlyAbnormal: true },
      admin,
    );
    expect(list.data).toHaveLength(1);
    ids.push(list.data[0]!.Id);
    expect((await t.api('/MeterReading/Bill', { Ids: ids }, admin)).data).toMatchObject({ Created: 0, Failed: 1 });
    expect(await t.api('/MeterReading/Approve', { Ids: ids }, admin)).toMatchObject({ ret: 0 });
    expect((await t.api('/MeterReading/Bill', { Ids: ids }, admin)).data).toMatchObject({ Created: 1, Failed: 0 });
    const bills = await t.api<{ AmountMoney: string; SourceName: string; Period: string }[]>(
      '/FeeBill/List',
      { RoomId: m!.roomId, PeriodFrom: period, PeriodTo: period },
      admin,
    );
    // The room's first metered 水费 binding prices it: the demo's 阶梯水价, with the same tiers as this one.
    expect(water).toBeGreaterThan(0);
    expect(bills.data.filter((b) => b.SourceName === '抄表出账')).toEqual([
      expect.objectContaining({ AmountMoney: '148.35', SourceName: '抄表出账', Period: period }),
    ]);
    const after = await t.api<{ StateName: string; BillId: number }[]>(
      '/MeterReading/List',
      { CommunityId: sunny, Period: period, OnlyAbnormal: true },
      admin,
    );
    expect(after.data[0]).toMatchObject({ StateName: '已出账' });
    expect(after.data[0]!.BillId).toBeGreaterThan(0);
  });
});
