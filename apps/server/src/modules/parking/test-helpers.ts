import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';
import { parkingLots, parkingSpaces, residentRooms, vehicles } from '../../db/schema';

/** Test helpers of the parking area (not a test file itself). */

export async function lotId(t: TestApp, name: string): Promise<number> {
  const [l] = await t.db.select({ id: parkingLots.id }).from(parkingLots).where(eq(parkingLots.name, name));
  return l!.id;
}

export async function spaceOf(t: TestApp, lot: string, no: string) {
  const [s] = await t.db
    .select()
    .from(parkingSpaces)
    .where(and(eq(parkingSpaces.lotId, await lotId(t, lot)), eq(parkingSpaces.spaceNo, no)));
  return s!;
}

export async function vehicleByPlate(t: TestApp, plate: string) {
  const [v] = await t.db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.plate, plate), eq(vehicles.isDeleted, false)));
  return v;
}

/** A primary owner of a room in the community, with that room. */
export async function ownerWithRoom(t: TestApp, communityId: number, skip = 0) {
  const rows = await t.db
    .select({ residentId: residentRooms.residentId, roomId: residentRooms.roomId })
    .from(residentRooms)
    .where(
      and(eq(residentRooms.communityId, communityId), eq(residentRooms.role, 1), eq(residentRooms.isPrimary, true)),
    )
    .orderBy(residentRooms.roomId)
    .limit(1)
    .offset(skip);
  return rows[0]!;
}
