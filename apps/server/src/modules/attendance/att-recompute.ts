import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { addDays, weekdayOf } from '../../core/dates';
import type { Tx } from '../../db/client';
import {
  attDays,
  attGroupMembers,
  attGroups,
  attHolidays,
  attLeaves,
  attPunchLogs,
  attRoster,
  attShifts,
} from '../../db/schema';
import {
  type DayResult,
  judgeDay,
  type LeaveIn,
  localOf,
  midnightOf,
  type PunchIn,
  type ShiftRule,
  windowsOf,
} from './att-judge';

/** Which members are due on which days, and the computed records of those days (sms-attendance.md). */

export interface DayPlan {
  userId: number;
  day: string;
  groupId: number;
  shift: ShiftRule;
}

export interface ComputedDay extends DayPlan, DayResult {}

const DAY_MS = 86_400_000;

export async function shiftsOf(db: Tx, cmpId: number): Promise<Map<number, ShiftRule>> {
  const rows = await db.select().from(attShifts).where(eq(attShifts.cmpId, cmpId));
  return new Map(rows.map((s) => [s.id, s]));
}

/**
 * The due days of the members (all of the company's when `userIds` is null) in [from, to], by each member's current
 * group: 固定 by weekday (节假日 休 removes, 班 adds, when the group follows holidays), 排班 by the roster.
 */
export async function planDays(
  db: Tx,
  cmpId: number,
  userIds: number[] | null,
  from: string,
  to: string,
): Promise<DayPlan[]> {
  const members = await db
    .select({
      userId: attGroupMembers.userId,
      groupId: attGroups.id,
      kind: attGroups.kind,
      shiftId: attGroups.shiftId,
      workDays: attGroups.workDays,
      useHolidays: attGroups.useHolidays,
    })
    .from(attGroupMembers)
    .innerJoin(attGroups, eq(attGroups.id, attGroupMembers.groupId))
    .where(and(eq(attGroupMembers.cmpId, cmpId), userIds ? inArray(attGroupMembers.userId, userIds) : undefined));
  if (!members.length) return [];
  const shifts = await shiftsOf(db, cmpId);
  const holidays = new Map(
    (
      await db
        .select({ day: attHolidays.day, kind: attHolidays.kind })
        .from(attHolidays)
        .where(and(eq(attHolidays.cmpId, cmpId), gte(attHolidays.day, from), lte(attHolidays.day, to)))
    ).map((h) => [h.day, h.kind]),
  );
  const rostered = members.filter((m) => m.kind === 2).map((m) => m.userId);
  const roster = new Map<string, { groupId: number; shiftId: number | null }>();
  if (rostered.length) {
    const rows = await db
      .select({ userId: attRoster.userId, day: attRoster.day, groupId: attRoster.groupId, shiftId: attRoster.shiftId })
      .from(attRoster)
      .where(
        and(
          eq(attRoster.cmpId, cmpId),
          inArray(attRoster.userId, rostered),
          gte(attRoster.day, from),
          lte(attRoster.day, to),
        ),
      );
    for (const r of rows) roster.set(`${r.userId}|${r.day}`, r);
  }
  const plans: DayPlan[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const weekday = String(weekdayOf(day));
    for (const m of members) {
      let shiftId: number | null;
      if (m.kind === 1) {
        const holiday = m.useHolidays ? holidays.get(day) : undefined;
        const workday = holiday ? holiday === 2 : m.workDays.split(',').includes(weekday);
        shiftId = workday ? m.shiftId : null;
      } else {
        const r = roster.get(`${m.userId}|${day}`);
        shiftId = r && r.groupId === m.groupId ? r.shiftId : null;
      }
      const shift = shiftId ? shifts.get(shiftId) : undefined;
      if (shift) plans.push({ userId: m.userId, day, groupId: m.groupId, shift });
    }
  }
  return plans;
}

/** Computes the planned days from the punches and leaves (no write). */
export async function evaluateDays(db: Tx, cmpId: number, tz: string, plans: DayPlan[], now: number) {
  if (!plans.length) return [];
  const userIds = [...new Set(plans.map((p) => p.userId))];
  const days = plans.map((p) => p.day).sort();
  // Windows reach 12 h before a day and 12 h past a 跨天 shift's next morning.
  const lo = new Date(midnightOf(days[0]!, tz) - DAY_MS);
  const hi = new Date(midnightOf(days[days.length - 1]!, tz) + 3 * DAY_MS);
  const punches = await db
    .select({
      id: attPunchLogs.id,
      userId: attPunchLogs.userId,
      at: attPunchLogs.punchTime,
      outside: attPunchLogs.outside,
      source: attPunchLogs.source,
      makeUp: attPunchLogs.makeUp,
    })
    .from(attPunchLogs)
    .where(
      and(
        eq(attPunchLogs.cmpId, cmpId),
        inArray(attPunchLogs.userId, userIds),
        gte(attPunchLogs.punchTime, lo),
        lt(attPunchLogs.punchTime, hi),
      ),
    );
  const leaves = await db
    .select({ userId: attLeaves.userId, kind: attLeaves.kind, from: attLeaves.startTime, to: attLeaves.endTime })
    .from(attLeaves)
    .where(
      and(
        eq(attLeaves.cmpId, cmpId),
        inArray(attLeaves.userId, userIds),
        lt(attLeaves.startTime, hi),
        sql`${attLeaves.endTime} > ${lo}`,
      ),
    );
  const punchesOf = groupBy(
    punches.map((p): PunchIn & { userId: number } => ({ ...p, at: p.at.getTime() })),
    (p) => p.userId,
  );
  const leavesOf = groupBy(
    leaves.map((l): LeaveIn & { userId: number } => ({ ...l, from: l.from.getTime(), to: l.to.getTime() })),
    (l) => l.userId,
  );
  return plans.map((p): ComputedDay => {
    const w = windowsOf(p.shift, p.day, tz);
    return { ...p, ...judgeDay(p.shift, w, punchesOf.get(p.userId) ?? [], leavesOf.get(p.userId) ?? [], now) };
  });
}

function groupBy<T>(rows: T[], key: (r: T) => number): Map<number, T[]> {
  const m = new Map<number, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

const at = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * Recomputes and stores the members' days in [from, to] (every member's when `userIds` is null): the range's rows
 * are replaced, so a day no longer due (a member who left his group, a roster set to 休息) disappears.
 */
export async function recomputeDays(
  tx: Tx,
  cmpId: number,
  tz: string,
  userIds: number[] | null,
  from: string,
  to: string,
  now: Date,
): Promise<ComputedDay[]> {
  if (userIds && !userIds.length) return [];
  // Days ahead have nothing to judge yet: they are computed when they come.
  const today = localOf(now, tz).format('YYYY-MM-DD');
  if (to > today) to = today;
  if (from > to) return [];
  const computed = await evaluateDays(tx, cmpId, tz, await planDays(tx, cmpId, userIds, from, to), now.getTime());
  await tx
    .delete(attDays)
    .where(
      and(
        eq(attDays.cmpId, cmpId),
        gte(attDays.day, from),
        lte(attDays.day, to),
        userIds ? inArray(attDays.userId, userIds) : undefined,
      ),
    );
  for (let i = 0; i < computed.length; i += 500) {
    await tx.insert(attDays).values(
      computed.slice(i, i + 500).map((d) => ({
        cmpId,
        userId: d.userId,
        day: d.day,
        groupId: d.groupId,
        shiftId: d.shift.id,
        dueOn: new Date(d.dueOn),
        dueOff: new Date(d.dueOff),
        onTime: at(d.onTime),
        onPunchId: d.onPunchId,
        onState: d.onState,
        lateMinutes: d.lateMinutes,
        onOutside: d.onOutside,
        onSource: d.onSource,
        onMakeUp: d.onMakeUp,
        offTime: at(d.offTime),
        offPunchId: d.offPunchId,
        offState: d.offState,
        earlyMinutes: d.earlyMinutes,
        offOutside: d.offOutside,
        offSource: d.offSource,
        offMakeUp: d.offMakeUp,
        present: d.present,
        leaveDays: d.leaveDays.toFixed(1),
        leaveDetail: d.leaveDetail,
        absentDays: d.absentDays.toFixed(1),
        final: d.final,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  return computed;
}

/**
 * After a rule change (group, shift, holiday list): every day not yet final (finalised at 01:00 for the day before,
 * sms-attendance.md "Jobs") follows the new rules, not only today: from the members' earliest open day to today.
 * Final days keep theirs until 重新计算.
 */
export async function recomputeOpenDays(
  tx: Tx,
  cmpId: number,
  tz: string,
  userIds: number[] | null,
  now: Date,
): Promise<ComputedDay[]> {
  const today = localOf(now, tz).format('YYYY-MM-DD');
  const [first] = await tx
    .select({ day: sql<string | null>`min(${attDays.day})::text` })
    .from(attDays)
    .where(
      and(eq(attDays.cmpId, cmpId), eq(attDays.final, false), userIds ? inArray(attDays.userId, userIds) : undefined),
    );
  const from = first?.day && first.day < today ? first.day : today;
  return recomputeDays(tx, cmpId, tz, userIds, from, today, now);
}

/** The days a punch at `at` can belong to: its own calendar day and the day before (a 跨天 shift's 下班). */
export function daysAround(at: Date, tz: string): [string, string] {
  const day = localOf(at, tz).format('YYYY-MM-DD');
  return [addDays(day, -1), day];
}
