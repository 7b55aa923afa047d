import { and, desc, eq, exists, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { likeText as like } from '../../core/filters';
import { pagingFields } from '../../core/paging';
import { inScope, seesAllCommunities } from '../../core/scope';
import type { Tx } from '../../db/client';
import {
  communities,
  departments,
  employeeArchives,
  positionRights,
  positions,
  userCommunities,
  userPositions,
  users,
} from '../../db/schema';
import { departmentsOf, descendantIds } from '../org/departments.service';

const optInt = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
  z.number().int().optional(),
);
const optText = z.preprocess((v) => (v == null ? undefined : String(v).trim()), z.string().max(50).optional());

/** Filters shared by the staff list, its export and the staff picker. State: 1 启用, 0 停用, 2 已锁定. */
export const StaffFilter = z.object({
  Keyword: optText,
  DptId: optInt,
  PositionId: optInt,
  CommunityId: optInt,
  RoleKey: optText,
  State: optInt,
  ...pagingFields,
});
export type StaffFilter = z.infer<typeof StaffFilter>;

/** 员工管理: its holders see colleagues' phone numbers whole. */
export const STAFF_ROLE = 'yggl_yggl';

/**
 * Live (not deleted) staff of the caller's company matching the filters. `byPhone: false` leaves phone numbers out
 * of the keyword search, for callers who see them masked (a search must not reveal the digits).
 */
export async function staffWhere(
  db: Tx,
  auth: Auth,
  f: StaffFilter,
  now: Date,
  opts: { byPhone?: boolean } = {},
): Promise<SQL> {
  const conds: (SQL | undefined)[] = [eq(users.cmpId, auth.cmpId), eq(users.isDel, false)];
  if (f.Keyword) {
    const k = like(f.Keyword);
    const phone = opts.byPhone === false ? undefined : ilike(users.phone, k);
    conds.push(or(ilike(users.account, k), ilike(users.name, k), phone));
  }
  if (f.DptId) conds.push(inArray(users.dptId, descendantIds(await departmentsOf(db, auth.cmpId), f.DptId)));
  if (f.PositionId) {
    conds.push(
      exists(
        db
          .select({ x: sql`1` })
          .from(userPositions)
          .where(and(eq(userPositions.userId, users.id), eq(userPositions.positionId, f.PositionId))),
      ),
    );
  }
  if (f.CommunityId) {
    conds.push(
      or(
        eq(users.allCommunity, true),
        eq(users.isAdmin, true),
        exists(
          db
            .select({ x: sql`1` })
            .from(userCommunities)
            .where(and(eq(userCommunities.userId, users.id), eq(userCommunities.communityId, f.CommunityId))),
        ),
      ),
    );
  }
  if (f.RoleKey) {
    // Whoever's Access holds the key: the administrator, holders of the system position, or a position granting it.
    conds.push(
      or(
        eq(users.isAdmin, true),
        exists(
          db
            .select({ x: sql`1` })
            .from(userPositions)
            .innerJoin(positions, eq(positions.id, userPositions.positionId))
            .leftJoin(
              positionRights,
              and(eq(positionRights.positionId, positions.id), eq(positionRights.roleKey, f.RoleKey)),
            )
            .where(
              and(
                eq(userPositions.userId, users.id),
                or(eq(positions.isSystem, true), eq(positionRights.roleKey, f.RoleKey)),
              ),
            ),
        ),
      ),
    );
  }
  if (f.State === 1 || f.State === 0) conds.push(eq(users.state, f.State));
  if (f.State === 2) conds.push(gt(users.lockedUntil, now));
  return and(...conds)!;
}

/**
 * The colleagues a picker shows a caller limited to some communities: those serving one of his communities, those
 * serving all, and himself. Anyone who sees every community sees every colleague.
 */
export function colleaguesInScope(auth: Auth): SQL | undefined {
  if (seesAllCommunities(auth)) return undefined;
  const serving = sql`exists (select 1 from ${userCommunities} where ${userCommunities.userId} = ${users.id}
    and ${inScope(auth, userCommunities.communityId)})`;
  return or(eq(users.allCommunity, true), eq(users.isAdmin, true), eq(users.id, auth.userId), serving);
}

export const staffColumns = {
  id: users.id,
  account: users.account,
  name: users.name,
  phone: users.phone,
  gender: users.gender,
  logo: users.logo,
  dptId: users.dptId,
  dptName: departments.name,
  isAdmin: users.isAdmin,
  allCommunity: users.allCommunity,
  state: users.state,
  lockedUntil: users.lockedUntil,
  lastLoginTime: users.lastLoginTime,
  lastLoginIp: users.lastLoginIp,
  remark: users.remark,
  createdAt: users.createdAt,
};

export async function selectStaff(db: Tx, where: SQL, page?: { limit: number; offset: number }) {
  const q = db
    .select(staffColumns)
    .from(users)
    .leftJoin(departments, eq(departments.id, users.dptId))
    .where(where)
    .orderBy(desc(users.isAdmin), users.id);
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

export async function countStaff(db: Tx, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return row?.n ?? 0;
}

/** Positions, communities and linked staff file of each listed person, in three queries. */
export async function staffExtras(db: Tx, ids: number[]) {
  if (!ids.length) return { positionsOf: () => [], communitiesOf: () => [], archiveOf: () => undefined };
  const ps = await db
    .select({ userId: userPositions.userId, id: positions.id, name: positions.name })
    .from(userPositions)
    .innerJoin(positions, eq(positions.id, userPositions.positionId))
    .where(inArray(userPositions.userId, ids))
    .orderBy(positions.sort, positions.id);
  const cs = await db
    .select({ userId: userCommunities.userId, id: communities.id, name: communities.name })
    .from(userCommunities)
    .innerJoin(communities, eq(communities.id, userCommunities.communityId))
    .where(inArray(userCommunities.userId, ids))
    .orderBy(communities.id);
  const as = await db
    .select({ userId: employeeArchives.userId, id: employeeArchives.id, no: employeeArchives.employeeNo })
    .from(employeeArchives)
    .where(inArray(employeeArchives.userId, ids));
  const group = <T extends { userId: number | null }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) m.set(r.userId!, [...(m.get(r.userId!) ?? []), r]);
    return m;
  };
  const pm = group(ps);
  const cm = group(cs);
  const am = new Map(as.map((a) => [a.userId!, a]));
  return {
    positionsOf: (id: number) => pm.get(id) ?? [],
    communitiesOf: (id: number) => cm.get(id) ?? [],
    archiveOf: (id: number) => am.get(id),
  };
}
