import { REGISTRATION_STATUS, RESIDENT_ROLES } from '@linli/shared';
import { and, count, desc, eq, gte, isNull, lte, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { Page } from '../../core/calls';
import { fail, notFound } from '../../core/errors';
import { anyId, optionalInt } from '../../core/filters';
import { maskIdNo, maskMobile } from '../../core/masks';
import { pageOf, pagingFields } from '../../core/paging';
import { communityIdsOf, inScope } from '../../core/scope';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { communities, registrations, residentRooms, residents, rooms, sysMessages, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { writeLinks } from './resident-links';
import { emitRegistrationReviewed } from './resident-events';
import { applyRoomEffects, refreshResidentStatus } from './room-effects';
import { today, visibleResident } from './residents-query';

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

export async function approveRegistrations(deps: AppDeps, auth: Auth, ids: number[], ip: string) {
  const now = deps.now();
  const d = today(deps, auth);
  return deps.database.db.transaction(async (tx) => {
    const rows = await lockPending(tx, auth, ids);
    const touchedRooms: number[] = [];
    const residentIds: number[] = [];
    for (const g of rows) {
      const live = and(eq(residents.cmpId, auth.cmpId), not(residents.isDeleted));
      const [found] = await tx
        .select({ id: residents.id })
        .from(residents)
        .where(and(live, eq(residents.mobile, g.mobile)))
        .limit(1);
      let residentId = found?.id ?? 0;
      if (residentId) {
        await tx
          .update(residents)
          .set({ appUserId: g.appUserId, updatedAt: now })
          .where(and(eq(residents.cmpId, auth.cmpId), eq(residents.id, residentId)));
      } else {
        const [dupId] = g.idNo
          ? await tx
              .select({ name: residents.name })
              .from(residents)
              .where(and(live, eq(residents.idType, 1), eq(residents.idNo, g.idNo)))
          : [];
        if (dupId) throw fail(`该身份证号已登记为住户 ${dupId.name}`);
        const [row] = await tx
          .insert(residents)
          .values({
            cmpId: auth.cmpId,
            name: g.name,
            mobile: g.mobile,
            idType: 1,
            idNo: g.idNo,
            source: 2,
            status: 1,
            appUserId: g.appUserId,
            createdBy: auth.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: residents.id });
        residentId = row!.id;
      }
      const [active] = await tx
        .select({ id: residentRooms.id })
        .from(residentRooms)
        .where(
          and(
            eq(residentRooms.cmpId, auth.cmpId),
            eq(residentRooms.roomId, g.roomId),
            eq(residentRooms.residentId, residentId),
            isNull(residentRooms.moveOutDate),
          ),
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
                roomId: g.roomId,
                communityId: g.communityId,
                role: g.role,
                relation: g.relation,
                isPrimary: false,
                moveInDate: d,
                moveOutDate: null,
                leaseStart: null,
                leaseEnd: g.leaseEnd,
              },
            ],
            now,
            false,
          )),
        );
      residentIds.push(residentId);
      await tx
        .update(registrations)
        .set({ status: 1, reviewUserId: auth.userId, reviewTime: now, residentId, updatedAt: now })
        .where(and(eq(registrations.cmpId, auth.cmpId), eq(registrations.id, g.id)));
      await emitRegistrationReviewed(tx, {
        cmpId: auth.cmpId,
        registrationId: g.id,
        appUserId: g.appUserId || null,
        status: 1,
        residentId,
        reason: null,
        now,
      });
    }
    await applyRoomEffects(tx, auth, touchedRooms, now, '住户认证通过');
    await refreshResidentStatus(tx, auth.cmpId, residentIds, now);
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
    await tx
      .update(registrations)
      .set({ status: 2, rejectReason: reason, reviewUserId: auth.userId, reviewTime: now, updatedAt: now })
      .where(and(eq(registrations.cmpId, auth.cmpId), eq(registrations.id, id)));
    await emitRegistrationReviewed(tx, {
      cmpId: auth.cmpId,
      registrationId: id,
      appUserId: g?.appUserId || null,
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
