import { and, eq } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { attGroupMembers, attGroups, companies, employeeArchives, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { departmentsOf } from '../org/departments.service';
import { colleaguesInScope } from '../staff/staff-query';
import { todayOf } from './att-common';
import { evaluateDays, planDays } from './att-recompute';

interface DptUsers {
  DptId: number;
  DptName: string;
  Children: DptUsers[];
  Users: { UserId: number; UserName: string; JobNo: string; GroupId: number; GroupName: string }[];
}

async function enabledStaff(deps: AppDeps, auth: Auth) {
  return deps.database.db
    .select({
      id: users.id,
      name: users.name,
      account: users.account,
      dptId: users.dptId,
      jobNo: employeeArchives.employeeNo,
    })
    .from(users)
    .leftJoin(employeeArchives, eq(employeeArchives.userId, users.id))
    .where(and(eq(users.cmpId, auth.cmpId), eq(users.isDel, false), eq(users.state, 1), colleaguesInScope(auth)))
    .orderBy(users.id);
}

/** The department tree with its enabled staff and the attendance group each is in (sms-attendance.md). */
export async function dptUsers(deps: AppDeps, auth: Auth, keyword: string) {
  const dpts = await departmentsOf(deps.database.db, auth.cmpId);
  const k = keyword.toLowerCase();
  const staff = (await enabledStaff(deps, auth)).filter(
    (s) => !k || s.name.toLowerCase().includes(k) || s.account.includes(k) || (s.jobNo ?? '').toLowerCase().includes(k),
  );
  const groupOf = new Map(
    (
      await deps.database.db
        .select({ userId: attGroupMembers.userId, id: attGroups.id, name: attGroups.name })
        .from(attGroupMembers)
        .innerJoin(attGroups, eq(attGroups.id, attGroupMembers.groupId))
        .where(eq(attGroupMembers.cmpId, auth.cmpId))
    ).map((g) => [g.userId, g]),
  );
  const nodes = new Map<number, DptUsers>([[0, { DptId: 0, DptName: '', Children: [], Users: [] }]]);
  for (const d of dpts) nodes.set(d.id, { DptId: d.id, DptName: d.name, Children: [], Users: [] });
  for (const d of dpts) (nodes.get(d.parentId) ?? nodes.get(0)!).Children.push(nodes.get(d.id)!);
  for (const s of staff) {
    (nodes.get(s.dptId ?? 0) ?? nodes.get(0)!).Users.push({
      UserId: s.id,
      UserName: s.name,
      JobNo: s.jobNo ?? '',
      GroupId: groupOf.get(s.id)?.id ?? 0,
      GroupName: groupOf.get(s.id)?.name ?? '',
    });
  }
  // With a keyword, branches without a match drop out so the picker shows only hits.
  const prune = (n: DptUsers): boolean => {
    n.Children = n.Children.filter(prune);
    return !k || n.Users.length > 0 || n.Children.length > 0;
  };
  const root = nodes.get(0)!;
  prune(root);
  const [cmp] = await deps.database.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, auth.cmpId));
  root.DptName = cmp?.name ?? '';
  return [root];
}

/**
 * The members of a group (or of every group) on a day, by the shift they are due on, with their punch States
 * (0 = not due); members not due go under 休息 and, without a group, staff in no group under 未排班.
 */
export async function groupByShift(deps: AppDeps, auth: Auth, groupId: number | undefined, day: string | undefined) {
  const { db } = deps.database;
  const date = day ?? todayOf(deps.now(), auth.timeZone);
  const staff = await enabledStaff(deps, auth);
  const members = new Map(
    (
      await db
        .select({ userId: attGroupMembers.userId, groupId: attGroupMembers.groupId })
        .from(attGroupMembers)
        .where(and(eq(attGroupMembers.cmpId, auth.cmpId), groupId ? eq(attGroupMembers.groupId, groupId) : undefined))
    ).map((m) => [m.userId, m.groupId]),
  );
  const people = staff.filter((s) => members.has(s.id));
  const plans = await planDays(
    db,
    auth.cmpId,
    people.map((p) => p.id),
    date,
    date,
  );
  const days = new Map(
    (await evaluateDays(db, auth.cmpId, auth.timeZone, plans, deps.now().getTime())).map((d) => [d.userId, d]),
  );
  const buckets = new Map<
    number,
    {
      ShiftId: number;
      ShiftName: string;
      WorkStart: string;
      WorkEnd: string;
      Users: { UserId: number; UserName: string; OnState: number; OffState: number }[];
    }
  >();
  const bucket = (id: number, name: string, start = '', end = '') => {
    let b = buckets.get(id);
    if (!b) buckets.set(id, (b = { ShiftId: id, ShiftName: name, WorkStart: start, WorkEnd: end, Users: [] }));
    return b;
  };
  for (const p of people) {
    const d = days.get(p.id);
    const b = d ? bucket(d.shift.id, d.shift.name, d.shift.workStart, d.shift.workEnd) : bucket(0, '休息');
    b.Users.push({ UserId: p.id, UserName: p.name, OnState: d?.onState ?? 0, OffState: d?.offState ?? 0 });
  }
  if (!groupId)
    for (const s of staff.filter((x) => !members.has(x.id)))
      bucket(-1, '未排班').Users.push({ UserId: s.id, UserName: s.name, OnState: 0, OffState: 0 });
  return [...buckets.values()].sort(
    (a, b) =>
      (a.ShiftId <= 0 ? 1 : 0) - (b.ShiftId <= 0 ? 1 : 0) ||
      a.WorkStart.localeCompare(b.WorkStart) ||
      b.ShiftId - a.ShiftId,
  );
}
