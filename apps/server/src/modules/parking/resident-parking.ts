import { codeName, SPACE_STATUS, SPACE_TYPES, VEHICLE_STATUS, VEHICLE_TYPES, PLATE_COLORS } from '@linli/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { parkingLots, parkingSpaces, rooms, vehicles } from '../../db/schema';
import { addHistoryCheck } from '../residents/resident-events';
import { validity } from './vehicles-query';

/**
 * What parking shows elsewhere: the 车辆/车位 tabs of 住户详情 (Resident/Get Cars and Places) and the 车位车辆 tab of
 * 房间详情 (Room/Get Parking); and the resident delete refusal while he has vehicles or spaces.
 */

async function carsWhere(db: Tx, where: SQL | undefined, today: string) {
  const rows = await db
    .select({
      Id: vehicles.id,
      Plate: vehicles.plate,
      PlateColor: vehicles.plateColor,
      VehicleType: vehicles.vehicleType,
      LotName: parkingLots.name,
      SpaceNo: sql<string>`coalesce(${parkingSpaces.spaceNo}, '')`,
      RoomText: sql<string>`coalesce(${rooms.fullName}, '')`,
      ValidEnd: vehicles.validEnd,
      Brand: vehicles.brand,
      Color: vehicles.color,
      Status: vehicles.status,
    })
    .from(vehicles)
    .innerJoin(parkingLots, eq(parkingLots.id, vehicles.lotId))
    .leftJoin(parkingSpaces, eq(parkingSpaces.id, vehicles.spaceId))
    .leftJoin(rooms, eq(rooms.id, vehicles.roomId))
    .where(and(where, eq(vehicles.isDeleted, false)))
    .orderBy(vehicles.id);
  return rows.map((r) => ({
    ...r,
    PlateColorName: codeName(PLATE_COLORS, r.PlateColor),
    VehicleTypeName: codeName(VEHICLE_TYPES, r.VehicleType),
    StatusName: codeName(VEHICLE_STATUS, r.Status),
    ...validity(r.ValidEnd, today),
  }));
}

async function placesWhere(db: Tx, where: SQL | undefined) {
  const rows = await db
    .select({
      Id: parkingSpaces.id,
      SpaceNo: parkingSpaces.spaceNo,
      LotName: parkingLots.name,
      SpaceType: parkingSpaces.spaceType,
      Status: parkingSpaces.status,
      RoomText: sql<string>`coalesce(${rooms.fullName}, '')`,
      RentStart: parkingSpaces.rentStart,
      RentEnd: parkingSpaces.rentEnd,
    })
    .from(parkingSpaces)
    .innerJoin(parkingLots, eq(parkingLots.id, parkingSpaces.lotId))
    .leftJoin(rooms, eq(rooms.id, parkingSpaces.roomId))
    .where(where)
    .orderBy(parkingSpaces.lotId, parkingSpaces.spaceNo);
  return rows.map((r) => ({
    ...r,
    SpaceTypeName: codeName(SPACE_TYPES, r.SpaceType),
    StatusName: codeName(SPACE_STATUS, r.Status),
  }));
}

/** A resident's vehicles (as owner) and spaces (as owner or tenant). */
export async function residentParking(db: Tx, cmpId: number, residentId: number, today: string) {
  return {
    Cars: await carsWhere(db, and(eq(vehicles.cmpId, cmpId), eq(vehicles.ownerResidentId, residentId)), today),
    Places: await placesWhere(db, and(eq(parkingSpaces.cmpId, cmpId), eq(parkingSpaces.ownerResidentId, residentId))),
  };
}

/** A room's spaces and the vehicles registered to it. */
export async function roomParking(db: Tx, cmpId: number, roomId: number, today: string) {
  return {
    Places: await placesWhere(db, and(eq(parkingSpaces.cmpId, cmpId), eq(parkingSpaces.roomId, roomId))),
    Cars: await carsWhere(db, and(eq(vehicles.cmpId, cmpId), eq(vehicles.roomId, roomId)), today),
  };
}

// A resident who owns a vehicle or a space cannot be deleted (the refusal names 车辆 or 车位).
addHistoryCheck(async (tx, cmpId, residentId) => {
  const [car] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.cmpId, cmpId), eq(vehicles.ownerResidentId, residentId), eq(vehicles.isDeleted, false)))
    .limit(1);
  if (car) return '车辆';
  const [space] = await tx
    .select({ id: parkingSpaces.id })
    .from(parkingSpaces)
    .where(and(eq(parkingSpaces.cmpId, cmpId), eq(parkingSpaces.ownerResidentId, residentId)))
    .limit(1);
  return space ? '车位' : false;
});
