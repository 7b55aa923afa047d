import { ROOM_STATUS, type RoomBatchStatusBody, type RoomSaveBody, STATUS_LOG_SOURCES } from '@linli/shared';
import { and, desc, eq, gt, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { Page } from '../../core/calls';
import { fail, fieldError, notFound } from '../../core/errors';
import { likeText } from '../../core/filters';
import { listWithCount } from '../../core/list-count';
import { pageOf } from '../../core/paging';
import { inScope } from '../../core/scope';
import { sortOf } from '../../core/sorting';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import {
  buildings,
  buildingUnits,
  handoverAppointments,
  meterBindLogs,
  meters,
  residentRooms,
  residents,
  rooms,
  roomStatusLogs,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { roomHasFees } from '../fees/fee-seams';
import { changeRoomStatus, STATUS_SOURCE } from './room-status';
import { linkOwner } from './room-owner';
import { type RoomFilter, roomOrder, roomSorts, roomView, roomWhere, selectRooms } from './rooms-query';

export async function roomList(deps: AppDeps, auth: Auth, f: RoomFilter) {
  const { db } = deps.database;
  const where = roomWhere(auth, f);
  return listWithCount(db, f, {
    table: rooms,
    where,
    rows: async (p) =>
      (
        await selectRooms(db)
          .where(where)
          .orderBy(...sortOf(f, roomSorts, [...roomOrder]))
          .limit(p.limit)
          .offset(p.offset)
      ).map(roomView),
  });
}

/** A room of the session's scope, or '数据不存在'. */
export async function roomOf(db: Tx, auth: Auth, id: number) {
  const [r] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, id), eq(rooms.cmpId, auth.cmpId), inScope(auth, rooms.communityId)));
  if (!r) throw notFound();
  return r;
}

export async function roomGet(deps: AppDeps, auth: Auth, id: number) {
  const { db } = deps.database;
  await roomOf(db, auth, id);
  const [r] = await selectRooms(db).where(eq(rooms.id, id));
  return roomView(r!);
}

export async function saveRoom(deps: AppDeps, auth: Auth, b: RoomSaveBody, ip: string) {
  const { db } = deps.database;
  const old = b.Id ? await roomOf(db, auth, b.Id) : null;
  const [unit] = await db
    .select({ unit: buildingUnits, bld: buildings })
    .from(buildingUnits)
    .innerJoin(buildings, eq(buildings.id, buildingUnits.buildingId))
    .where(
      and(
        eq(buildingUnits.id, b.UnitId),
        eq(buildingUnits.cmpId, auth.cmpId),
        inScope(auth, buildingUnits.communityId),
      ),
    );
  if (!unit) throw fieldError('UnitId', '单元不存在');
  if (b.Floor > unit.bld.floorsAbove || b.Floor < -unit.bld.floorsBelow)
    throw fieldError('Floor', '楼层超出该楼宇的层数范围');
  if (b.OwnerResidentId) {
    const [o] = await db
      .select({ id: residents.id })
      .from(residents)
      .where(and(eq(residents.id, b.OwnerResidentId), eq(residents.cmpId, auth.cmpId), eq(residents.isDeleted, false)));
    if (!o) throw fieldError('OwnerResidentId', '业主不存在');
  }
  return db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.unitId, b.UnitId), eq(rooms.roomNo, b.RoomNo)));
    if (dup && dup.id !== b.Id) throw fieldError('RoomNo', `该单元已存在房号 ${b.RoomNo}`);
    const now = deps.now();
    const values = {
      communityId: unit.unit.communityId,
      buildingId: unit.bld.id,
      unitId: unit.unit.id,
      floor: b.Floor,
      roomNo: b.RoomNo,
      fullName: `${unit.bld.name}-${unit.unit.name}-${b.RoomNo}`,
      roomType: b.RoomType,
      bedrooms: b.Bedrooms,
      livingrooms: b.Livingrooms,
      bathrooms: b.Bathrooms,
      decoration: b.Decoration,
      buildArea: b.BuildArea,
      innerArea: b.InnerArea ?? null,
      feeCoefficient: b.FeeCoefficient,
      handoverDate: b.HandoverDate ?? null,
      updatedAt: now,
    };
    let id = b.Id;
    if (old) {
      await tx
        .update(rooms)
        .set(values)
        .where(and(eq(rooms.id, id), eq(rooms.cmpId, auth.cmpId)));
      await changeRoomStatus(tx, auth, [id], b.Status, STATUS_SOURCE.MANUAL, b.Reason ?? '', now);
    } else {
      const [row] = await tx
        .insert(rooms)
        .values({ ...values, status: b.Status, cmpId: auth.cmpId, createdBy: auth.userId, createdAt: now })
        .returning({ id: rooms.id });
      id = row!.id;
    }
    if (b.OwnerResidentId && b.OwnerResidentId !== old?.ownerResidentId)
      await linkOwner(tx, auth, id, b.OwnerResidentId, now);
    const action = old ? 'room.edit' : 'room.add';
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action,
        entity: 'room',
        entityId: id,
        detail: { FullName: values.fullName },
        ip,
      },
      now,
    );
    return { Id: id };
  });
}

export async function deleteRoom(deps: AppDeps, auth: Auth, id: number, ip: string) {
  const { db } = deps.database;
  await roomOf(db, auth, id);
  await db.transaction(async (tx) => {
    const has = async (q: Promise<unknown[]>) => (await q).length > 0;
    if (
      await has(
        tx
          .select({ id: residentRooms.id })
          .from(residentRooms)
          .where(and(eq(residentRooms.roomId, id), isNull(residentRooms.moveOutDate)))
          .limit(1),
      )
    )
      throw fail('该房间已有住户，不能删除');
    if (await has(tx.select({ id: meters.id }).from(meters).where(eq(meters.roomId, id)).limit(1)))
      throw fail('该房间已绑定仪表，不能删除');
    if (
      await has(
        tx
          .select({ id: handoverAppointments.id })
          .from(handoverAppointments)
          .where(eq(handoverAppointments.roomId, id))
          .limit(1),
      )
    )
      throw fail('该房间已有交房记录，不能删除');
    if (await roomHasFees(tx, auth.cmpId, id)) throw fail('该房间已有费用记录，不能删除');
    await tx.delete(roomStatusLogs).where(and(eq(roomStatusLogs.roomId, id), eq(roomStatusLogs.cmpId, auth.cmpId)));
    await tx.delete(residentRooms).where(and(eq(residentRooms.roomId, id), eq(residentRooms.cmpId, auth.cmpId)));
    await tx.delete(meterBindLogs).where(and(eq(meterBindLogs.roomId, id), eq(meterBindLogs.cmpId, auth.cmpId)));
    await tx.delete(rooms).where(and(eq(rooms.id, id), eq(rooms.cmpId, auth.cmpId)));
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'room.del', entity: 'room', entityId: id, ip },
      deps.now(),
    );
  });
  return null;
}

/** 批量改状态: one set-based update with a log row per changed room. */
export async function batchStatus(deps: AppDeps, auth: Auth, b: RoomBatchStatusBody, ip: string) {
  const { db } = deps.database;
  const ids = [...new Set(b.Ids)];
  const found = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(inArray(rooms.id, ids), roomWhere(auth, {})));
  if (found.length !== ids.length) throw notFound();
  return db.transaction(async (tx) => {
    const now = deps.now();
    const changed = await changeRoomStatus(tx, auth, ids, b.Status, STATUS_SOURCE.BATCH, b.Reason, now);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'room.status',
        entity: 'room',
        detail: { Ids: ids, Status: b.Status, Changed: changed.length },
        ip,
      },
      now,
    );
    return { Changed: changed.length };
  });
}

export async function statusLog(
  deps: AppDeps,
  auth: Auth,
  roomId: number,
  page: { PgIndex?: unknown; PgSize?: unknown },
) {
  const { db } = deps.database;
  await roomOf(db, auth, roomId);
  const p = pageOf(page);
  const rows = await db
    .select({ log: roomStatusLogs, by: users.name })
    .from(roomStatusLogs)
    .leftJoin(users, eq(users.id, roomStatusLogs.createdBy))
    .where(eq(roomStatusLogs.roomId, roomId))
    .orderBy(desc(roomStatusLogs.id))
    .limit(p.limit)
    .offset(p.offset);
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(roomStatusLogs)
    .where(eq(roomStatusLogs.roomId, roomId));
  return new Page(
    rows.map(({ log, by }) => ({
      Id: log.id,
      FromStatus: log.fromStatus,
      FromStatusName: ROOM_STATUS[log.fromStatus] ?? '',
      ToStatus: log.toStatus,
      ToStatusName: ROOM_STATUS[log.toStatus] ?? '',
      Source: log.source,
      SourceName: STATUS_LOG_SOURCES[log.source] ?? '',
      Reason: log.reason,
      Creator: by ?? '',
      CreateTime: fmtTime(log.createdAt, auth.timeZone),
    })),
    c?.n ?? 0,
  );
}

/** The 房间 picker: rooms of a unit or building (or a community, by number), limited to the caller's scope. */
export async function roomOptions(
  deps: AppDeps,
  auth: Auth,
  f: {
    CommunityId?: number | undefined;
    BuildingId?: number | undefined;
    UnitId?: number | undefined;
    Keyword?: string | undefined;
    AfterId?: number | undefined;
  },
) {
  if (!f.CommunityId && !f.BuildingId && !f.UnitId) return [];
  const rows = await deps.database.db
    .select({ Id: rooms.id, RoomNo: rooms.roomNo, FullName: rooms.fullName, Floor: rooms.floor, Status: rooms.status })
    .from(rooms)
    .where(
      and(
        roomWhere(auth, { CommunityId: f.CommunityId, BuildingId: f.BuildingId, UnitId: f.UnitId }),
        f.Keyword ? ilike(rooms.fullName, likeText(f.Keyword)) : undefined,
        f.AfterId ? gt(rooms.id, f.AfterId) : undefined,
      ),
    )
    .orderBy(...roomOrder)
    .limit(200);
  return rows;
}
