import {
  codeName,
  EXPIRING_DAYS,
  normalisePlate,
  PLATE_COLORS,
  VALID_STATES,
  VEHICLE_STATUS,
  VEHICLE_TYPES,
  zOptionalText,
} from '@linli/shared';
import { and, eq, exists, ilike, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { daysBetween } from '../../core/dates';
import { likeText, optionalInt } from '../../core/filters';
import { maskMobile } from '../../core/masks';
import { inScope } from '../../core/scope';
import type { Tx } from '../../db/client';
import { carPassRecords, communities, parkingLots, parkingSpaces, residents, rooms, vehicles } from '../../db/schema';

/** 车辆管理's rows: the vehicle, its display joins, the computed ValidState/DaysLeft and 在场. */

export const vehicleFilter = {
  CommunityId: optionalInt(),
  LotId: optionalInt(),
  Plate: zOptionalText(10, '车牌'),
  Keyword: zOptionalText(30, '车主/手机'),
  VehicleType: optionalInt(),
  ValidState: optionalInt(),
  Status: optionalInt(),
  /** The residents' 车辆 tab and the rooms' 车位车辆 tab. */
  OwnerResidentId: optionalInt(),
  RoomId: optionalInt(),
};

export interface VehicleFilter {
  CommunityId?: number | undefined;
  LotId?: number | undefined;
  Plate?: string | undefined;
  Keyword?: string | undefined;
  VehicleType?: number | undefined;
  ValidState?: number | undefined;
  Status?: number | undefined;
  OwnerResidentId?: number | undefined;
  RoomId?: number | undefined;
}

/** ValidState as a condition on ValidEnd against the company's today: 1有效 2即将到期 (≤30 days) 3已过期. */
export function validStateWhere(column: typeof vehicles.validEnd, state: number | undefined, today: string) {
  if (state === 1) return sql`${column} > ${today}::date + ${EXPIRING_DAYS}::int`;
  if (state === 2) return sql`${column} between ${today}::date and ${today}::date + ${EXPIRING_DAYS}::int`;
  if (state === 3) return sql`${column} < ${today}::date`;
  return undefined;
}

export function vehicleWhere(auth: Auth, f: VehicleFilter, today: string): SQL | undefined {
  const plate = f.Plate && normalisePlate(f.Plate);
  const kw = f.Keyword && likeText(f.Keyword);
  return and(
    eq(vehicles.cmpId, auth.cmpId),
    inScope(auth, vehicles.communityId),
    eq(vehicles.isDeleted, false),
    f.CommunityId === undefined ? undefined : eq(vehicles.communityId, f.CommunityId),
    f.LotId === undefined ? undefined : eq(vehicles.lotId, f.LotId),
    plate ? ilike(vehicles.plate, likeText(plate)) : undefined,
    kw
      ? sql`(${vehicles.ownerName} ilike ${kw} or ${vehicles.ownerMobile} ilike ${kw} or ${exists(
          sql`(select 1 from ${residents} o where o.id = "vehicles"."owner_resident_id" and (o.name ilike ${kw} or o.mobile ilike ${kw}))`,
        )})`
      : undefined,
    f.VehicleType === undefined ? undefined : eq(vehicles.vehicleType, f.VehicleType),
    validStateWhere(vehicles.validEnd, f.ValidState, today),
    f.Status === undefined ? undefined : eq(vehicles.status, f.Status),
    f.OwnerResidentId === undefined ? undefined : eq(vehicles.ownerResidentId, f.OwnerResidentId),
    f.RoomId === undefined ? undefined : eq(vehicles.roomId, f.RoomId),
  );
}

export const vehicleSelect = (db: Tx) =>
  db
    .select({
      Id: vehicles.id,
      CommunityId: vehicles.communityId,
      CommunityName: communities.name,
      LotId: vehicles.lotId,
      LotName: parkingLots.name,
      Plate: vehicles.plate,
      PlateColor: vehicles.plateColor,
      OwnerResidentId: vehicles.ownerResidentId,
      OwnerName: sql<string>`coalesce(${residents.name}, ${vehicles.ownerName})`,
      OwnerMobile: sql<string>`coalesce(${residents.mobile}, ${vehicles.ownerMobile})`,
      RoomId: vehicles.roomId,
      RoomText: sql<string>`coalesce(${rooms.fullName}, '')`,
      VehicleType: vehicles.vehicleType,
      SpaceId: vehicles.spaceId,
      SpaceNo: sql<string>`coalesce(${parkingSpaces.spaceNo}, '')`,
      ValidStart: vehicles.validStart,
      ValidEnd: vehicles.validEnd,
      Brand: vehicles.brand,
      Color: vehicles.color,
      Status: vehicles.status,
      StatusReason: vehicles.statusReason,
      InLot: sql<boolean>`exists (select 1 from ${carPassRecords} r where r.lot_id = "vehicles"."lot_id" and r.plate = "vehicles"."plate" and r.state = 1)`,
    })
    .from(vehicles)
    .innerJoin(communities, eq(communities.id, vehicles.communityId))
    .innerJoin(parkingLots, eq(parkingLots.id, vehicles.lotId))
    .leftJoin(residents, eq(residents.id, vehicles.ownerResidentId))
    .leftJoin(rooms, eq(rooms.id, vehicles.roomId))
    .leftJoin(parkingSpaces, eq(parkingSpaces.id, vehicles.spaceId))
    .$dynamic();

export type VehicleSelectRow = Awaited<ReturnType<typeof vehicleSelect>>[number];

/** ValidState and DaysLeft of an end date by the company's today. */
export function validity(end: string | null, today: string) {
  if (!end) return { ValidState: null, ValidStateName: '', DaysLeft: null };
  const days = daysBetween(today, end);
  const state = days < 0 ? 3 : days <= EXPIRING_DAYS ? 2 : 1;
  return { ValidState: state, ValidStateName: codeName(VALID_STATES, state), DaysLeft: days };
}

/** A row as lists show it: the mobile masked unless `fullMobile` (a Get for edit/view holders). */
export function vehicleView(r: VehicleSelectRow, today: string, fullMobile = false) {
  return {
    ...r,
    OwnerMobile: fullMobile ? r.OwnerMobile : maskMobile(r.OwnerMobile),
    PlateColorName: codeName(PLATE_COLORS, r.PlateColor),
    VehicleTypeName: codeName(VEHICLE_TYPES, r.VehicleType),
    StatusName: codeName(VEHICLE_STATUS, r.Status),
    ...validity(r.ValidEnd, today),
  };
}

export const vehicleSort = {
  Plate: vehicles.plate,
  ValidEnd: vehicles.validEnd,
  DaysLeft: vehicles.validEnd,
  VehicleType: vehicles.vehicleType,
  LotName: parkingLots.name,
};

/** Same lot (and community) scope checks, reused by the writes: the vehicle of the company in the caller's scope. */
export async function vehicleInScope(tx: Tx, auth: Auth, id: number) {
  const [v] = await tx
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.id, id),
        eq(vehicles.cmpId, auth.cmpId),
        eq(vehicles.isDeleted, false),
        inScope(auth, vehicles.communityId),
      ),
    );
  return v;
}
