import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { todayIn } from '../../core/dates';
import { parkingLots, residents, sysMessages, users, vehicles } from '../../db/schema';
import { clerkWith, communityId } from '../properties/test-helpers';
import { lookupPassageType } from './passage-lookup';
import { spaceOf } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@123');
});
afterAll(() => t.close());

type Row = Record<string, unknown>;

describe('parking seen from residents and rooms', () => {
  it('Resident/Get answers the resident’s Cars and Places', async () => {
    const a6 = await spaceOf(t, '地上停车场', 'A-006');
    const r = await t.api<{ Cars: Row[]; Places: Row[]; Cards: Row[] }>(
      '/Resident/Get',
      { Id: a6.ownerResidentId },
      admin,
    );
    expect(r.data.Places).toEqual([
      expect.objectContaining({ SpaceNo: 'A-006', LotName: '地上停车场', StatusName: '已售', SpaceTypeName: '普通' }),
    ]);
    expect(r.data.Cars).toEqual([
      expect.objectContaining({ VehicleTypeName: '产权', SpaceNo: 'A-006', StatusName: '正常' }),
    ]);
    // Cards are 通行管理's (access tests); here only that the answer carries them.
    expect(Array.isArray(r.data.Cards)).toBe(true);
  });

  it('Room/Get fills the 车位车辆 tab', async () => {
    const a6 = await spaceOf(t, '地上停车场', 'A-006');
    const r = await t.api<{ Parking: { Places: Row[]; Cars: Row[] } }>('/Room/Get', { Id: a6.roomId }, admin);
    expect(r.data.Parking.Places.map((p) => p.SpaceNo)).toEqual(['A-006']);
    expect(r.data.Parking.Cars).toHaveLength(1);
  });

  it('refuses to delete a resident who has vehicles (then spaces), naming them', async () => {
    const a7 = await spaceOf(t, '地上停车场', 'A-007');
    const id = a7.ownerResidentId!;
    // The refusal names every kind of history the resident has (cards and payments too, on the demo data).
    expect((await t.api('/Resident/Delete', { Id: id }, admin)).msg).toMatch(
      /^该住户已有(.+\/)?车辆，不能删除，请使用迁出$/,
    );
    await t.db.update(vehicles).set({ isDeleted: true, spaceId: null }).where(eq(vehicles.ownerResidentId, id));
    const second = (await t.api('/Resident/Delete', { Id: id }, admin)).msg;
    expect(second).toMatch(/^该住户已有(.+\/)?车位，不能删除，请使用迁出$/);
    expect(second).not.toContain('车辆');
    const [kept] = await t.db.select().from(residents).where(eq(residents.id, id));
    expect(kept!.isDeleted).toBe(false);
  });
});

describe('parking.card-expiry and 工作台', () => {
  it('08:00: one MsgType 15 reminder per lot with 月租 cards ending within 30 days (a card ending in 5 days included)', async () => {
    const today = todayIn(new Date(), 'Asia/Shanghai');
    const [ground] = await t.db.select().from(parkingLots).where(eq(parkingLots.name, '地上停车场'));
    // The demo's expiring cards are all in 地下车库; a 5-day card in 地上停车场 makes that lot's reminder.
    const [car] = await t.db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.lotId, ground!.id), eq(vehicles.vehicleType, 1)))
      .limit(1);
    const end = new Date(Date.parse(`${today}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
    await t.db.update(vehicles).set({ validEnd: end }).where(eq(vehicles.id, car!.id));
    const v = (await t.api<Row[]>('/Vehicle/List', { ValidState: 2, LotId: ground!.id }, admin)).data;
    expect(v.map((x) => x.Id)).toContain(car!.id);
    // A clerk of another screen group (住户管理 only) is not told.
    await clerkWith(t, admin, [{ RoleKey: 'zhgl_zhgl', Btn: '' }]);
    const [clerk] = await t.db.select({ id: users.id }).from(users).orderBy(desc(users.id)).limit(1);
    const run = await t.api('/Job/Run', { Name: 'parking.card-expiry' }, admin);
    expect(run.ret).toBe(0);
    const msgs = await t.db.select().from(sysMessages).where(eq(sysMessages.msgType, 15));
    const titles = [...new Set(msgs.map((m) => m.title))].sort();
    expect(titles).toEqual([
      '月卡到期提醒：地上停车场 1 辆将在30天内到期',
      '月卡到期提醒：地下车库 8 辆将在30天内到期',
    ]);
    expect(msgs.length).toBeGreaterThan(1);
    expect(msgs.filter((m) => m.userId === clerk!.id)).toEqual([]);
  });

  it('run again by hand the same day: no lot is reminded twice, a lot first due then still is', async () => {
    const reminders = async () =>
      (await t.db.select().from(sysMessages).where(eq(sysMessages.msgType, 15)))
        .map((m) => `${m.userId}:${m.sourceId}`)
        .sort();
    const run = () => t.api<{ Summary: { Lots: number } }>('/Job/Run', { Name: 'parking.card-expiry' }, admin);
    const first = await run();
    expect(first.ret, first.msg).toBe(0);
    const before = await reminders();
    // Every receiver has one reminder per lot.
    expect(new Set(before).size).toBe(before.length);
    expect(before.length).toBeGreaterThan(0);
    const again = await run();
    expect(again.data.Summary.Lots).toBe(0);
    expect(await reminders()).toEqual(before);
    // A lot with no reminder yet today still gets one on the rerun.
    const [ground] = await t.db.select().from(parkingLots).where(eq(parkingLots.name, '地上停车场'));
    await t.db.delete(sysMessages).where(and(eq(sysMessages.msgType, 15), eq(sysMessages.sourceId, ground!.id)));
    const third = await run();
    expect(third.data.Summary.Lots).toBe(1);
    expect(await reminders()).toEqual(before);
  });

  it('工作台 shows the parking figures to the positions that may open them', async () => {
    type Desk = { Cards: { Key: string; Title: string; Value: string; Sub?: string; Path: string }[] };
    const d = (await t.api<Desk>('/MyDeskTop/GetMyDeskData', {}, admin)).data;
    expect(d.Cards.find((c) => c.Key === 'spaces')).toMatchObject({ Path: '/car/place', Sub: '共 150 个车位' });
    expect(d.Cards.find((c) => c.Key === 'monthly-cards')).toMatchObject({ Path: '/car/vehicle', Sub: '已过期 3' });
    // 在场车辆 appears once, as 通行管理's figure.
    expect(d.Cards.filter((c) => c.Title === '在场车辆').map((c) => c.Key)).toEqual(['carsInLot']);
    const clerk = await clerkWith(t, admin, [{ RoleKey: 'cwcl_cwgl', Btn: '' }], [await communityId(t, '翠湖天地')]);
    const c = (await t.api<Desk>('/MyDeskTop/GetMyDeskData', {}, clerk)).data;
    expect(c.Cards.map((x) => [x.Key, x.Value])).toEqual([['spaces', '0']]);
  });
});

describe('lookupPassageType (the access helper’s entry to "Type at passage")', () => {
  it('reads the lot’s vehicle by normalised plate: own type, 黑名单 denied, lapsed 月租 as temp, unknown as 临时', async () => {
    const [ground] = await t.db.select().from(parkingLots).where(eq(parkingLots.name, '地上停车场'));
    const cars = await t.db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.lotId, ground!.id), eq(vehicles.isDeleted, false)));
    const owned = cars.find((v) => v.vehicleType === 2)!;
    const monthly = cars.find((v) => v.vehicleType === 1)!;
    const q = (plate: string, at = new Date()) =>
      lookupPassageType(t.db, { cmpId: ground!.cmpId, lotId: ground!.id, plate, at, timeZone: 'Asia/Shanghai' });
    expect(await q(owned.plate.toLowerCase())).toMatchObject({ VehicleId: owned.id, VehicleType: 2, Deny: null });
    expect(await q('粤Z99999')).toMatchObject({ VehicleId: null, VehicleType: 3 });
    await t.db.update(vehicles).set({ validEnd: '2020-01-01' }).where(eq(vehicles.id, monthly.id));
    expect(await q(monthly.plate)).toMatchObject({ VehicleType: 3, RegisteredType: 1, Expired: true, Deny: null });
    await t.db.update(parkingLots).set({ expiredAsTemp: false }).where(eq(parkingLots.id, ground!.id));
    expect((await q(monthly.plate)).Deny).toBe('月卡已过期');
    await t.db.update(vehicles).set({ status: 3 }).where(eq(vehicles.id, owned.id));
    expect((await q(owned.plate)).Deny).toBe('黑名单车辆');
  });
});
