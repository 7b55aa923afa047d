import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { parkingLots, parkingSpaces, vehicles } from '../../db/schema';
import { createCompany } from '../../db/seed/create-company';
import { lotId, spaceOf } from './test-helpers';

/** Company B's administrator holds every right in B and none in A: A's parking ids never resolve for him. */
let t: TestApp;
let b: string;
beforeAll(async () => {
  t = await createTestApp();
  await createCompany(t.db, { name: '别家物业', account: 'bieadmin', password: 'Other2026' });
  b = await t.login('bieadmin', 'Other2026');
});
afterAll(() => t.close());

const NF = { ret: 404 };

describe('parking tenancy', () => {
  it('B lists nothing of A', async () => {
    for (const call of ['/ParkingLot/List', '/ParkingSpace/List', '/Vehicle/List'])
      expect((await t.api(call, {}, b)).count, call).toBe(0);
    expect((await t.api('/ParkingLot/Options', {}, b)).data).toEqual([]);
    expect((await t.api('/ParkingSpace/Options', { LotId: await lotId(t, '地上停车场') }, b)).data).toEqual([]);
  });

  it("B cannot read or change A's lots, spaces or vehicles by id", async () => {
    const lot = await lotId(t, '地上停车场');
    const space = await spaceOf(t, '地上停车场', 'A-006');
    const [car] = await t.db.select().from(vehicles).where(eq(vehicles.spaceId, space.id));
    expect(await t.api('/ParkingLot/Get', { Id: lot }, b)).toMatchObject(NF);
    expect(await t.api('/ParkingLot/Delete', { Id: lot }, b)).toMatchObject(NF);
    expect(
      await t.api('/ParkingLot/Quote', { LotId: lot, InTime: '2026-11-10', OutTime: '2026-11-11' }, b),
    ).toMatchObject(NF);
    expect(
      await t.api(
        '/ParkingLot/Save',
        { Id: lot, CommunityId: space.communityId, Name: '改', LotType: 1, SpaceCount: 5 },
        b,
      ),
    ).toMatchObject(NF);
    expect(await t.api('/ParkingSpace/Get', { Id: space.id }, b)).toMatchObject(NF);
    expect(await t.api('/ParkingSpace/Release', { Id: space.id }, b)).toMatchObject(NF);
    expect(await t.api('/ParkingSpace/Delete', { Id: space.id }, b)).toMatchObject(NF);
    expect(
      (await t.api('/ParkingSpace/Save', { Id: 0, LotId: lot, SpaceNo: 'B-1', SpaceType: 1, Status: 1 }, b)).msg,
    ).toBe('车场不存在');
    expect((await t.api('/ParkingSpace/BatchAdd', { LotId: lot, From: 1, To: 2 }, b)).msg).toBe('车场不存在');
    expect(await t.api('/Vehicle/Get', { Id: car!.id }, b)).toMatchObject(NF);
    expect(await t.api('/Vehicle/SetStatus', { Id: car!.id, Status: 3 }, b)).toMatchObject(NF);
    expect(await t.api('/Vehicle/Renew', { Ids: [car!.id], Months: 1 }, b)).toMatchObject(NF);
    expect(await t.api('/Vehicle/Delete', { Id: car!.id }, b)).toMatchObject(NF);
    expect((await t.api('/Vehicle/Save', { Id: 0, LotId: lot, Plate: '粤B11111', VehicleType: 3 }, b)).msg).toBe(
      '车场不存在',
    );
    // Nothing moved.
    const [l] = await t.db.select().from(parkingLots).where(eq(parkingLots.id, lot));
    expect(l!.name).toBe('地上停车场');
    const [s] = await t.db.select().from(parkingSpaces).where(eq(parkingSpaces.id, space.id));
    expect(s!.status).toBe(2);
    const [v] = await t.db.select().from(vehicles).where(eq(vehicles.id, car!.id));
    expect(v).toMatchObject({ status: 1, isDeleted: false, validEnd: car!.validEnd });
  });
});
