import { DECORATIONS, isEmptyValue, ROOM_STATUS, ROOM_TYPES, zOptionalText } from '@linli/shared';
import { and, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { pagingFields } from '../../core/paging';
import { sortFields } from '../../core/sorting';
import { inScope } from '../../core/scope';
import type { Tx } from '../../db/client';
import { buildings, buildingUnits, communities, meters, residentRooms, residents, rooms } from '../../db/schema';
import { likeText, optionalInt } from '../../core/filters';
import { maskMobile } from '../../core/masks';

export const RoomFilter = z.object({
  ...pagingFields,
  ...sortFields,
  CommunityId: optionalInt(),
  BuildingId: optionalInt(),
  UnitId: optionalInt(),
  Floor: optionalInt(),
  RoomNo: zOptionalText(20, '房号'),
  RoomType: optionalInt(),
  Status: optionalInt(),
  OwnerKey: zOptionalText(30, '业主'),
  HasOwner: z.preprocess(
    (v) => (isEmptyValue(v) ? undefined : Number(v)),
    z.union([z.literal(0), z.literal(1)]).optional(),
  ),
});
export type RoomFilter = z.infer<typeof RoomFilter>;

export function roomWhere(auth: Auth, f: Partial<RoomFilter>): SQL {
  const owner = f.OwnerKey ? likeText(f.OwnerKey) : null;
  return and(
    eq(rooms.cmpId, auth.cmpId),
    inScope(auth, rooms.communityId),
    f.CommunityId ? eq(rooms.communityId, f.CommunityId) : undefined,
    f.BuildingId ? eq(rooms.buildingId, f.BuildingId) : undefined,
    f.UnitId ? eq(rooms.unitId, f.UnitId) : undefined,
    f.Floor !== undefined ? eq(rooms.floor, f.Floor) : undefined,
    f.RoomNo ? ilike(rooms.roomNo, likeText(f.RoomNo)) : undefined,
    f.RoomType ? eq(rooms.roomType, f.RoomType) : undefined,
    f.Status !== undefined ? eq(rooms.status, f.Status) : undefined,
    owner
      ? sql`exists (select 1 from ${residents} o where o.id = ${rooms.ownerResidentId} and (o.name ilike ${owner} or o.mobile like ${owner}))`
      : undefined,
    f.HasOwner === 1 ? isNotNull(rooms.ownerResidentId) : f.HasOwner === 0 ? isNull(rooms.ownerResidentId) : undefined,
  )!;
}

const columns = {
  id: rooms.id,
  Id: rooms.id,
  CommunityId: rooms.communityId,
  CommunityName: communities.name,
  BuildingId: rooms.buildingId,
  BuildingName: buildings.name,
  UnitId: rooms.unitId,
  UnitName: buildingUnits.name,
  Floor: rooms.floor,
  RoomNo: rooms.roomNo,
  FullName: rooms.fullName,
  RoomType: rooms.roomType,
  Bedrooms: rooms.bedrooms,
  Livingrooms: rooms.livingrooms,
  Bathrooms: rooms.bathrooms,
  Decoration: rooms.decoration,
  BuildArea: rooms.buildArea,
  InnerArea: rooms.innerArea,
  FeeCoefficient: rooms.feeCoefficient,
  Status: rooms.status,
  OwnerResidentId: rooms.ownerResidentId,
  OwnerName: sql<string>`coalesce(${residents.name}, '')`,
  OwnerMobileRaw: sql<string>`coalesce(${residents.mobile}, '')`,
  OwnerIdNo: sql<string>`coalesce(${residents.idNo}, '')`,
  HandoverDate: rooms.handoverDate,
  ResidentCount: sql<number>`(select count(*)::int from ${residentRooms} rr where rr.room_id = ${rooms.id} and rr.move_out_date is null)`,
  MeterCount: sql<number>`(select count(*)::int from ${meters} m where m.room_id = ${rooms.id})`,
};

export const selectRooms = (db: Tx) =>
  db
    .select(columns)
    .from(rooms)
    .innerJoin(communities, eq(communities.id, rooms.communityId))
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .innerJoin(buildingUnits, eq(buildingUnits.id, rooms.unitId))
    .leftJoin(residents, eq(residents.id, rooms.ownerResidentId));

type Row = Awaited<ReturnType<ReturnType<typeof selectRooms>['execute']>>[number];

export const layoutText = (r: { Bedrooms: number; Livingrooms: number; Bathrooms: number }) =>
  r.Bedrooms || r.Livingrooms || r.Bathrooms ? `${r.Bedrooms}室${r.Livingrooms}厅${r.Bathrooms}卫` : '';

export function roomView({ id: _id, OwnerMobileRaw, OwnerIdNo: _idNo, ...r }: Row) {
  return {
    ...r,
    InnerArea: r.InnerArea ?? '',
    HandoverDate: r.HandoverDate ?? '',
    OwnerMobile: maskMobile(OwnerMobileRaw),
    RoomTypeName: ROOM_TYPES[r.RoomType] ?? '',
    StatusName: ROOM_STATUS[r.Status] ?? '',
    DecorationName: DECORATIONS[r.Decoration] ?? '',
    Layout: layoutText(r),
  };
}
export type RoomView = ReturnType<typeof roomView>;

/** Columns a room list may be sorted by. */
export const roomSorts = {
  FullName: rooms.fullName,
  Floor: rooms.floor,
  RoomNo: rooms.roomNo,
  BuildArea: rooms.buildArea,
  InnerArea: rooms.innerArea,
  FeeCoefficient: rooms.feeCoefficient,
  Status: rooms.status,
  HandoverDate: rooms.handoverDate,
};

/** The order of every room list: building, unit, floor, number. */
export const roomOrder = [rooms.buildingId, rooms.unitId, rooms.floor, rooms.roomNo, rooms.id] as const;

export type RoomRow = Row;
