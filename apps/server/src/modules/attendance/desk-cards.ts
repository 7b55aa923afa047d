import { type Auth, hasRole } from '../../core/auth';
import type { AppDeps } from '../../deps';
import type { DeskCard } from '../properties/desk-cards';
import { staffNames, todayOf } from './att-common';
import { evaluateDays, planDays } from './att-recompute';

/** 工作台's attendance figure for kqgl_dkjl holders: today's due people, those who punched, late and on leave. */
export async function attendanceCards(deps: AppDeps, auth: Auth): Promise<DeskCard[]> {
  if (!hasRole(auth, 'kqgl_dkjl')) return [];
  const { db } = deps.database;
  const now = deps.now();
  const today = todayOf(now, auth.timeZone);
  const plans = await planDays(db, auth.cmpId, null, today, today);
  const visible = await staffNames(db, auth, [...new Set(plans.map((p) => p.userId))]);
  const days = await evaluateDays(
    db,
    auth.cmpId,
    auth.timeZone,
    plans.filter((p) => visible.has(p.userId)),
    now.getTime(),
  );
  const present = days.filter((d) => d.onTime !== null || d.offTime !== null).length;
  const late = days.filter((d) => d.onState === 2).length;
  const leave = days.filter((d) => d.leaveDays >= 1).length;
  return [
    {
      Key: 'attendance',
      Title: '今日出勤',
      Value: `${present}/${days.length}`,
      Sub: `迟到 ${late} · 请假 ${leave}`,
      Path: '/attendance/clockinlist',
    },
  ];
}
