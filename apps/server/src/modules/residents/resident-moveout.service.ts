import type { ResidentMoveOutBody } from '@linli/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, notFound } from '../../core/errors';
import { anyId } from '../../core/filters';
import { communityIdsOf } from '../../core/scope';
import { residentRooms } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { dispatchFaceTasks, enqueueFaceDeletes, facesOf } from './face-sync';
import { emitMovedOut } from './resident-events';
import { applyRoomEffects, refreshResidentStatus } from './room-effects';
import { residentOf, today } from './residents-query';

/**
 * 迁出 (residents.md): closes the chosen active links (default all) in the session's communities; the rooms, the
 * resident's status and his faces on the devices follow; other areas hear of it (同时注销门禁卡).
 */
export async function moveOut(deps: AppDeps, auth: Auth, b: ResidentMoveOutBody, ip: string) {
  const { db } = deps.database;
  await residentOf(db, auth, b.Id);
  const scope = await communityIdsOf(db, auth);
  const date = b.MoveOutDate ?? today(deps, auth);
  const now = deps.now();
  const result = await db.transaction(async (tx) => {
    const links = await tx
      .select({ id: residentRooms.id, roomId: residentRooms.roomId, moveInDate: residentRooms.moveInDate })
      .from(residentRooms)
      .where(
        and(
          eq(residentRooms.cmpId, auth.cmpId),
          eq(residentRooms.residentId, b.Id),
          isNull(residentRooms.moveOutDate),
          anyId(residentRooms.communityId, scope),
          b.LinkIds.length ? anyId(residentRooms.id, b.LinkIds) : undefined,
        ),
      )
      .for('update');
    if (!links.length) throw fail('该住户没有可迁出的房屋');
    if (b.LinkIds.length && links.length !== new Set(b.LinkIds).size) throw notFound();
    if (links.some((l) => l.moveInDate && l.moveInDate > date)) throw fail('迁出日期不能早于入住日期');
    const linkIds = links.map((l) => l.id);
    await tx
      .update(residentRooms)
      .set({ moveOutDate: date, updatedAt: now })
      .where(and(eq(residentRooms.cmpId, auth.cmpId), anyId(residentRooms.id, linkIds)));
    const roomIds = links.map((l) => l.roomId);
    await applyRoomEffects(tx, auth, roomIds, now, '住户迁出');
    await refreshResidentStatus(tx, auth.cmpId, [b.Id], now);
    const faces = await facesOf(tx, [b.Id]);
    await enqueueFaceDeletes(tx, auth.cmpId, faces, now, true);
    await emitMovedOut(tx, {
      cmpId: auth.cmpId,
      userId: auth.userId,
      residentId: b.Id,
      linkIds,
      roomIds,
      moveOutDate: date,
      revokeCards: b.RevokeCards,
      now,
    });
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'resident.moveout',
        entity: 'resident',
        entityId: b.Id,
        detail: { LinkIds: linkIds, MoveOutDate: date, RevokeCards: b.RevokeCards },
        ip,
      },
      now,
    );
    return { Closed: links.length, faces };
  });
  await dispatchFaceTasks(deps, { cmpId: auth.cmpId, faceIds: result.faces }).catch(() => 0);
  return { Closed: result.Closed };
}
