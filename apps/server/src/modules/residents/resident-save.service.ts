import { fromIdNo, type ResidentSaveBody } from '@linli/shared';
import { and, eq } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, notFound } from '../../core/errors';
import { anyId } from '../../core/filters';
import { communityIdsOf } from '../../core/scope';
import type { Tx } from '../../db/client';
import { residentRooms, residents, residentTags, rooms } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { dispatchFaceTasks, enqueueFaceAdds, enqueueFaceDeletes, facesOf } from './face-sync';
import { writeLinks } from './resident-links';
import { duplicateMessage, duplicatesOf } from './resident-options.service';
import { replaceTags } from './resident-tags.service';
import { applyRoomEffects, refreshResidentStatus } from './room-effects';
import { residentOf, today } from './residents-query';

/** Every id of the body must be the session's: rooms in its communities, its own links, the company's tags. */
async function checkIds(db: Tx, auth: Auth, b: ResidentSaveBody) {
  const roomIds = b.Rooms.map((r) => r.RoomId);
  if (new Set(roomIds).size !== roomIds.length) throw fail('该住户已关联此房屋');
  const found = await db
    .select({ id: rooms.id, communityId: rooms.communityId })
    .from(rooms)
    .where(
      and(
        eq(rooms.cmpId, auth.cmpId),
        anyId(rooms.id, roomIds),
        anyId(rooms.communityId, await communityIdsOf(db, auth)),
      ),
    );
  if (found.length !== roomIds.length) throw notFound();
  const own = b.Rooms.filter((r) => r.Id).map((r) => r.Id);
  if (own.length) {
    const mine = b.Id
      ? await db
          .select({ id: residentRooms.id })
          .from(residentRooms)
          .where(
            and(eq(residentRooms.cmpId, auth.cmpId), eq(residentRooms.residentId, b.Id), anyId(residentRooms.id, own)),
          )
      : [];
    if (mine.length !== new Set(own).size) throw notFound();
  }
  if (b.TagIds.length) {
    const tags = await db
      .select({ id: residentTags.id })
      .from(residentTags)
      .where(and(eq(residentTags.cmpId, auth.cmpId), anyId(residentTags.id, b.TagIds)));
    if (tags.length !== new Set(b.TagIds).size) throw notFound();
  }
  return new Map(found.map((r) => [r.id, r.communityId]));
}

export async function saveResident(
  deps: AppDeps,
  auth: Auth,
  b: ResidentSaveBody & { MovePrimary?: boolean },
  ip: string,
) {
  const { db } = deps.database;
  if (b.Id) await residentOf(db, auth, b.Id);
  const communityOf = await checkIds(db, auth, b);
  const [dup] = await duplicatesOf(db, auth, b, b.Id);
  if (dup) {
    const msg = duplicateMessage(dup);
    throw fail(msg, { ...(dup.visible ? { ResidentId: dup.id } : {}), Errors: { [dup.field]: msg } });
  }
  const now = deps.now();
  const d = today(deps, auth);
  const fromId = b.IdType === 1 ? fromIdNo(b.IdNo) : null;
  const fields = {
    name: b.Name,
    gender: b.Gender || fromId?.gender || 0,
    mobile: b.Mobile,
    idType: b.IdType,
    idNo: b.IdNo,
    birthday: fromId?.birthday ?? null,
    emergencyName: b.EmergencyName ?? '',
    emergencyMobile: b.EmergencyMobile,
    remark: b.Remark ?? '',
    updatedAt: now,
  };
  const result = await db.transaction(async (tx) => {
    let id = b.Id;
    if (id) {
      await tx
        .update(residents)
        .set(fields)
        .where(and(eq(residents.cmpId, auth.cmpId), eq(residents.id, id)));
    } else {
      const [row] = await tx
        .insert(residents)
        .values({ ...fields, cmpId: auth.cmpId, source: 1, status: 1, createdBy: auth.userId, createdAt: now })
        .returning({ id: residents.id });
      id = row!.id;
    }
    const touched = await writeLinks(
      tx,
      auth,
      id,
      b.Rooms.map((r) => ({
        id: r.Id,
        roomId: r.RoomId,
        communityId: communityOf.get(r.RoomId)!,
        role: r.Role,
        relation: r.Relation ?? '',
        isPrimary: r.IsPrimary,
        moveInDate: r.MoveInDate ?? d,
        moveOutDate: r.MoveOutDate ?? null,
        leaseStart: r.LeaseStart ?? null,
        leaseEnd: r.LeaseEnd ?? null,
      })),
      now,
      !!b.MovePrimary,
    );
    await replaceTags(tx, auth, [id], b.TagIds, now);
    await applyRoomEffects(tx, auth, touched, now, b.Id ? '住户变更' : '住户入住');
    await refreshResidentStatus(tx, auth.cmpId, [id], now);
    const faces = await facesOf(tx, [id]);
    await enqueueFaceAdds(tx, auth.cmpId, faces, now);
    await enqueueFaceDeletes(tx, auth.cmpId, faces, now, true);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: b.Id ? 'resident.edit' : 'resident.add',
        entity: 'resident',
        entityId: id,
        detail: { Name: b.Name, Rooms: b.Rooms.map((r) => r.RoomId) },
        ip,
      },
      now,
    );
    return { Id: id, faces };
  });
  await dispatchFaceTasks(deps, { cmpId: auth.cmpId, faceIds: result.faces }).catch(() => 0);
  return { Id: result.Id };
}
