import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buildings, communities, meters, rooms } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { buildingId, communityId, roomId } from './test-helpers';

/** Company B's administrator holds every right in B and none in A: A's property ids never resolve for him. */
let t: TestApp;
let b: string;
beforeAll(async () => {
  t = await createTestApp();
  await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
  b = await t.login('bieadmin', 'Other2026');
});
afterAll(() => t.close());

const NF = { ret: 404, msg: '数据不存在' };

describe('properties tenancy', () => {
  it('B lists nothing of A', async () => {
    for (const call of ['/Community/List', '/Building/List', '/Room/List', '/Handover/List'])
      expect((await t.api(call, {}, b)).count, call).toBe(0);
    expect((await t.api('/Community/Options', {}, b)).data).toEqual([]);
  });

  it("B cannot read or change A's community, building, room or meter by id", async () => {
    const cm = await communityId(t, '阳光花园');
    const bld = await buildingId(t, '阳光花园', '1栋');
    const room = await roomId(t, '阳光花园', '1栋-1单元-101');
    const [meter] = await t.db.select().from(meters).where(eq(meters.roomId, room));
    expect(await t.api('/Community/Get', { Id: cm }, b)).toMatchObject(NF);
    expect(await t.api('/Community/Delete', { Id: cm }, b)).toMatchObject(NF);
    const base = { Province: '浙江省', City: '杭州市', District: '西湖区', Address: 'x' };
    expect(await t.api('/Community/Save', { Id: cm, Name: '被改了', ...base }, b)).toMatchObject(NF);
    expect(await t.api('/Building/Get', { Id: bld }, b)).toMatchObject(NF);
    expect(await t.api('/Building/Delete', { Id: bld }, b)).toMatchObject(NF);
    const units = [{ UnitNo: 1 }];
    expect(
      await t.api('/Building/Save', { CommunityId: cm, Name: '挂靠', FloorsAbove: 3, Units: units }, b),
    ).toMatchObject(NF);
    expect(
      await t.api(
        '/Building/GenerateRooms',
        {
          BuildingId: bld,
          UnitIds: [1],
          FloorFrom: 1,
          FloorTo: 1,
          PerFloor: 1,
          Positions: [{ Seq: 1, BuildArea: '9' }],
        },
        b,
      ),
    ).toMatchObject(NF);
    expect(await t.api('/Room/Save', { Id: room, UnitId: 1, Floor: 1, RoomNo: '1', BuildArea: '9' }, b)).toMatchObject(
      NF,
    );
    expect(await t.api('/Room/BatchStatus', { Ids: [room], Status: 0, Reason: 'x' }, b)).toMatchObject(NF);
    expect(await t.api('/Meter/ByRoom', { RoomId: room }, b)).toMatchObject(NF);
    expect(await t.api('/Meter/Unbind', { MeterId: meter!.id, Reading: '99999' }, b)).toMatchObject(NF);
    expect(await t.api('/Meter/Save', { CommunityId: cm, MeterType: 1, MeterNo: 'X1' }, b)).toMatchObject(NF);
    expect(await t.api('/Handover/Availability', { CommunityId: cm }, b)).toMatchObject(NF);
    // Nothing moved.
    const [c] = await t.db.select().from(communities).where(eq(communities.id, cm));
    expect(c!.name).toBe('阳光花园');
    expect(await t.db.select().from(buildings).where(eq(buildings.id, bld))).toHaveLength(1);
    const [r] = await t.db.select().from(rooms).where(eq(rooms.id, room));
    expect(r!.status).not.toBe(0);
    const [m] = await t.db.select().from(meters).where(eq(meters.id, meter!.id));
    expect(m!.roomId).toBe(room);
  });
});
