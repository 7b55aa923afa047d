import { and, eq } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { companies, employeeArchives, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { departmentsOf } from '../org/departments.service';
import { colleaguesInScope } from '../staff/staff-query';

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

/** The department tree with its enabled staff (sms-attendance.md); attendance groups arrive with that module. */
export async function dptUsers(deps: AppDeps, auth: Auth, keyword: string) {
  const dpts = await departmentsOf(deps.database.db, auth.cmpId);
  const k = keyword.toLowerCase();
  const staff = (await enabledStaff(deps, auth)).filter(
    (s) => !k || s.name.toLowerCase().includes(k) || s.account.includes(k) || (s.jobNo ?? '').toLowerCase().includes(k),
  );
  const nodes = new Map<number, DptUsers>([[0, { DptId: 0, DptName: '', Children: [], Users: [] }]]);
  for (const d of dpts) nodes.set(d.id, { DptId: d.id, DptName: d.name, Children: [], Users: [] });
  for (const d of dpts) (nodes.get(d.parentId) ?? nodes.get(0)!).Children.push(nodes.get(d.id)!);
  for (const s of staff) {
    (nodes.get(s.dptId ?? 0) ?? nodes.get(0)!).Users.push({
      UserId: s.id,
      UserName: s.name,
      JobNo: s.jobNo ?? '',
      GroupId: 0,
      GroupName: '',
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

/** Until shifts exist every enabled person is 未排班 (sms-attendance.md shape). */
export async function groupByShift(deps: AppDeps, auth: Auth) {
  const staff = await enabledStaff(deps, auth);
  return [
    {
      ShiftId: 0,
      ShiftName: '未排班',
      WorkStart: '',
      WorkEnd: '',
      Users: staff.map((s) => ({ UserId: s.id, UserName: s.name, OnState: '', OffState: '' })),
    },
  ];
}
