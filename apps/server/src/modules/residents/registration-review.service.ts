import { and, eq, not } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fail } from '../../core/errors';
import { registrations, residents } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { clearReminders, lockPending } from './registrations.service';
import { emitRegistrationReviewed } from './resident-events';
import { linkIfNew } from './resident-links';
import { applyRoomEffects, refreshResidentStatus } from './room-effects';
import { today } from './residents-query';

/**
 * 通过: links the app account to the resident matched by mobile, or creates him (Source 业主APP), adds the room
 * link, marks the MsgType 8 reminders read. One transaction for the whole batch.
 */
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
      const link = { roomId: g.roomId, communityId: g.communityId, role: g.role, relation: g.relation };
      if (await linkIfNew(tx, auth, residentId, { ...link, moveInDate: d, leaseEnd: g.leaseEnd }, now))
        touchedRooms.push(g.roomId);
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
