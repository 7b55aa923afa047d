import { REGISTRATION_STATUS, RESIDENT_ROLES } from '@linli/shared';
import { and, count, desc, eq, gte, lte, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { Page } from '../../core/calls';
import { fail, notFound } from '../../core/errors';
import { anyId, optionalInt } from '../../core/filters';
import { maskIdNo, maskMobile } from '../../core/masks';
import { pageOf, pagingFields } from '../../core/paging';
import { communityIdsOf, inScope } from '../../core/scope';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { communities, registrations, residents, rooms, sysMessages, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { visibleResident } from './residents-query';

export const RegistrationFilter = z.object({
  ...pagingFields,
  Status: optionalInt(),
  CommunityId: optionalInt(),
  DateFrom: z.preprocess((v) => (v ? String(v).slice(0, 10) : undefined), z.string().optional()),
  DateTo: z.preprocess((v) => (v ? String(v).slice(0, 10) : undefined), z.string().optional()),
});
export type RegistrationFilter = z.infer<typeof RegistrationFilter>;

const validDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** The day of a registration's time in the company's zone, for the 日期 filter. */
const createdDay = (tz: string) => sql`(${registrations.createdAt} at time zone ${tz})::date`;

export async function registrationList(deps: AppDeps, auth: Auth, f: RegistrationFilter) {
  const { db } = deps.database;
  const where = and(
    eq(registrations.cmpId, auth.cmpId),
    inScope(auth, registrations.communityId),
    eq(registrations.status, f.Status ?? 0),
    f.CommunityId ? eq(registrations.communityId, f.CommunityId) : undefined,
    f.DateFrom && validDate(f.DateFrom) ? gte(createdDay(auth.timeZone), sql`${f.DateFrom}::date`) : undefined,
    f.DateTo && validDate(f.DateTo) ? lte(createdDay(auth.timeZone), sql`${f.DateTo}::date`) : undefined,
  );
  const p = pageOf(f);
  // 系统比对 names only residents the reviewer may see: another community's people stay unnamed.
  const x = alias(residents, 'x');
  const seen = await visibleResident(db, auth, 'x');
  const owner = alias(residents, 'o');
  const [rows, [c]] = await Promise.all([
    db
      .select({
        g: registrations,
        communityName: communities.name,
        roomName: rooms.fullName,
        reviewer: users.name,
        mobileOwner: sql<string | null>`(${db
          .select({ name: x.name })
          .from(x)
          .where(and(eq(x.mobile, registrations.mobile), seen))
          .limit(1)})`,
        roomOwner: owner.name,
        same: sql<boolean>`coalesce(${owner.mobile} = ${registrations.mobile}, false)`,
      })
      .from(registrations)
      .innerJoin(rooms, eq(rooms.id, registrations.roomId))
      .innerJoin(communities, eq(communities.id, registrations.communityId))
      .leftJoin(users, eq(users.id, registrations.reviewUserId))
      .leftJoin(owner, eq(owner.id, rooms.ownerResidentId))
      .where(where)
      .orderBy(desc(registrations.createdAt), desc(registrations.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(registrations).where(where),
  ]);
  return new Page(
    rows.map(({ g, ...r }) => ({
      Id: g.id,
      CommunityId: g.communityId,
      CommunityName: r.communityName,
      RoomId: g.roomId,
      RoomName: r.roomName,
      Name: g.name,
      Mobile: maskMobile(g.mobile),
      IdNo: maskIdNo(g.idNo),
      Role: g.role,
      RoleName: RESIDENT_ROLES[g.role] ?? '',
      Relation: g.relation,
      LeaseEnd: g.leaseEnd ?? '',
      Attachments: (g.attachments ?? []).map((a) => (a.startsWith('/') ? a : `/uploads/${a}`)),
      Compare: r.same
        ? '与登记业主一致'
        : r.mobileOwner
          ? `手机号已登记为 ${r.mobileOwner}`
          : r.roomOwner
            ? `房屋已有业主 ${r.roomOwner}`
            : '未找到登记信息',
      Status: g.status,
      StatusName: REGISTRATION_STATUS[g.status] ?? '',
      RejectReason: g.rejectReason,
      ReviewerName: r.reviewer ?? '',
      ReviewTime: fmtTime(g.reviewTime),
      CreateTime: fmtTime(g.createdAt),
    })),
    c?.n ?? 0,
  );
}

export async function pendingCount(deps: AppDeps, auth: Auth) {
  const [c] = await deps.database.db
    .select({ n: count() })
    .from(registrations)
    .where(
      and(eq(registrations.cmpId, auth.cmpId), eq(registrations.status, 0), inScope(auth, registrations.communityId)),
    );
  return { Count: c?.n ?? 0 };
}

/** Locks the applications (all of them, of one applicant when `appUserId` is given) while they are 待审核. */
export async function lockPending(tx: Tx, auth: Auth, ids: number[], appUserId?: number) {
  const rows = await tx
    .select({
      id: registrations.id,
      status: registrations.status,
      communityId: registrations.communityId,
      roomId: registrations.roomId,
      appUserId: registrations.appUserId,
      name: registrations.name,
      mobile: registrations.mobile,
      idNo: registrations.idNo,
      role: registrations.role,
      relation: registrations.relation,
      leaseEnd: registrations.leaseEnd,
      reviewer: users.name,
    })
    .from(registrations)
    .leftJoin(users, eq(users.id, registrations.reviewUserId))
    .where(
      and(
        anyId(registrations.id, ids),
        eq(registrations.cmpId, auth.cmpId),
        anyId(registrations.communityId, await communityIdsOf(tx, auth)),
        appUserId ? eq(registrations.appUserId, appUserId) : undefined,
      ),
    )
    .orderBy(registrations.id)
    .for('update', { of: registrations });
  if (rows.length !== new Set(ids).size) throw notFound();
  const done = rows.find((r) => r.status !== 0);
  if (done) throw fail(`该申请已由 ${done.reviewer || '申请人'} 处理`);
  return rows;
}

/** Marks read every unread MsgType 8 reminder of these registrations, for all recipients. */
export async function clearReminders(tx: Tx, cmpId: number, ids: number[], now: Date) {
  await tx
    .update(sysMessages)
    .set({ isRead: true, readAt: now })
    .where(
      and(
        eq(sysMessages.cmpId, cmpId),
        eq(sysMessages.msgType, 8),
        not(sysMessages.isRead),
        anyId(sysMessages.sourceId, ids),
      ),
    );
}
