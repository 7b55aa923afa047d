import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail } from '../../core/errors';
import type { Tx } from '../../db/client';
import { faceImages, registrations, residentRooms, residents, residentTagLinks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { enqueueFaceDeletes, facesOf } from './face-sync';
import { outsideHistory } from './resident-events';
import { applyRoomEffects } from './room-effects';
import { residentOf } from './residents-query';

const exists = async (q: Promise<unknown[]>) => (await q).length > 0;

/**
 * Why the resident cannot be deleted, naming what blocks it, or null. Other areas' records first (the spec's
 * '该住户已有缴费记录/车辆/门禁卡，不能删除，请使用迁出'), then this module's own history: a past link (the rooms keep it
 * as 历史住户) or an approved registration. 请使用迁出 only to someone who still lives somewhere.
 */
async function deleteRefusal(tx: Tx, cmpId: number, id: number): Promise<string | null> {
  const mine = and(eq(residentRooms.cmpId, cmpId), eq(residentRooms.residentId, id));
  const living = await exists(
    tx
      .select({ id: residentRooms.id })
      .from(residentRooms)
      .where(and(mine, isNull(residentRooms.moveOutDate)))
      .limit(1),
  );
  const moveOut = living ? '，请使用迁出' : '';
  const outside = await outsideHistory(tx, cmpId, id);
  if (outside.length) {
    const named = [...new Set(outside.filter(Boolean))];
    return `该住户已有${named.length ? named.join('/') : '缴费记录/车辆/门禁卡'}，不能删除${moveOut}`;
  }
  const movedOut = await exists(
    tx
      .select({ id: residentRooms.id })
      .from(residentRooms)
      .where(and(mine, isNotNull(residentRooms.moveOutDate)))
      .limit(1),
  );
  if (movedOut)
    return living ? '该住户已有迁出记录，不能删除，请使用迁出' : '该住户已迁出，其居住记录保留在房屋历史中，不能删除';
  const registered = await exists(
    tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.cmpId, cmpId), eq(registrations.residentId, id)))
      .limit(1),
  );
  if (registered) return `该住户由业主认证登记，认证记录需保留，不能删除${moveOut}`;
  return null;
}

/**
 * Delete: only a mistaken entry without history (residents.md "Delete"). Its links go (the rooms' status follows),
 * its faces are removed from the devices, the row is kept as deleted.
 */
export async function deleteResident(deps: AppDeps, auth: Auth, id: number, ip: string) {
  const { db } = deps.database;
  await residentOf(db, auth, id);
  const now = deps.now();
  const cmp = auth.cmpId;
  await db.transaction(async (tx) => {
    const refusal = await deleteRefusal(tx, cmp, id);
    if (refusal) throw fail(refusal);
    const links = await tx
      .delete(residentRooms)
      .where(and(eq(residentRooms.cmpId, cmp), eq(residentRooms.residentId, id)))
      .returning({ roomId: residentRooms.roomId });
    await applyRoomEffects(
      tx,
      auth,
      links.map((l) => l.roomId),
      now,
      '住户删除',
    );
    const faces = await facesOf(tx, [id]);
    await enqueueFaceDeletes(tx, cmp, faces, now, false);
    await tx
      .update(faceImages)
      .set({ status: 2, updatedAt: now })
      .where(and(eq(faceImages.cmpId, cmp), eq(faceImages.residentId, id), eq(faceImages.status, 1)));
    await tx.delete(residentTagLinks).where(and(eq(residentTagLinks.cmpId, cmp), eq(residentTagLinks.residentId, id)));
    await tx
      .update(residents)
      .set({ isDeleted: true, status: 2, updatedAt: now })
      .where(and(eq(residents.cmpId, cmp), eq(residents.id, id)));
    await audit(
      tx,
      { cmpId: cmp, userId: auth.userId, action: 'resident.del', entity: 'resident', entityId: id, ip },
      now,
    );
  });
}
