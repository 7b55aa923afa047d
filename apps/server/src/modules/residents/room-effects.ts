import { and, count, eq, exists, inArray, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Auth } from '../../core/auth';
import { anyId } from '../../core/filters';
import type { Tx } from '../../db/client';
import { residentRooms, residents, rooms } from '../../db/schema';
import { changeRoomStatus, STATUS_SOURCE } from '../properties/room-status';

type Who = Pick<Auth, 'cmpId' | 'userId'>;

const o = alias(residentRooms, 'o');
const p = alias(residentRooms, 'p');

/** Active links of the room `roomId` (a column of the outer query) matching `extra`. */
const activeLinks = (tx: Tx, roomId: AnyPgColumn, extra: SQL) =>
  tx
    .select({ one: sql`1` })
    .from(p)
    .where(and(eq(p.roomId, roomId), isNull(p.moveOutDate), extra));

/**
 * Room effects of links (residents.md "States and rules", properties.md): the first active 业主/家属 link makes a
 * 未售/空置 room 已入住, a 租户 link makes it 已出租; when the last link closes the room becomes 空置, and a 已出租
 * room whose last tenant left but where owners or family still live becomes 已入住. Each change is logged (Source 4
 * 住户). Also keeps Room.OwnerResidentId on the primary owner: a closed primary link hands the flag to another active
 * owner or clears it.
 */
export async function applyRoomEffects(tx: Tx, who: Who, roomIds: number[], now: Date, reason: string) {
  if (!roomIds.length) return;
  // Primary owner: a room whose active owners have no primary one promotes the oldest.
  const promoted = tx
    .selectDistinctOn([o.roomId], { id: o.id })
    .from(o)
    .where(
      and(
        eq(o.cmpId, who.cmpId),
        anyId(o.roomId, roomIds),
        eq(o.role, 1),
        isNull(o.moveOutDate),
        notExists(activeLinks(tx, o.roomId, and(eq(p.role, 1), eq(p.isPrimary, true))!)),
      ),
    )
    .orderBy(o.roomId, o.id);
  await tx
    .update(residentRooms)
    .set({ isPrimary: true, updatedAt: now })
    .where(and(eq(residentRooms.cmpId, who.cmpId), inArray(residentRooms.id, promoted)));
  const mine = and(eq(rooms.cmpId, who.cmpId), anyId(rooms.id, roomIds));
  const owner = tx
    .select({ id: p.residentId })
    .from(p)
    .where(and(eq(p.roomId, rooms.id), isNull(p.moveOutDate), eq(p.role, 1), eq(p.isPrimary, true)))
    .limit(1);
  await tx
    .update(rooms)
    .set({ ownerResidentId: sql`(${owner})`, updatedAt: now })
    .where(and(eq(rooms.cmpId, who.cmpId), anyId(rooms.id, roomIds)));
  const counted = (roles: number[]) =>
    sql<number>`(${tx
      .select({ n: count() })
      .from(p)
      .where(and(eq(p.roomId, rooms.id), isNull(p.moveOutDate), inArray(p.role, roles)))})`.mapWith(Number);
  const rows = await tx
    .select({ id: rooms.id, status: rooms.status, owners: counted([1, 2]), tenants: counted([3]) })
    .from(rooms)
    .where(mine);
  const to = new Map<number, number[]>();
  const push = (status: number, id: number) => to.set(status, [...(to.get(status) ?? []), id]);
  for (const r of rows) {
    if (!r.owners && !r.tenants) {
      if (r.status === 2 || r.status === 3) push(1, r.id);
    } else if (r.tenants) {
      if (r.status !== 3 && r.status !== 4) push(3, r.id);
    } else if (r.status === 0 || r.status === 1 || r.status === 3) push(2, r.id);
  }
  for (const [status, group] of to) await changeRoomStatus(tx, who, group, status, STATUS_SOURCE.RESIDENT, reason, now);
}

/** 在住 while a link is active, else 已迁出. */
export async function refreshResidentStatus(tx: Tx, cmpId: number, residentIds: number[], now: Date) {
  if (!residentIds.length) return;
  const living = exists(
    tx
      .select({ one: sql`1` })
      .from(p)
      .where(and(eq(p.residentId, residents.id), isNull(p.moveOutDate))),
  );
  await tx
    .update(residents)
    .set({ status: sql`case when ${living} then 1 else 2 end`, updatedAt: now })
    .where(and(eq(residents.cmpId, cmpId), anyId(residents.id, residentIds)));
}
