import { MSG_SPACE_HAS_VEHICLES, type ParkingSpaceSaveBody } from '@linli/shared';
import { and, eq, ne } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, fieldError } from '../../core/errors';
import type { Tx } from '../../db/client';
import { parkingLots, parkingSpaces } from '../../db/schema';
import { assertResidentRoom, lotInScope, platesOn, residentOf, spaceInScope, spacesIn } from './parking-refs';

export const capacityMessage = (count: number) => `车位数量已达车场车位总数 ${count}`;

/**
 * One space write for Save and the import (车位管理 "Form" and "Refusals"), in the caller's transaction. The lot row
 * is locked first, so two writes cannot both take its last place.
 */
export async function saveSpace(tx: Tx, auth: Auth, b: ParkingSpaceSaveBody, now: Date, ip: string): Promise<number> {
  const old = b.Id ? await spaceInScope(tx, auth, b.Id) : null;
  const lot = await lotInScope(tx, auth, b.LotId);
  await tx
    .select({ id: parkingLots.id })
    .from(parkingLots)
    .where(and(eq(parkingLots.id, lot.id), eq(parkingLots.cmpId, auth.cmpId)))
    .for('update');
  const [dup] = await tx
    .select({ id: parkingSpaces.id })
    .from(parkingSpaces)
    .where(
      and(
        eq(parkingSpaces.cmpId, auth.cmpId),
        eq(parkingSpaces.lotId, b.LotId),
        eq(parkingSpaces.spaceNo, b.SpaceNo),
        ne(parkingSpaces.id, b.Id),
      ),
    );
  if (dup) throw fieldError('SpaceNo', '车位编号已存在');
  if ((!old || old.lotId !== b.LotId) && (await spacesIn(tx, auth.cmpId, b.LotId)) >= lot.spaceCount)
    throw fieldError('LotId', capacityMessage(lot.spaceCount));
  if (old) {
    const bound = await platesOn(tx, auth.cmpId, old.id);
    // A space with cars stays where it is and taken: 释放 it (after unbinding) instead.
    if (bound.length && (b.Status === 1 || old.lotId !== b.LotId)) throw fail(MSG_SPACE_HAS_VEHICLES);
  }
  const owned = b.Status !== 1;
  const ownerId = owned ? (b.OwnerResidentId ?? null) : null;
  if (ownerId) await residentOf(tx, auth, ownerId);
  if (b.RoomId && owned && !ownerId) throw fieldError('OwnerResidentId', '请先选择业主');
  const roomId = ownerId ? (b.RoomId ?? null) : null;
  if (ownerId && roomId) await assertResidentRoom(tx, auth, ownerId, roomId, lot.communityId);
  const values = {
    communityId: lot.communityId,
    lotId: b.LotId,
    spaceNo: b.SpaceNo,
    spaceType: b.SpaceType,
    area: b.Area ?? null,
    status: b.Status,
    ownerResidentId: ownerId,
    roomId,
    // Only 已租 keeps a lease.
    rentStart: b.Status === 3 ? (b.RentStart ?? null) : null,
    rentEnd: b.Status === 3 ? (b.RentEnd ?? null) : null,
    updatedAt: now,
  };
  let id = b.Id;
  if (old) {
    await tx
      .update(parkingSpaces)
      .set(values)
      .where(and(eq(parkingSpaces.id, old.id), eq(parkingSpaces.cmpId, auth.cmpId)));
  } else {
    const [row] = await tx
      .insert(parkingSpaces)
      .values({ ...values, cmpId: auth.cmpId, createdAt: now, createdBy: auth.userId })
      .returning({ id: parkingSpaces.id });
    id = row!.id;
  }
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: `parking-space.${old ? 'edit' : 'add'}`,
      entity: 'parking-space',
      entityId: id,
      detail: { SpaceNo: b.SpaceNo, Status: b.Status },
      ip,
    },
    now,
  );
  return id;
}
