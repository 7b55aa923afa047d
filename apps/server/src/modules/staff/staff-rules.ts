import { ACCOUNT_PATTERN, MSG_ACCOUNT_RULE } from '@linli/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { fieldError, forbidden } from '../../core/errors';
import { communityIdsOf, seesAllCommunities } from '../../core/scope';
import type { Tx } from '../../db/client';
import { departments, positions, userPositions, users } from '../../db/schema';

/** Rules a staff account must pass whether it comes from the form or from an import row. */

export function accountProblem(account: string): string | null {
  return ACCOUNT_PATTERN.test(account) ? null : MSG_ACCOUNT_RULE;
}

/** Login names carry no company, and a deleted account stays reserved: the check spans every company. */
export async function accountTaken(tx: Tx, account: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.account, account.toLowerCase()));
  return !!row;
}

/** Phone sign-in finds the person by phone: unique among live accounts of every company. */
export async function phoneTaken(tx: Tx, phone: string, exceptUserId = 0): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.isDel, false), ne(users.id, exceptUserId)));
  return !!row;
}

/** Only someone who holds everything may hand out the system position, or he could lift himself to it. */
export async function holdsEverything(tx: Tx, auth: Auth): Promise<boolean> {
  if (auth.isAdmin) return true;
  const [row] = await tx
    .select({ id: positions.id })
    .from(userPositions)
    .innerJoin(positions, eq(positions.id, userPositions.positionId))
    .where(and(eq(userPositions.userId, auth.userId), eq(positions.isSystem, true)));
  return !!row;
}

export async function checkDepartment(tx: Tx, auth: Auth, dptId: number) {
  const [d] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, dptId), eq(departments.cmpId, auth.cmpId)));
  if (!d) throw fieldError('DptId', '部门不存在');
}

/** The positions must be the company's; the system one only from someone who holds everything. */
export async function checkPositions(tx: Tx, auth: Auth, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: positions.id, isSystem: positions.isSystem })
    .from(positions)
    .where(and(eq(positions.cmpId, auth.cmpId), inArray(positions.id, unique)));
  if (rows.length !== unique.length) throw fieldError('PositionIds', '岗位不存在');
  return rows;
}

/**
 * 全部小区 or at least one community, within the editor's own scope: nobody grants a community he does not serve.
 */
export async function checkCommunities(tx: Tx, auth: Auth, all: boolean, ids: number[]) {
  if (all) {
    if (!seesAllCommunities(auth)) throw fieldError('CommunityIds', '只能选择自己负责的小区');
    return [];
  }
  const unique = [...new Set(ids)];
  if (!unique.length) throw fieldError('CommunityIds', '请选择负责小区');
  const mine = new Set(await communityIdsOf(tx, auth));
  if (unique.some((id) => !mine.has(id))) throw fieldError('CommunityIds', '只能选择自己负责的小区');
  return unique;
}

/**
 * A person who holds everything (the administrator, a holder of the system position) is managed only by someone who
 * also does: whoever may change his phone or password may sign in as him.
 */
export async function assertMayManage(tx: Tx, auth: Auth, target: { id: number; isAdmin: boolean }) {
  if (await holdsEverything(tx, auth)) return;
  const fake = { ...auth, isAdmin: target.isAdmin, userId: target.id };
  if (await holdsEverything(tx, fake)) throw forbidden('不能管理拥有全部权限的账号');
}
