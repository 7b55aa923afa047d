import { RESIDENT_ROLES, type RegistrationSubmitBody } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail, notFound } from '../../core/errors';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { AppDeps } from '../../deps';
import { notify } from '../messages/notify';
import { usersServing } from '../properties/serving';
import { clearReminders, lockPending } from './registrations';
import { idList } from './residents-query';

/** The applicant's side of 住户认证 (the owner app's calls; staff review lives in registrations.ts). */

/**
 * The owner app's sign-up: one pending application per app user and room; MsgType 8 reaches the community's
 * zhgl_zhgl holders with SourceId = the registration.
 */
export async function submitRegistration(deps: AppDeps, auth: Auth, b: RegistrationSubmitBody, ip: string) {
  const { db } = deps.database;
  const scope = idList(await communityIdsOf(db, auth));
  const [room] = await sqlRows<{ id: number; community_id: number; building: string; room_no: string }>(
    db,
    sql`select ro.id, ro.community_id, bl.name as building, ro.room_no from rooms ro join buildings bl on bl.id = ro.building_id
      where ro.id = ${b.RoomId} and ro.cmp_id = ${auth.cmpId} and ro.community_id = any(${scope}::int[])`,
  );
  if (!room) throw notFound();
  const now = deps.now();
  return db.transaction(async (tx) => {
    const [dup] = await sqlRows<{ id: number }>(
      tx,
      sql`select id from registrations where app_user_id = ${b.AppUserId} and room_id = ${b.RoomId} and status = 0`,
    );
    if (dup) throw fail('您已提交过该房屋的申请');
    const [row] = await sqlRows<{ id: number }>(
      tx,
      sql`insert into registrations (cmp_id, community_id, room_id, app_user_id, name, mobile, id_no, role, relation, lease_end,
          attachments, status, created_by, created_at, updated_at)
        values (${auth.cmpId}, ${room.community_id}, ${room.id}, ${b.AppUserId}, ${b.Name}, ${b.Mobile}, ${b.IdNo}, ${b.Role},
          ${b.Relation ?? ''}, ${b.LeaseEnd ?? null}, ${JSON.stringify(b.Attachments)}::jsonb, 0, ${auth.userId}, ${now}, ${now})
        returning id`,
    );
    const id = Number(row!.id);
    await notify(tx, {
      cmpId: auth.cmpId,
      roleKey: 'zhgl_zhgl',
      userIds: await usersServing(tx, auth.cmpId, room.community_id),
      msgType: 8,
      title: `新的住户认证申请：${b.Name} 申请 ${room.building}-${room.room_no} ${RESIDENT_ROLES[b.Role]}`,
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
    await tx.execute(sql`update registrations set status = 3, updated_at = ${now} where id = ${g!.id}`);
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
