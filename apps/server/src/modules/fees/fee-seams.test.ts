import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { todayIn } from '../../core/dates';
import { feeBindings, feeMeterReadings, meters, rooms, sysMessages } from '../../db/schema';
import { drainJobs } from '../jobs';
import { buildingId, communityId, roomId } from '../properties/test-helpers';
import { emitRoomHandedOver } from '../properties/room-events';
import { arrearsRooms } from './fee-seams';
import { makeItem, makeStandard, monthFrom } from './test-helpers';

let t: TestApp;
let admin: string;
let sunny: number;
let lake: number;
let room: number;
let std: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
  sunny = await communityId(t, '阳光花园');
  // 翠湖天地 has no demo fees: the figures below are this file's own.
  lake = await communityId(t, '翠湖天地');
  const [r] = await t.db
    .select({ id: rooms.id })
    .from(rooms)
    .where(eq(rooms.buildingId, await buildingId(t, '翠湖天地', '5栋')))
    .limit(1);
  room = r!.id;
  const item = await makeItem(t, admin, '垃圾费(单测)', { Category: 10 });
  std = await makeStandard(t, admin, {
    ItemId: item,
    CommunityId: lake,
    StandardName: '垃圾费',
    PriceMethod: 3,
    FixedMoney: 10,
  });
  const from = monthFrom(t, -4);
  await t.api('/FeeBinding/Bind', { StandardId: std, PayerIds: [room], StartDate: `${from}-01` }, admin);
  const to = monthFrom(t, -1);
  await t.api('/FeeBillRun/Start', { CommunityId: lake, StandardIds: [std], PeriodFrom: from, PeriodTo: to }, admin);
  await drainJobs(t.deps);
});
afterAll(() => t.close());

describe('fees seams', () => {
  it("refuses to delete a room with fee records: '该房间已有费用记录，不能删除'", async () => {
    // A new room (no residents, meters or appointments), so its one bill is what blocks it.
    const unit = await t.db
      .execute(
        sql`select u.id from building_units u join buildings b on b.id = u.building_id where b.community_id = ${lake} limit 1`,
      )
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows[0]!);
    const fresh = await t.api<{ Id: number }>(
      '/Room/Save',
      { UnitId: unit.id, Floor: 1, RoomNo: '199', BuildArea: '50' },
      admin,
    );
    expect(fresh.ret).toBe(0);
    const dep = await makeItem(t, admin, '押金(单测)', { Category: 8, Kind: 4 });
    const ds = await makeStandard(t, admin, {
      ItemId: dep,
      CommunityId: lake,
      StandardName: '押金',
      PriceMethod: 3,
      FixedMoney: 100,
    });
    expect(
      await t.api('/FeeBill/AddTemp', { PayerId: fresh.data.Id, StandardId: ds, AmountMoney: 100 }, admin),
    ).toMatchObject({ ret: 0 });
    expect(await t.api('/Room/Delete', { Id: fresh.data.Id }, admin)).toMatchObject({
      ret: 400,
      msg: '该房间已有费用记录，不能删除',
    });
  });

  it('marks the room in arrears on the 房态图 and lists it for the SMS target', async () => {
    const board = await t.api<{ Rooms: { Id: number; Arrears: boolean }[] }>(
      '/Room/Board',
      { BuildingId: await buildingId(t, '翠湖天地', '5栋') },
      admin,
    );
    expect(board.data.Rooms.find((r) => r.Id === room)?.Arrears).toBe(true);
    expect(board.data.Rooms.filter((r) => r.Arrears).length).toBe(1);
    const today = todayIn(t.deps.now(), 'Asia/Shanghai');
    const [cmp] = await t.db.select({ cmpId: rooms.cmpId }).from(rooms).where(eq(rooms.id, room));
    const list = await arrearsRooms(t.db, cmp!.cmpId, { CommunityIds: [lake], MinMonths: 3 }, today);
    expect(list).toEqual([expect.objectContaining({ RoomId: room, ArrearsMoney: '40.00', Months: 4 })]);
    expect(await arrearsRooms(t.db, cmp!.cmpId, { CommunityIds: [lake], MinMoney: '40.01' }, today)).toEqual([]);
    expect(await arrearsRooms(t.db, cmp!.cmpId, { CommunityIds: [lake], MinMonths: 5 }, today)).toEqual([]);
  });

  it('工作台 shows this month’s bills and the arrears', async () => {
    const desk = await t.api<{ Cards: { Key: string; Value: string }[] }>('/MyDeskTop/GetMyDeskData', {}, admin);
    const today = todayIn(t.deps.now(), 'Asia/Shanghai');
    const [expected] = await t.db
      .execute(
        sql`select coalesce(sum(amount_money - discount_money - paid_money), 0)::numeric(14,2)::text as v from fee_bills
        where state in (1, 2) and due_date < ${today}::date`,
      )
      .then((r) => (r as unknown as { rows: { v: string }[] }).rows);
    expect(desk.data.Cards.find((c) => c.Key === 'feeArrears')?.Value).toBe(expected!.v);
    expect(Number(expected!.v)).toBeGreaterThan(40);
  });

  it('RoomHandedOver writes the readings as rows and binds the AutoBindOnHandover standards', async () => {
    const item = await makeItem(t, admin, '交房物业费(单测)');
    const auto = await makeStandard(t, admin, {
      ItemId: item,
      CommunityId: sunny,
      StandardName: '交房自动绑定',
      AutoBindOnHandover: true,
    });
    const target = await roomId(t, '阳光花园', '2栋-1单元-1101');
    const [m] = await t.db.select().from(meters).where(eq(meters.communityId, sunny)).limit(1);
    const [cmp] = await t.db.select({ cmpId: rooms.cmpId }).from(rooms).where(eq(rooms.id, target));
    const today = todayIn(t.deps.now(), 'Asia/Shanghai');
    await t.db.transaction((tx) =>
      emitRoomHandedOver(tx, {
        cmpId: cmp!.cmpId,
        userId: 1,
        communityId: sunny,
        roomId: target,
        handoverDate: today,
        readings: [{ MeterId: m!.id, Reading: String(Number(m!.lastReading) + 5) }],
        now: t.deps.now(),
      }),
    );
    const [b] = await t.db
      .select()
      .from(feeBindings)
      .where(and(eq(feeBindings.standardId, auto), eq(feeBindings.payerId, target)));
    expect(b).toMatchObject({ state: 1, startDate: today });
    const [r] = await t.db
      .select()
      .from(feeMeterReadings)
      .where(and(eq(feeMeterReadings.meterId, m!.id), eq(feeMeterReadings.source, 3)));
    expect(r).toMatchObject({ source: 3, state: 2, period: today.slice(0, 7) });
  });

  it('fee.auto-generate bills AutoGenerate standards on their BillDay and tells 收费项目 holders', async () => {
    const today = todayIn(t.deps.now(), 'Asia/Shanghai');
    const item = await makeItem(t, admin, '自动出账费(单测)');
    const s = await makeStandard(t, admin, {
      ItemId: item,
      CommunityId: sunny,
      StandardName: '自动',
      PriceMethod: 3,
      FixedMoney: 12.5,
      AutoGenerate: true,
      BillDay: Math.min(28, Number(today.slice(8, 10))),
    });
    await t.api(
      '/FeeBinding/Bind',
      { StandardId: s, BuildingIds: [await buildingId(t, '阳光花园', '2栋')], StartDate: `${monthFrom(t, -1)}-01` },
      admin,
    );
    const r = await t.api('/Job/Run', { Name: 'fee.auto-generate' }, admin);
    expect(r.ret).toBe(0);
    const bills = await t.api<unknown[]>('/FeeBill/List', { StandardId: s }, admin);
    if (Number(today.slice(8, 10)) <= 28) {
      expect(bills.count).toBe(44);
      const msgs = await t.db.select().from(sysMessages).where(eq(sysMessages.msgType, 2));
      expect(msgs.some((m) => m.title === `${Number(today.slice(5, 7))}月自动出账费(单测)已出账：44笔 ¥550.00`)).toBe(
        true,
      );
      await t.api('/Job/Run', { Name: 'fee.auto-generate' }, admin);
      expect((await t.api<unknown[]>('/FeeBill/List', { StandardId: s }, admin)).count).toBe(44);
    } else {
      expect(bills.count).toBe(0);
    }
  });
});
