import { RESIDENT_ROLES, type RegistrationSubmitBody } from '@linli/shared';
import { and, eq } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, notFound } from '../../core/errors';
import { inScope } from '../../core/scope';
import { assertOwnUploads } from '../../core/upload-refs';
import { buildings, registrations, rooms } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notify } from '../messages/notify';
import { usersServing } from '../properties/serving';
import { clearReminders, lockPending } from './registrations.service';

/** The applicant's side of 住户认证 (the owner app's calls; staff review lives in registrations.service.ts). */

/**
 * The owner app's sign-up: one pending application per app user and room; MsgType 8 reaches the community's
 * zhgl_zhgl holders with SourceId = the registration.
 */
export async function submitRegistration(deps: AppDeps, auth: Auth, b: RegistrationSubmitBody, ip: string) {
  const { db } = deps.database;
  const [room] = await db
    .select({ id: rooms.id, communityId: rooms.communityId, building: buildings.name, roomNo: rooms.roomNo })
    .from(rooms)
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .where(and(eq(rooms.id, b.RoomId), eq(rooms.cmpId, auth.cmpId), inScope(auth, rooms.communityId)));
  if (!room) throw notFound();
  const now = deps.now();
  return db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(
        and(
          eq(registrations.cmpId, auth.cmpId),
          eq(registrations.appUserId, b.AppUserId),
          eq(registrations.roomId, b.RoomId),
          eq(registrations.status, 0),
        ),
      );
    if (dup) throw fail('您已提交过该房屋的申请');
    const [row] = await tx
      .insert(registrations)
      .values({
        cmpId: auth.cmpId,
        communityId: room.communityId,
        roomId: room.id,
        appUserId: b.AppUserId,
        name: b.Name,
        mobile: b.Mobile,
        idNo: b.IdNo,
        role: b.Role,
        relation: b.Relation ?? '',
        leaseEnd: b.LeaseEnd ?? null,
        attachments: b.Attachments,
        status: 0,
        createdBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: registrations.id });
    const id = row!.id;
    // Until app accounts exist the call runs as the company's stand-in (Auth): its company must own the files.
    const files = { name: 'Attachments', label: '附件' };
    await assertOwnUploads(tx, auth, files, b.Attachments, { table: 'registrations', id });
    await notify(tx, {
      cmpId: auth.cmpId,
      roleKey: 'zhgl_zhgl',
      userIds: await usersServing(tx, auth.cmpId, room.communityId),
      msgType: 8,
      title: `新的住户认证申请：${b.Name} 申请 ${room.building}-${room.roomNo} ${RESIDENT_ROLES[b.Role]}`,
      sourceId: id,
    });
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'registration.submit',
        entity: 'registration',
        entityId: id,
        ip,
      },
      now,
    );
    return { Id: id };
  });
}

/**
 * 撤回 by the applicant (the owner app; Registration/Submit's stand-in until app accounts exist): only his own
 * application, only while 待审核. The staff reminders go read, as after a review.
 */
export async function withdrawRegistration(deps: AppDeps, auth: Auth, id: number, appUserId: number, ip: string) {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const [g] = await lockPending(tx, auth, [id], appUserId);
    await tx
      .update(registrations)
      .set({ status: 3, updatedAt: now })
      .where(and(eq(registrations.cmpId, auth.cmpId), eq(registrations.id, g!.id)));
    await clearReminders(tx, auth.cmpId, [id], now);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'registration.withdraw',
        entity: 'registration',
        entityId: id,
        detail: { AppUserId: appUserId },
        ip,
      },
      now,
    );
  });
}
