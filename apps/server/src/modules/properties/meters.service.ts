import { type MeterSaveBody, toFen } from '@linli/shared';
import { and, eq, ilike, isNull, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, fieldError, notFound } from '../../core/errors';
import { assertCommunity, inScope } from '../../core/scope';
import type { Tx } from '../../db/client';
import { communities, meterBindLogs, meters, rooms } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { likeText } from '../../core/filters';
import { meterView } from './room-detail';
import { roomOf } from './rooms.service';

async function meterOf(tx: Tx, auth: Auth, id: number, lock = false) {
  const q = tx
    .select()
    .from(meters)
    .where(and(eq(meters.id, id), eq(meters.cmpId, auth.cmpId), inScope(auth, meters.communityId)));
  const [m] = lock ? await q.for('update') : await q;
  if (!m) throw notFound();
  return m;
}

export async function metersByRoom(deps: AppDeps, auth: Auth, roomId: number) {
  const { db } = deps.database;
  await roomOf(db, auth, roomId);
  const rows = await db.select().from(meters).where(eq(meters.roomId, roomId)).orderBy(meters.meterType, meters.id);
  return rows.map(meterView);
}

/**
 * 绑定已有表's picker. Free meters only by default; with IncludeBound the bound ones follow (RoomName set), so a
 * clerk who picks one sees the refusal naming its room instead of wondering why the number is missing.
 */
export async function unboundMeters(
  deps: AppDeps,
  auth: Auth,
  f: { CommunityId: number; MeterType?: number; Keyword?: string; IncludeBound?: boolean },
) {
  const { db } = deps.database;
  await assertCommunity(db, auth, f.CommunityId);
  const rows = await db
    .select({ m: meters, roomName: rooms.fullName })
    .from(meters)
    .leftJoin(rooms, eq(rooms.id, meters.roomId))
    .where(
      and(
        eq(meters.communityId, f.CommunityId),
        f.IncludeBound ? undefined : isNull(meters.roomId),
        eq(meters.status, 1),
        f.MeterType ? eq(meters.meterType, f.MeterType) : undefined,
        f.Keyword ? ilike(meters.meterNo, likeText(f.Keyword)) : undefined,
      ),
    )
    .orderBy(sql`${meters.roomId} is not null`, meters.meterType, meters.meterNo)
    .limit(500);
  return rows.map(({ m, roomName }) => ({ ...meterView(m), RoomName: roomName ?? '' }));
}

/**
 * The one refusal for a number that already sits on a room, shared by 新增并绑定 and 绑定已有表:
 * '表号 DB-0001 已绑定 1栋-1单元-1202'. A room of another community carries its community's name, since the
 * number is unique company-wide and the bare room name would point at the wrong place.
 */
async function boundRefusal(
  tx: Tx,
  meterNo: string,
  boundRoomId: number,
  target: { roomId?: number; communityId: number },
) {
  if (boundRoomId === target.roomId) return `表号 ${meterNo} 已绑定该房间`;
  const [r] = await tx
    .select({ name: rooms.fullName, communityId: rooms.communityId, community: communities.name })
    .from(rooms)
    .innerJoin(communities, eq(communities.id, rooms.communityId))
    .where(eq(rooms.id, boundRoomId));
  const where = r ? (r.communityId === target.communityId ? r.name : `${r.community} ${r.name}`) : '';
  return `表号 ${meterNo} 已绑定 ${where}`;
}

/** 新增并绑定 or an edit of the meter's own fields; binding itself goes through `bind`. */
export async function saveMeter(deps: AppDeps, auth: Auth, b: MeterSaveBody, ip: string) {
  const { db } = deps.database;
  await assertCommunity(db, auth, b.CommunityId);
  if (b.RoomId) {
    const room = await roomOf(db, auth, b.RoomId);
    if (room.communityId !== b.CommunityId) throw fieldError('RoomId', '仪表与房间不属于同一小区');
  }
  const old = b.Id ? await meterOf(db, auth, b.Id) : null;
  return db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: meters.id, roomId: meters.roomId })
      .from(meters)
      .where(and(eq(meters.cmpId, auth.cmpId), eq(meters.meterType, b.MeterType), eq(meters.meterNo, b.MeterNo)));
    if (dup && dup.id !== b.Id) {
      const target = { roomId: b.RoomId, communityId: b.CommunityId };
      const msg = dup.roomId ? await boundRefusal(tx, b.MeterNo, dup.roomId, target) : `表号 ${b.MeterNo} 已存在`;
      throw fieldError('MeterNo', msg);
    }
    const now = deps.now();
    const values = {
      meterType: b.MeterType,
      meterNo: b.MeterNo,
      multiplier: b.Multiplier,
      isPrepaid: b.IsPrepaid,
      deviceSn: b.DeviceSn ?? '',
      status: b.Status,
      updatedAt: now,
    };
    let id = b.Id;
    if (old) {
      await tx
        .update(meters)
        .set(values)
        .where(and(eq(meters.id, id), eq(meters.cmpId, auth.cmpId)));
    } else {
      const [row] = await tx
        .insert(meters)
        .values({
          ...values,
          cmpId: auth.cmpId,
          communityId: b.CommunityId,
          initialReading: b.InitialReading,
          lastReading: b.InitialReading,
          lastReadTime: now,
          createdBy: auth.userId,
          createdAt: now,
        })
        .returning({ id: meters.id });
      id = row!.id;
      if (b.RoomId) await bindIn(tx, auth, id, b.RoomId, b.InitialReading, now);
    }
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: old ? 'meter.edit' : 'meter.add',
        entity: 'meter',
        entityId: id,
        detail: { MeterNo: b.MeterNo, RoomId: b.RoomId ?? null },
        ip,
      },
      now,
    );
    return { Id: id };
  });
}

async function bindIn(tx: Tx, auth: Auth, meterId: number, roomId: number, reading: string, now: Date) {
  const m = await meterOf(tx, auth, meterId, true);
  const [room] = await tx.select().from(rooms).where(eq(rooms.id, roomId));
  if (!room) throw notFound();
  // On the picker's field, so the dialog shows it under 仪表 as well as in the toast.
  if (m.roomId)
    throw fieldError('MeterId', await boundRefusal(tx, m.meterNo, m.roomId, { roomId, communityId: room.communityId }));
  if (m.communityId !== room.communityId) throw fail('仪表与房间不属于同一小区');
  if (toFen(reading) < toFen(m.lastReading)) throw fieldError('Reading', '读数不能小于上次读数');
  await tx
    .update(meters)
    .set({ roomId, lastReading: reading, lastReadTime: now, updatedAt: now })
    .where(and(eq(meters.id, meterId), eq(meters.cmpId, auth.cmpId)));
  await tx.insert(meterBindLogs).values({
    cmpId: auth.cmpId,
    meterId,
    roomId,
    action: 1,
    reading,
    createdBy: auth.userId,
    createdAt: now,
    updatedAt: now,
  });
}

export async function bindMeter(
  deps: AppDeps,
  auth: Auth,
  b: { MeterId: number; RoomId: number; Reading: string },
  ip: string,
) {
  const { db } = deps.database;
  await roomOf(db, auth, b.RoomId);
  await meterOf(db, auth, b.MeterId);
  await db.transaction(async (tx) => {
    const now = deps.now();
    await bindIn(tx, auth, b.MeterId, b.RoomId, b.Reading, now);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'meter.bind',
        entity: 'meter',
        entityId: b.MeterId,
        detail: { RoomId: b.RoomId, Reading: b.Reading },
        ip,
      },
      now,
    );
  });
  return null;
}

export async function unbindMeter(deps: AppDeps, auth: Auth, b: { MeterId: number; Reading: string }, ip: string) {
  const { db } = deps.database;
  await meterOf(db, auth, b.MeterId);
  await db.transaction(async (tx) => {
    const m = await meterOf(tx, auth, b.MeterId, true);
    if (!m.roomId) throw fail('该仪表未绑定房间');
    if (toFen(b.Reading) < toFen(m.lastReading)) throw fieldError('Reading', '读数不能小于上次读数');
    const now = deps.now();
    await tx
      .update(meters)
      .set({ roomId: null, lastReading: b.Reading, lastReadTime: now, updatedAt: now })
      .where(and(eq(meters.id, m.id), eq(meters.cmpId, auth.cmpId)));
    await tx.insert(meterBindLogs).values({
      cmpId: auth.cmpId,
      meterId: m.id,
      roomId: m.roomId,
      action: 2,
      reading: b.Reading,
      createdBy: auth.userId,
      createdAt: now,
      updatedAt: now,
    });
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'meter.unbind',
        entity: 'meter',
        entityId: m.id,
        detail: { RoomId: m.roomId, Reading: b.Reading },
        ip,
      },
      now,
    );
  });
  return null;
}
