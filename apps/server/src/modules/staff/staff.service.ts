import { and, eq } from 'drizzle-orm';
import { type Auth, hasRole } from '../../core/auth';
import { Page } from '../../core/calls';
import { notFound } from '../../core/errors';
import { assertCommunity } from '../../core/scope';
import { pageOf } from '../../core/paging';
import { fmtTime } from '../../core/time';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { maskMobile } from '../../core/masks';
import {
  colleaguesInScope,
  countStaff,
  STAFF_ROLE,
  type StaffFilter,
  selectStaff,
  staffExtras,
  staffWhere,
} from './staff-query';

type StaffRow = Awaited<ReturnType<typeof selectStaff>>[number];
type Extras = Awaited<ReturnType<typeof staffExtras>>;

export function staffView(r: StaffRow, x: Extras, now: Date, tz: string) {
  const ps = x.positionsOf(r.id);
  const cs = x.communitiesOf(r.id);
  const locked = !!r.lockedUntil && r.lockedUntil > now;
  const all = r.isAdmin || r.allCommunity;
  return {
    Id: r.id,
    UserAccount: r.account,
    UserName: r.name,
    Phone: r.phone,
    Gender: r.gender,
    Logo: r.logo,
    DptId: r.dptId ?? 0,
    DptName: r.dptName ?? '',
    PositionIds: ps.map((p) => p.id),
    PositionNames: ps.map((p) => p.name),
    AllCommunity: all,
    CommunityIds: all ? [] : cs.map((c) => c.id),
    CommunityNames: all ? ['全部小区'] : cs.map((c) => c.name),
    State: r.state,
    Locked: locked,
    LockedUntil: locked ? fmtTime(r.lockedUntil, tz) : '',
    IsAdmin: r.isAdmin,
    LastLoginTime: fmtTime(r.lastLoginTime, tz),
    LastLoginIp: r.lastLoginIp,
    CreateTime: fmtTime(r.createdAt, tz),
    ArchiveId: x.archiveOf(r.id)?.id ?? 0,
    JobNo: x.archiveOf(r.id)?.no ?? '',
    Remark: r.remark,
  };
}

export async function staffList(deps: AppDeps, auth: Auth, f: StaffFilter) {
  const { db } = deps.database;
  const now = deps.now();
  const where = await staffWhere(db, auth, f, now);
  const rows = await selectStaff(db, where, pageOf(f));
  const x = await staffExtras(
    db,
    rows.map((r) => r.id),
  );
  return new Page(
    rows.map((r) => staffView(r, x, now, auth.timeZone)),
    await countStaff(db, where),
  );
}

export async function staffGet(deps: AppDeps, auth: Auth, id: number) {
  const { db } = deps.database;
  const [r] = await selectStaff(db, and(eq(users.id, id), eq(users.cmpId, auth.cmpId), eq(users.isDel, false))!);
  if (!r) throw notFound();
  return staffView(r, await staffExtras(db, [id]), deps.now(), auth.timeZone);
}

/**
 * GetUserListV2, the staff picker of every module: enabled staff by default, 50 a page, at most 500. A caller limited
 * to some communities picks among the colleagues serving them; phone numbers are whole only for 员工管理's holders
 * (who see them in the staff list anyway), 138****8000 for everyone else.
 */
export async function staffPicker(deps: AppDeps, auth: Auth, f: StaffFilter) {
  const { db } = deps.database;
  if (f.CommunityId) await assertCommunity(db, auth, f.CommunityId);
  const full = hasRole(auth, STAFF_ROLE);
  const filters = await staffWhere(db, auth, { ...f, State: f.State ?? 1 }, deps.now(), { byPhone: full });
  const where = and(filters, colleaguesInScope(auth))!;
  const rows = await selectStaff(db, where, pageOf(f, { size: 50, max: 500 }));
  const x = await staffExtras(
    db,
    rows.map((r) => r.id),
  );
  return new Page(
    rows.map((r) => ({
      Id: r.id,
      UserName: r.name,
      UserAccount: r.account,
      Phone: full ? r.phone : maskMobile(r.phone),
      DptId: r.dptId ?? 0,
      DptName: r.dptName ?? '',
      PositionNames: x.positionsOf(r.id).map((p) => p.name),
    })),
    await countStaff(db, where),
  );
}
