import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays } from '../../core/dates';
import type { JobHandler } from '../../core/job-queue';
import { cmpIs, type JobDef } from '../../core/jobs';
import { attDays, attGroupMembers, companies } from '../../db/schema';
import { notify } from '../messages/notify';
import { monthRange } from './att-common';
import { ensureHolidays } from './att-holidays';
import { recomputeDays, recomputeOpenDays } from './att-recompute';
import type { Tx } from '../../db/client';

export const RECALC_JOB = 'attendance.recalc';

export interface RecalcPayload {
  cmpId: number;
  tz: string;
  month: string;
  /** Empty = every member of the company. */
  userIds: number[];
}

/** 重新计算: the month's days of the people, 20 people a transaction, with progress. */
export const recalcHandler: JobHandler<RecalcPayload> = {
  name: RECALC_JOB,
  maxAttempts: 2,
  async run(deps, p, ctx) {
    const { db } = deps.database;
    const ids = p.userIds.length
      ? p.userIds
      : [
          ...new Set(
            [
              ...(await db
                .select({ id: attGroupMembers.userId })
                .from(attGroupMembers)
                .where(eq(attGroupMembers.cmpId, p.cmpId))),
              ...(await db.selectDistinct({ id: attDays.userId }).from(attDays).where(eq(attDays.cmpId, p.cmpId))),
            ].map((r) => r.id),
          ),
        ];
    const [from, to] = monthRange(p.month);
    await ctx.progress(0, ids.length);
    let days = 0;
    for (let i = 0; i < ids.length; i += 20) {
      const chunk = ids.slice(i, i + 20);
      await db.transaction(async (tx) => {
        days += (await recomputeDays(tx, p.cmpId, p.tz, chunk, from, to, deps.now())).length;
      });
      await ctx.progress(Math.min(ids.length, i + chunk.length), ids.length);
    }
    return { People: ids.length, Days: days };
  },
};

/**
 * 01:00 daily: yesterday's days are recomputed with every window closed (未打卡 becomes 缺卡 / 旷工, final), and
 * the kqgl_dkjl holders hear how many people had an exception.
 */
export const attendanceFinaliseJob: JobDef = {
  name: 'attendance.finalise',
  schedule: { dailyAt: '01:00' },
  async run(deps, { runKey, cmpId }) {
    const yesterday = addDays(runKey, -1);
    const { db } = deps.database;
    const cmps = await attendanceCompanies(db, cmpId);
    let people = 0;
    for (const c of cmps) {
      await db.transaction(async (tx) => {
        await recomputeDays(tx, c.id, c.tz, null, yesterday, yesterday, deps.now());
        const [r] = await tx
          .select({ n: sql<number>`count(distinct ${attDays.userId})::int` })
          .from(attDays)
          .where(
            and(
              eq(attDays.cmpId, c.id),
              eq(attDays.day, yesterday),
              sql`(${inArray(attDays.onState, [2, 4])} or ${inArray(attDays.offState, [3, 4])} or ${attDays.absentDays} > 0)`,
            ),
          );
        const n = r?.n ?? 0;
        people += n;
        if (n) await notify(tx, { cmpId: c.id, roleKey: 'kqgl_dkjl', msgType: 1, title: `昨日考勤异常${n}人` });
      });
    }
    return { Day: yesterday, Companies: cmps.length, Exceptions: people };
  },
};

/** The companies that keep attendance, with their zones (`cmpId`: a run by hand, that company only). */
const attendanceCompanies = (db: Tx, cmpId?: number) =>
  db
    .selectDistinct({ id: attGroupMembers.cmpId, tz: companies.timeZone })
    .from(attGroupMembers)
    .innerJoin(companies, eq(companies.id, attGroupMembers.cmpId))
    .where(and(eq(companies.state, 1), cmpIs(cmpId, companies.id)));

/**
 * Every 10 minutes: a punch still 未打卡 (its window was open when the day was last computed) becomes 缺卡 once the
 * window closes (下班: end + OffAfter; 上班: the shift's midpoint), without waiting for 01:00. Only open, not final
 * days whose due time has passed are recomputed.
 */
export const attendanceCloseJob: JobDef = {
  name: 'attendance.close',
  schedule: { everyMs: 600_000 },
  async run(deps, { cmpId }) {
    const { db } = deps.database;
    const now = deps.now();
    const open = await db
      .select({ cmpId: attDays.cmpId, tz: companies.timeZone, userId: attDays.userId, day: attDays.day })
      .from(attDays)
      .innerJoin(companies, eq(companies.id, attDays.cmpId))
      .where(
        and(
          eq(attDays.final, false),
          cmpIs(cmpId, attDays.cmpId),
          sql`((${attDays.onState} = 7 and ${attDays.dueOn} <= ${now}) or (${attDays.offState} = 7 and ${attDays.dueOff} <= ${now}))`,
        ),
      );
    const byCmp = new Map<number, { tz: string; users: Set<number>; from: string; to: string }>();
    for (const r of open) {
      const c = byCmp.get(r.cmpId) ?? { tz: r.tz, users: new Set<number>(), from: r.day, to: r.day };
      c.users.add(r.userId);
      if (r.day < c.from) c.from = r.day;
      if (r.day > c.to) c.to = r.day;
      byCmp.set(r.cmpId, c);
    }
    for (const [id, c] of byCmp)
      await db.transaction((tx) => recomputeDays(tx, id, c.tz, [...c.users], c.from, c.to, now));
    return { Days: open.length };
  },
};

/** 02:00 daily: this year's holidays, and from December the coming year's, for a company that has none yet. */
export const attendanceHolidaysJob: JobDef = {
  name: 'attendance.holidays',
  schedule: { dailyAt: '02:00' },
  async run(deps, { runKey, cmpId }) {
    const { db } = deps.database;
    const year = Number(runKey.slice(0, 4));
    const years = runKey.slice(5, 7) === '12' ? [year, year + 1] : [year];
    let added = 0;
    for (const c of await attendanceCompanies(db, cmpId))
      for (const y of years)
        added += await db.transaction(async (tx) => {
          const n = await ensureHolidays(tx, c.id, String(y), deps.now());
          // The new 休/班 days change who is due on them: recompute the ones already stored (today at most).
          if (n) await recomputeOpenDays(tx, c.id, c.tz, null, deps.now());
          return n;
        });
    return { Added: added };
  },
};
