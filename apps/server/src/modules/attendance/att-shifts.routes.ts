import { ATT_HOLIDAY_KINDS, HolidaySaveBody, ShiftSaveBody, WEEKDAY_NAMES, shiftSpan, zId } from '@linli/shared';
import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { call, Page, saveBtn } from '../../core/calls';
import { weekdayOf } from '../../core/dates';
import { fail, fieldError, notFound } from '../../core/errors';
import { sqlRows } from '../../core/sql-rows';
import { attDays, attGroupShifts, attGroups, attHolidays, attRoster, attShifts } from '../../db/schema';
import { codeName } from './att-common';
import { recomputeDays, recomputeOpenDays } from './att-recompute';

const ROLE = 'kqgl_kqsz';
const IdBody = z.object({ Id: zId() });

const shiftView = (s: typeof attShifts.$inferSelect, used = 0) => ({
  Id: s.id,
  Name: s.name,
  WorkStart: s.workStart,
  WorkEnd: s.workEnd,
  CrossDay: s.crossDay,
  RestStart: s.restStart,
  RestEnd: s.restEnd,
  OnBefore: s.onBefore,
  OffAfter: s.offAfter,
  LateGrace: s.lateGrace,
  EarlyGrace: s.earlyGrace,
  MissAfter: s.missAfter,
  GroupCount: used,
});

/** 考勤设置 tabs 班次 and 节假日 (sms-attendance.md). */
export const attShiftCalls = [
  call({
    path: '/Attendance/ShiftList',
    role: ROLE,
    reads: true,
    handler: async (_b, { deps, auth }) => {
      const rows = await deps.database.db
        .select({
          s: attShifts,
          // Named in full: drizzle writes a column of the selected table unqualified, which inside this subquery
          // would mean the group's own id.
          used: sql<number>`(select count(*)::int from ${attGroups} g where g.cmp_id = att_shifts.cmp_id
            and (g.shift_id = att_shifts.id or exists (select 1 from ${attGroupShifts} gs
              where gs.group_id = g.id and gs.shift_id = att_shifts.id)))`,
        })
        .from(attShifts)
        .where(eq(attShifts.cmpId, auth.cmpId))
        .orderBy(asc(attShifts.id));
      return new Page(
        rows.map((r) => shiftView(r.s, r.used)),
        rows.length,
      );
    },
  }),
  call({
    path: '/Attendance/ShiftSave',
    role: ROLE,
    btn: saveBtn,
    body: ShiftSaveBody,
    okMsg: '保存成功',
    handler: async (b, { deps, auth, ip }) => {
      const now = deps.now();
      return deps.database.db.transaction(async (tx) => {
        if (b.Id) {
          const [old] = await tx
            .select({ id: attShifts.id })
            .from(attShifts)
            .where(and(eq(attShifts.id, b.Id), eq(attShifts.cmpId, auth.cmpId)));
          if (!old) throw notFound();
        }
        const [dup] = await tx
          .select({ id: attShifts.id })
          .from(attShifts)
          .where(
            and(eq(attShifts.cmpId, auth.cmpId), eq(attShifts.name, b.Name), b.Id ? ne(attShifts.id, b.Id) : undefined),
          );
        if (dup) throw fieldError('Name', '班次名称已存在');
        const values = {
          name: b.Name,
          workStart: b.WorkStart,
          workEnd: b.WorkEnd,
          crossDay: shiftSpan(b).crossDay,
          restStart: b.RestStart ?? '',
          restEnd: b.RestEnd ?? '',
          onBefore: b.OnBefore,
          offAfter: b.OffAfter,
          lateGrace: b.LateGrace,
          earlyGrace: b.EarlyGrace,
          missAfter: b.MissAfter,
          updatedAt: now,
        };
        let id = b.Id;
        if (id) {
          await tx
            .update(attShifts)
            .set(values)
            .where(and(eq(attShifts.id, id), eq(attShifts.cmpId, auth.cmpId)));
          // The days not yet final that use this shift are judged by its new times at once.
          const users = await tx
            .selectDistinct({ id: attDays.userId })
            .from(attDays)
            .where(and(eq(attDays.cmpId, auth.cmpId), eq(attDays.shiftId, id), eq(attDays.final, false)));
          if (users.length)
            await recomputeOpenDays(
              tx,
              auth.cmpId,
              auth.timeZone,
              users.map((u) => u.id),
              now,
            );
        } else {
          const [row] = await tx
            .insert(attShifts)
            .values({ ...values, cmpId: auth.cmpId, createdAt: now, createdBy: auth.userId })
            .returning({ id: attShifts.id });
          id = row!.id;
        }
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: `attShift.${b.Id ? 'edit' : 'add'}`,
            entity: 'attShift',
            entityId: id,
            detail: { Name: b.Name },
            ip,
          },
          now,
        );
        return { Id: id };
      });
    },
  }),
  call({
    path: '/Attendance/ShiftDel',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: async (b, { deps, auth, ip }) => {
      const now = deps.now();
      await deps.database.db.transaction(async (tx) => {
        const [s] = await tx
          .select({ id: attShifts.id })
          .from(attShifts)
          .where(and(eq(attShifts.id, b.Id), eq(attShifts.cmpId, auth.cmpId)));
        if (!s) throw notFound();
        // A group's shift, a rostered day or a computed day keeps it: deleting would rewrite that history.
        const [used] = await sqlRows<{ n: number }>(
          tx,
          sql`select
          (select count(*) from ${attGroups} where ${attGroups.cmpId} = ${auth.cmpId} and ${attGroups.shiftId} = ${b.Id})
          + (select count(*) from ${attGroupShifts} where ${attGroupShifts.cmpId} = ${auth.cmpId} and ${attGroupShifts.shiftId} = ${b.Id})
          + (select count(*) from ${attRoster} where ${attRoster.cmpId} = ${auth.cmpId} and ${attRoster.shiftId} = ${b.Id})
          + (select count(*) from ${attDays} where ${attDays.cmpId} = ${auth.cmpId} and ${attDays.shiftId} = ${b.Id}) as n`,
        );
        if (Number(used?.n ?? 0) > 0) throw fail('该班次正在使用');
        await tx.delete(attShifts).where(and(eq(attShifts.id, b.Id), eq(attShifts.cmpId, auth.cmpId)));
        await audit(
          tx,
          { cmpId: auth.cmpId, userId: auth.userId, action: 'attShift.del', entity: 'attShift', entityId: b.Id, ip },
          now,
        );
      });
      return null;
    },
  }),
  call({
    path: '/Attendance/HolidayList',
    role: ROLE,
    reads: true,
    body: z.object({
      Year: z.preprocess(
        (v) => (v === '' || v == null ? undefined : Number(v)),
        z.number().int('年份不正确').min(2000, '年份不正确').max(2100, '年份不正确').optional(),
      ),
    }),
    handler: async (b, { deps, auth }) => {
      const year = b.Year ?? Number(deps.now().getUTCFullYear());
      const rows = await deps.database.db
        .select()
        .from(attHolidays)
        .where(
          and(
            eq(attHolidays.cmpId, auth.cmpId),
            gte(attHolidays.day, `${year}-01-01`),
            lte(attHolidays.day, `${year}-12-31`),
          ),
        )
        .orderBy(asc(attHolidays.day));
      return new Page(
        rows.map((h) => ({
          Id: h.id,
          Day: h.day,
          Kind: h.kind,
          KindName: codeName(ATT_HOLIDAY_KINDS, h.kind),
          Name: h.name,
          Weekday: WEEKDAY_NAMES[weekdayOf(h.day)],
        })),
        rows.length,
      );
    },
  }),
  call({
    path: '/Attendance/HolidaySave',
    role: ROLE,
    btn: saveBtn,
    body: HolidaySaveBody,
    okMsg: '保存成功',
    handler: async (b, { deps, auth, ip }) => {
      const now = deps.now();
      return deps.database.db.transaction(async (tx) => {
        let oldDay: string | undefined;
        if (b.Id) {
          const [old] = await tx
            .select({ day: attHolidays.day })
            .from(attHolidays)
            .where(and(eq(attHolidays.id, b.Id), eq(attHolidays.cmpId, auth.cmpId)));
          if (!old) throw notFound();
          oldDay = old.day;
        }
        const [dup] = await tx
          .select({ id: attHolidays.id })
          .from(attHolidays)
          .where(
            and(
              eq(attHolidays.cmpId, auth.cmpId),
              eq(attHolidays.day, b.Day),
              b.Id ? ne(attHolidays.id, b.Id) : undefined,
            ),
          );
        if (dup) throw fieldError('Day', '该日期已设置');
        let id = b.Id;
        const values = { day: b.Day, kind: b.Kind, name: b.Name, updatedAt: now };
        if (id)
          await tx
            .update(attHolidays)
            .set(values)
            .where(and(eq(attHolidays.id, id), eq(attHolidays.cmpId, auth.cmpId)));
        else {
          const [row] = await tx
            .insert(attHolidays)
            .values({ ...values, cmpId: auth.cmpId, createdAt: now, createdBy: auth.userId })
            .returning({ id: attHolidays.id });
          id = row!.id;
        }
        await recomputeHoliday(tx, auth.cmpId, auth.timeZone, [b.Day, oldDay], now);
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: `attHoliday.${b.Id ? 'edit' : 'add'}`,
            entity: 'attHoliday',
            entityId: id,
            detail: { Day: b.Day },
            ip,
          },
          now,
        );
        return { Id: id };
      });
    },
  }),
  call({
    path: '/Attendance/HolidayDel',
    role: ROLE,
    btn: 'del',
    body: IdBody,
    okMsg: '删除成功',
    handler: async (b, { deps, auth, ip }) => {
      const now = deps.now();
      await deps.database.db.transaction(async (tx) => {
        const [h] = await tx
          .select({ day: attHolidays.day })
          .from(attHolidays)
          .where(and(eq(attHolidays.id, b.Id), eq(attHolidays.cmpId, auth.cmpId)));
        if (!h) throw notFound();
        await tx.delete(attHolidays).where(and(eq(attHolidays.id, b.Id), eq(attHolidays.cmpId, auth.cmpId)));
        await recomputeHoliday(tx, auth.cmpId, auth.timeZone, [h.day], now);
        await audit(
          tx,
          {
            cmpId: auth.cmpId,
            userId: auth.userId,
            action: 'attHoliday.del',
            entity: 'attHoliday',
            entityId: b.Id,
            ip,
          },
          now,
        );
      });
      return null;
    },
  }),
];

/** A holiday changes which days are due for everyone: those days are recomputed at once. */
async function recomputeHoliday(
  tx: Parameters<typeof recomputeDays>[0],
  cmpId: number,
  tz: string,
  days: (string | undefined)[],
  now: Date,
) {
  for (const d of new Set(days.filter((x): x is string => !!x))) await recomputeDays(tx, cmpId, tz, null, d, d, now);
}
