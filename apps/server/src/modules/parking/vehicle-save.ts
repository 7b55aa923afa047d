import { defaultPlateColor, SPACE_CAPACITY, VEHICLE_TYPE, type VehicleSaveBody } from '@linli/shared';
import { and, eq, ne } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fieldError, notFound } from '../../core/errors';
import type { Tx } from '../../db/client';
import { parkingSpaces, rooms, vehicles } from '../../db/schema';
import { assertResidentRoom, lotInScope, residentOf } from './parking-refs';
import { vehicleInScope } from './vehicles-query';

/**
 * One vehicle write for Save and the import (domain/parking-access.md 车辆管理 "Refusals"), inside the caller's
 * transaction: the space is locked first so two saves cannot both take its last place.
 */
export async function saveVehicle(tx: Tx, auth: Auth, b: VehicleSaveBody, now: Date, ip: string): Promise<number> {
  const old = b.Id ? await vehicleInScope(tx, auth, b.Id) : undefined;
  if (b.Id && !old) throw notFound();
  const lot = await lotInScope(tx, auth, b.LotId);
  const [dup] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.cmpId, auth.cmpId),
        eq(vehicles.lotId, b.LotId),
        eq(vehicles.plate, b.Plate),
        eq(vehicles.isDeleted, false),
        ne(vehicles.id, b.Id),
      ),
    );
  if (dup) throw fieldError('Plate', `车牌 ${b.Plate} 已在该车场登记`);
  const owner = b.OwnerResidentId ? await residentOf(tx, auth, b.OwnerResidentId) : null;
  if (b.RoomId) {
    if (owner) await assertResidentRoom(tx, auth, owner.id, b.RoomId, lot.communityId);
    else {
      const [room] = await tx
        .select({ id: rooms.id })
        .from(rooms)
        .where(and(eq(rooms.id, b.RoomId), eq(rooms.cmpId, auth.cmpId), eq(rooms.communityId, lot.communityId)));
      if (!room) throw fieldError('RoomId', '房屋不存在');
    }
  }
  if (b.SpaceId) {
    const [space] = await tx
      .select()
      .from(parkingSpaces)
      .where(and(eq(parkingSpaces.id, b.SpaceId), eq(parkingSpaces.cmpId, auth.cmpId)))
      .for('update');
    if (!space || space.lotId !== b.LotId) throw fieldError('SpaceId', '车位不属于该车场');
    if (b.VehicleType === VEHICLE_TYPE.owned && (space.status !== 2 || space.ownerResidentId !== b.OwnerResidentId))
      throw fieldError('SpaceId', '产权车必须绑定该业主名下的已售车位');
    const bound = await tx
      .select({ plate: vehicles.plate })
      .from(vehicles)
      .where(
        and(
          eq(vehicles.cmpId, auth.cmpId),
          eq(vehicles.spaceId, space.id),
          eq(vehicles.isDeleted, false),
          ne(vehicles.id, b.Id),
        ),
      )
      .orderBy(vehicles.id);
    if (bound.length >= (SPACE_CAPACITY[space.spaceType] ?? 1))
      throw fieldError('SpaceId', `该车位已绑定车辆 ${bound.map((v) => v.plate).join('、')}`);
  } else if (b.VehicleType === VEHICLE_TYPE.owned) {
    throw fieldError('SpaceId', '产权车必须绑定该业主名下的已售车位');
  }
  const values = {
    communityId: lot.communityId,
    lotId: b.LotId,
    plate: b.Plate,
    plateColor: b.PlateColor ?? defaultPlateColor(b.Plate),
    ownerResidentId: owner?.id ?? null,
    // A linked resident's own name and mobile are shown; typed ones only for a car without a resident.
    ownerName: owner ? '' : (b.OwnerName ?? ''),
    ownerMobile: owner ? '' : (b.OwnerMobile ?? ''),
    roomId: b.RoomId ?? null,
    vehicleType: b.VehicleType,
    spaceId: b.SpaceId ?? null,
    validStart: b.ValidStart ?? null,
    validEnd: b.ValidEnd ?? null,
    brand: b.Brand ?? '',
    color: b.Color ?? '',
    updatedAt: now,
  };
  let id = b.Id;
  if (old) {
    await tx
      .update(vehicles)
      .set(values)
      .where(and(eq(vehicles.id, old.id), eq(vehicles.cmpId, auth.cmpId)));
  } else {
    const [row] = await tx
      .insert(vehicles)
      .values({ ...values, cmpId: auth.cmpId, createdAt: now, createdBy: auth.userId })
      .returning({ id: vehicles.id });
    id = row!.id;
  }
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: `vehicle.${old ? 'edit' : 'add'}`,
      entity: 'vehicle',
      entityId: id,
      detail: { Plate: b.Plate, VehicleType: b.VehicleType, ValidEnd: b.ValidEnd ?? null },
      ip,
    },
    now,
  );
  return id;
}

/** Soft delete (its passage records keep pointing at it); the space is freed for another car. */
export async function deleteVehicle(tx: Tx, auth: Auth, id: number, now: Date, ip: string): Promise<void> {
  const v = await vehicleInScope(tx, auth, id);
  if (!v) throw notFound();
  await tx
    .update(vehicles)
    .set({ isDeleted: true, spaceId: null, updatedAt: now })
    .where(and(eq(vehicles.id, id), eq(vehicles.cmpId, auth.cmpId)));
  await audit(
    tx,
    {
      cmpId: auth.cmpId,
      userId: auth.userId,
      action: 'vehicle.del',
      entity: 'vehicle',
      entityId: id,
      detail: { Plate: v.plate },
      ip,
    },
    now,
  );
}
