import { REGISTRATION_STATUS, RESIDENT_ROLES } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { Page } from '../../core/calls';
import { fail, notFound } from '../../core/errors';
import { pageOf, pagingFields } from '../../core/paging';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { optionalInt } from '../properties/filters';
import { maskerFor } from './masks';
import { applyRoomEffects, refreshResidentStatus } from './room-effects';
import { idList } from './residents-query';
import { today, writeLinks } from './residents.service';
import { emitRegistrationReviewed } from './resident-events';

export const RegistrationFilter = z.object({
  ...pagingFields,
  Status: optionalInt(),
  CommunityId: optionalInt(),
  DateFrom: z.preprocess((v) => (v ? String(v).slice(0, 10) : undefined), z.string().optional()),
  DateTo: z.preprocess((v) => (v ? String(v).slice(0, 10) : undefined), z.string().optional()),
});
export type RegistrationFilter = z.infer<typeof RegistrationFilter>;

const validDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export async function registrationList(deps: AppDeps, auth: Auth, f: RegistrationFilter) {
  const { db } = deps.database;
  const scope = idList(await communityIdsOf(db, auth));
  const parts = [sql`g.cmp_id = ${auth.cmpId}`, sql`g.community_id = any(${scope}::int[])`];
  parts.push(sql`g.status = ${f.Status ?? 0}`);
  if (f.CommunityId) parts.push(sql`g.community_id = ${f.CommunityId}`);
  if (f.DateFrom && validDate(f.DateFrom))
    parts.push(sql`(g.created_at at time zone 'Asia/Shanghai')::date >= ${f.DateFrom}::date`);
  if (f.DateTo && validDate(f.DateTo))
    parts.push(sql`(g.created_at at time zone 'Asia/Shanghai')::date <= ${f.DateTo}::date`);
  const where = sql.join(parts, sql` and `);
  const p = pageOf(f);
  const rows = await sqlRows<{
    id: number;
    community_id: number;
    community_name: string;
    room_id: number;
    room_name: string;
    name: string;
    mobile: string;
    id_no: string;
    role: number;
    relation: string;
    lease_end: string | null;
    attachments: string[];
    status: number;
    reject_reason: string;
    reviewer: string | null;
    review_time: Date | null;
    created_at: Date;
    mobile_owner: string | null;
    room_owner: string | null;
    same: boolean;
  }>(
    db,
    sql`select g.id, g.community_id, c.name as community_name, g.room_id, ro.full_name as room_name, g.name, g.mobile,
        g.id_no, g.role, g.relation, g.lease_end::text, g.attachments, g.status, g.reject_reason, u.name as reviewer,
        g.review_time, g.created_at,
        (select e.name from residents e where e.cmp_id = g.cmp_id and e.mobile = g.mobile and not e.is_deleted limit 1) as mobile_owner,
        (select e.name from residents e where e.id = ro.owner_resident_id) as room_owner,
        exists (select 1 from residents e where e.id = ro.owner_resident_id and e.mobile = g.mobile) as same
      from registrations g join rooms ro on ro.id = g.room_id join communities c on c.id = g.community_id
        left join users u on u.id = g.review_user_id
      where ${where} order by g.created_at desc, g.id desc limit ${p.limit} offset ${p.offset}`,
  );
  const [c] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from registrations g where ${where}`);
  const mask = maskerFor(auth);
  return new Page(
    rows.map((r) => ({
      Id: r.id,
      CommunityId: r.community_id,
      CommunityName: r.community_name,
      RoomId: r.room_id,
      RoomName: r.room_name,
      Name: r.name,
      Mobile: mask.mobile(r.mobile),
      IdNo: mask.idNo(r.id_no),
      Role: r.role,
      RoleName: RESIDENT_ROLES[r.role] ?? '',
      Relation: r.relation,
      LeaseEnd: r.lease_end ?? '',
      Attachments: (r.attachments ?? []).map((a) => (a.startsWith('/') ? a : `/uploads/${a}`)),
      Compare: r.same
        ? '与登记业主一致'
        : r.mobile_owner
          ? `手机号已登记为 ${r.mobile_owner}`
          : r.room_owner
            ? `房屋已有业主 ${r.room_owner}`
            : '未找到登记信息',
      Status: r.status,
      StatusName: REGISTRATION_STATUS[r.status] ?? '',
      RejectReason: r.reject_reason,
      ReviewerName: r.reviewer ?? '',
      ReviewTime: fmtTime(r.review_time),
      CreateTime: fmtTime(r.created_at),
    })),
    Number(c?.n ?? 0),
  );
}

export async function pendingCount(deps: AppDeps, auth: Auth) {
  const { db } = deps.database;
  const scope = idList(await communityIdsOf(db, auth));
  const [c] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from registrations where cmp_id = ${auth.cmpId} and status = 0
      and community_id = any(${scope}::int[])`,
  );
  return { Count: Number(c?.n ?? 0) };
}

/** Locks the applications (all of them, of one applicant when `appUserId` is given) while they are 待审核. */
export async function lockPending(tx: Tx, auth: Auth, ids: number[], appUserId?: number) {
  const scope = idList(await communityIdsOf(tx, auth));
  const rows = await sqlRows<{
    id: number;
    status: number;
    community_id: number;
    room_id: number;
    app_user_id: number;
    name: string;
    mobile: string;
    id_no: string;
    role: number;
    relation: string;
    lease_end: string | null;
    reviewer: string | null;
  }>(
    tx,
    sql`select g.id, g.status, g.community_id, g.room_id, g.app_user_id, g.name, g.mobile, g.id_no, g.role, g.relation,
        g.lease_end::text, (select u.name from users u where u.id = g.review_user_id) as reviewer
      from registrations g where g.id = any(${idList(ids)}::int[]) and g.cmp_id = ${auth.cmpId}
        and g.community_id = any(${scope}::int[]) ${appUserId ? sql`and g.app_user_id = ${appUserId}` : sql``}
      order by g.id for update`,
  );
  if (rows.length !== new Set(ids).size) throw notFound();
  const done = rows.find((r) => r.status !== 0);
  if (done) throw fail(`该申请已由 ${done.reviewer || '申请人'} 处理`);
  return rows;
}

/** Marks read every unread MsgType 8 reminder of these registrations, for all recipients. */
export async function clearReminders(tx: Tx, cmpId: number, ids: number[], now: Date) {
  await tx.execute(sql`update sys_messages set is_read = true, read_at = ${now}
    where cmp_id = ${cmpId} and msg_type = 8 and not is_read and source_id = any(${idList(ids)}::int[])`);
}

export async function approveRegistrations(deps: AppDeps, auth: Auth, ids: number[], ip: string) {
  const now = deps.now();
  const d = today(deps, auth);
  return deps.database.db.transaction(async (tx) => {
    const rows = await lockPending(tx, auth, ids);
    const touchedRooms: number[] = [];
    const residentIds: number[] = [];
    for (const g of rows) {
      const [found] = await sqlRows<{ id: number }>(
        tx,
        sql`select id from residents where cmp_id = ${auth.cmpId} and mobile = ${g.mobile} and not is_deleted limit 1`,
      );
      let residentId = found ? Number(found.id) : 0;
      if (residentId) {
        await tx.execute(
          sql`update residents set app_user_id = ${g.app_user_id}, updated_at = ${now} where id = ${residentId}`,
        );
      } else {
        const [dupId] = g.id_no
          ? await sqlRows<{ name: string }>(
              tx,
              sql`select name from residents where cmp_id = ${auth.cmpId} and id_type = 1 and id_no = ${g.id_no} and not is_deleted`,
            )
          : [];
        if (dupId) throw fail(`该身份证号已登记为住户 ${dupId.name}`);
        const [row] = await sqlRows<{ id: number }>(
          tx,
          sql`insert into residents (cmp_id, name, mobile, id_type, id_no, source, status, app_user_id, created_by, created_at, updated_at)
            values (${auth.cmpId}, ${g.name}, ${g.mobile}, 1, ${g.id_no}, 2, 1, ${g.app_user_id}, ${auth.userId}, ${now}, ${now})
            returning id`,
        );
        residentId = Number(row!.id);
      }
      const [active] = await sqlRows<{ id: number }>(
        tx,
        sql`select id from resident_rooms where room_id = ${g.room_id} and resident_id = ${residentId} and move_out_date is null`,
      );
      if (!active)
        touchedRooms.push(
          ...(await writeLinks(
            tx,
            auth,
            residentId,
            [
              {
                id: 0,
                roomId: g.room_id,
                communityId: g.community_id,
                role: g.role,
                relation: g.relation,
                isPrimary: false,
                moveInDate: d,
                moveOutDate: null,
                leaseStart: null,
                leaseEnd: g.lease_end,
              },
            ],
            now,
            false,
          )),
        );
      residentIds.push(residentId);
      await tx.execute(sql`update registrations set status = 1, review_user_id = ${auth.userId}, review_time = ${now},
        resident_id = ${residentId}, updated_at = ${now} where id = ${g.id}`);
      await emitRegistrationReviewed(tx, {
        cmpId: auth.cmpId,
        registrationId: Number(g.id),
        appUserId: g.app_user_id ? Number(g.app_user_id) : null,
        status: 1,
        residentId,
        reason: null,
        now,
      });
    }
    await applyRoomEffects(tx, auth, touchedRooms, now, '住户认证通过');
    await refreshResidentStatus(tx, residentIds, now);
    await clearReminders(tx, auth.cmpId, ids, now);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'registration.approve',
        entity: 'registration',
        detail: { Ids: ids },
        ip,
      },
      now,
    );
    return { Approved: rows.length };
  });
}

export async function rejectRegistration(deps: AppDeps, auth: Auth, id: number, reason: string, ip: string) {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const [g] = await lockPending(tx, auth, [id]);
    await tx.execute(sql`update registrations set status = 2, reject_reason = ${reason}, review_user_id = ${auth.userId},
      review_time = ${now}, updated_at = ${now} where id = ${id}`);
    await emitRegistrationReviewed(tx, {
      cmpId: auth.cmpId,
      registrationId: id,
      appUserId: g?.app_user_id ? Number(g.app_user_id) : null,
      status: 2,
      residentId: null,
      reason,
      now,
    });
    await clearReminders(tx, auth.cmpId, [id], now);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'registration.reject',
        entity: 'registration',
        entityId: id,
        detail: { Reason: reason },
        ip,
      },
      now,
    );
  });
}
