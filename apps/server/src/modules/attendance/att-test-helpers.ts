import { and, eq } from 'drizzle-orm';
import { addDays, weekdayOf } from '../../core/dates';
import { employeeArchives, users } from '../../db/schema';
import type { TestApp } from '../../../test/harness';
import { todayOf } from './att-common';

/** Shared set-up of the attendance tests: people by account, and a past Monday with no demo punches. */

export async function person(t: TestApp, account: string) {
  const [u] = await t.db
    .select({ id: users.id, name: users.name, jobNo: employeeArchives.employeeNo })
    .from(users)
    .leftJoin(employeeArchives, eq(employeeArchives.userId, users.id))
    .where(and(eq(users.account, account)));
  return { id: u!.id, name: u!.name, jobNo: u!.jobNo ?? '' };
}

/** A Monday about four months back: before the demo's two months of punches. */
export function quietMonday(t: TestApp): string {
  let d = addDays(todayOf(t.deps.now(), 'Asia/Shanghai'), -120);
  while (weekdayOf(d) !== 1) d = addDays(d, -1);
  return d;
}

export const OFFICE = { Name: '测试办公室', Address: '文三路', Lng: 120.15507, Lat: 30.274085, Radius: 300 };

export interface PunchRow {
  DayId: number;
  UserId: number;
  Day: string;
  Kind: number;
  State: number;
  StateName: string;
  Minutes: number;
  PunchTime: string;
  PunchId: number | null;
  MakeUp: boolean;
  Outside: boolean;
  Source: number;
  StateText: string;
}

export interface StatRow {
  UserId: number;
  UserName: string;
  ShouldDays: number;
  ActualDays: number;
  LateCount: number;
  LateMinutes: number;
  EarlyCount: number;
  EarlyMinutes: number;
  MissingCount: number;
  AbsentDays: number;
  LeaveDays: number;
  LeaveDetail: { Kind: number; Days: number }[];
  OutsideCount: number;
  AttendRate: number;
}
