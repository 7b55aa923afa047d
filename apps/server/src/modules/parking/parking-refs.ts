import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fieldError, notFound } from '../../core/errors';
import { inScope } from '../../core/scope';
import type { Tx } from '../../db/client';
import { parkingLots, parkingSpaces, residentRooms, residents, vehicles } from '../../db/schema';

/** Lookups the parking writes share: every id is checked against the caller's company and communities. */

export async function lotInScope(tx: Tx, auth: Auth, lotId: number, field = 'LotId') {
  const [lot] = await tx
    .select({
      id: parkingLots.id,
      communityId: parkingLots.communityId,
      name: parkingLots.name,
      spaceCount: parkingLots.spaceCount,
    })
    .from(parkingLots)
    .where(and(eq(parkingLots.id, lotId), eq(parkingLots.cmpId, auth.cmpId), inScope(auth, parkingLots.communityId)));
  if (!lot) throw fieldError(field, '车场不存在');
  return lot;
}

/** A live resident of the company. */
export async function residentOf(tx: Tx, auth: Auth, id: number, field = 'OwnerResidentId') {
  const [r] = await tx
    .select({ id: residents.id, name: residents.name, mobile: residents.mobile })
    .from(residents)
    .where(and(eq(residents.id, id), eq(residents.cmpId, auth.cmpId), eq(residents.isDeleted, false)));
  if (!r) throw fieldError(field, '业主不存在');
  return r;
}

/** The room must be one the resident is linked to now, in the lot's community. */
export async function assertResidentRoom(tx: Tx, auth: Auth, residentId: number, roomId: number, communityId: number) {
  const [link] = await tx
    .select({ id: residentRooms.id })
    .from(residentRooms)
    .where(
      and(
        eq(residentRooms.cmpId, auth.cmpId),
        eq(residentRooms.residentId, residentId),
        eq(residentRooms.roomId, roomId),
        eq(residentRooms.communityId, communityId),
        isNull(residentRooms.moveOutDate),
      ),
    )
    .limit(1);
  if (!link) throw fieldError('RoomId', '请选择该业主名下的房屋');
}

/** Spaces already entered in a lot. */
export async function spacesIn(tx: Tx, cmpId: number, lotId: number): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(parkingSpaces)
    .where(and(eq(parkingSpaces.cmpId, cmpId), eq(parkingSpaces.lotId, lotId)));
  return r?.n ?? 0;
}

/** The plates bound to a space (vehicles not deleted). */
export async function platesOn(tx: Tx, cmpId: number, spaceId: number): Promise<string[]> {
  const rows = await tx
    .select({ plate: vehicles.plate })
    .from(vehicles)
    .where(and(eq(vehicles.cmpId, cmpId), eq(vehicles.spaceId, spaceId), eq(vehicles.isDeleted, false)))
    .orderBy(vehicles.id);
  return rows.map((r) => r.plate);
}

/** A space of the company within the caller's communities. */
export async function spaceInScope(tx: Tx, auth: Auth, id: number) {
  const [s] = await tx
    .select()
    .from(parkingSpaces)
    .where(
      and(eq(parkingSpaces.id, id), eq(parkingSpaces.cmpId, auth.cmpId), inScope(auth, parkingSpaces.communityId)),
    );
  if (!s) throw notFound();
  return s;
}
