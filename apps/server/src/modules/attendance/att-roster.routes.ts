import { RosterSaveBody, shiftSpan, zId } from '@linli/shared';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { call } from '../../core/calls';
import { addDays, monthDay } from '../../core/dates';
import { fail, fieldError, notFound } from '../../core/errors';
import type { Tx } from '../../db/client';
import {
  attGroupMembers,
  attGroupShifts,
  attGroups,
  attRoster,
  attShifts,
  employeeArchives,
  users,
} from '../../db/schema';
import { monthRange } from './att-common';
import { recomputeDays } from './att-recompute';
import { zMonth } from '@linli/shared';

const ROLE = 'kqgl_kqsz';

async function groupOf(db: Tx, cmpId: number, id: number) {
  const [g] = await db
    .select({ id: attGroups.id, kind: attGroups.kind, name: attGroups.name })
    .from(attGroups)
    .where(and(eq(attGroups.id, id), eq(attGroups.cmpId, cmpId)));
  if (!g) throw notFound();
  return g;
}

async function allowedShifts(db: Tx, cmpId: number, groupId: number) {
  return db
    .select({
      Id: attShifts.id,
      Name: attShifts.name,
      WorkStart: attShifts.workStart,
      WorkEnd: attShifts.workEnd,
      RestStart: attShifts.restStart,
      RestEnd: attShifts.restEnd,
    })
    .from(attGroupShifts)
    .innerJoin(attShifts, eq(attShifts.id, attGroupShifts.shiftId))
    .where(and(eq(attGroupShifts.groupId, groupId), eq(attGroupShifts.cmpId, cmpId)))
    .orderBy(asc(attShifts.id));
}

/** The month roster of a 排班制 group: members × days, each cell a shift or 休息 (sms-attendance.md editsetting). */
export const attRosterCalls = [
  call({
    path: '/Attendance/RosterGet',
    role: ROLE,
    reads: true,
    body: z.object({ GroupId: zId(), Month: zMonth() }),
    handler: async (b, { deps, auth }) => {
      const { db } = deps.database;
      const g = await groupOf(db, auth.cmpId, b.GroupId);
      const [from, to] = monthRange(b.Month);
      const days: string[] = [];
      for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
      const members = await db
        .select({ UserId: users.id, UserName: users.name, JobNo: employeeArchives.employeeNo })
        .from(attGroupMembers)
        .innerJoin(users, eq(users.id, attGroupMembers.userId))
        .leftJoin(employeeArchives, eq(employeeArchives.userId, users.id))
        .where(and(eq(attGroupMembers.groupId, g.id), eq(attGroupMembers.cmpId, auth.cmpId)))
        .orderBy(asc(users.id));
      const cells = await db
        .select({ userId: attRoster.userId, day: attRoster.day, shiftId: attRoster.shiftId })
        .from(attRoster)
        .where(
          and(
            eq(attRoster.cmpId, auth.cmpId),
            eq(attRoster.groupId, g.id),
            gte(attRoster.day, from),
            lte(attRoster.day, to),
          ),
        );
      const byUser = new Map<number, Record<string, number>>();
      for (const c of cells) {
        const m = byUser.get(c.userId) ?? {};
        m[c.day] = c.shiftId ?? 0;
        byUser.set(c.userId, m);
      }
      return {
        GroupId: g.id,
        GroupName: g.name,
        Kind: g.kind,
        Month: b.Month,
        Days: days,
        Shifts: await allowedShifts(db, auth.cmpId, g.id),
        Rows: members.map((m) => ({ ...m, JobNo: m.JobNo ?? '', Days: byUser.get(m.UserId) ?? {} })),
      };
    },
  }),
  call({
    path: '/Attendance/RosterSave',
    role: ROLE,
    btn: 'edit',
    body: RosterSaveBody,
    okMsg: '保存成功',
    handler: async (b, { deps, auth, ip }) => {
      const { db } = deps.database;
      const now = deps.now();
      const g = await groupOf(db, auth.cmpId, b.GroupId);
      if (g.kind !== 2) throw fail('固定班制无需排班');
      const [from, to] = monthRange(b.Month);
      const shifts = new Map((await allowedShifts(db, auth.cmpId, g.id)).map((s) => [s.Id, s]));
      const members = new Map(
        (
          await db
            .select({ id: attGroupMembers.userId, name: users.name })
            .from(attGroupMembers)
            .innerJoin(users, eq(users.id, attGroupMembers.userId))
            .where(and(eq(attGroupMembers.groupId, g.id), eq(attGroupMembers.cmpId, auth.cmpId)))
        ).map((m) => [m.id, m.name]),
      );
      for (const row of b.Rows) {
        const name = members.get(row.UserId);
        if (!name) throw fieldError('Rows', '员工不是本组成员');
        const days = Object.keys(row.Days).sort();
        for (const [i, day] of days.entries()) {
          if (day < from || day > to) throw fieldError('Rows', '日期不在所选月份内');
          const sid = row.Days[day]!;
          if (sid && !shifts.has(sid)) throw fieldError('Rows', '班次不在本组可用班次内');
          // A 跨天 shift must end before the next day's shift starts: two shifts cannot overlap.
          const prev = i > 0 && days[i - 1] === addDays(day, -1) ? shifts.get(row.Days[days[i - 1]!]!) : undefined;
          const cur = sid ? shifts.get(sid) : undefined;
          if (prev && cur && shiftSpan(prev).end - 1440 > shiftSpan(cur).start)
            throw fieldError('Rows', `${name}${monthDay(day)}的班次与前一天的班次时间重叠`);
        }
      }
      const userIds = b.Rows.map((r) => r.UserId);
      await db.transaction(async (tx) => {
        if (userIds.length)
          await tx
            .delete(attRoster)
            .where(
              and(
                eq(attRoster.cmpId, auth.cmpId),
                inArray(attRoster.userId, userIds),
                gte(attRoster.day, from),
                lte(attRoster.day, to),
              ),
            );
        const values = b.Rows.flatMap((r) =>
          Object.entries(r.Days).map(([day, sid]) => ({
            cmpId: auth.cmpId,
            groupId: g.id,
            userId: r.UserId,
            day,
            shiftId: sid || null,
            createdAt: now,
            updatedAt: now,
            createdBy: auth.userId,
          })),
        );
        for (let i = 0; i < values.length; i += 1000) await tx.insert(attRoster).values(values.slice(i, i + 1000));
        await recomputeDays(tx, auth.cmpId, auth.timeZone, userIds, from, to, now);
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'attRoster.save',
            entity: 'attGroup',
            entityId: g.id,
            detail: { Month: b.Month, Users: userIds.length },
            ip,
          },
          now,
        );
      });
      return null;
    },
  }),
];
