import { randomInt } from 'node:crypto';
import { checkPassword, MSG_PASSWORD_MISMATCH, type StaffSaveBody } from '@linli/shared';
import { and, eq, ne } from 'drizzle-orm';
import { audit } from '../../core/audit';
import { type Auth, revokeUserSessions } from '../../core/auth';
import { fail, fieldError, notFound } from '../../core/errors';
import { hashPassword } from '../../core/passwords';
import { assertOwnUploads } from '../../core/upload-refs';
import type { Tx } from '../../db/client';
import { employeeArchives, positions, userCommunities, userPositions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import {
  accountProblem,
  accountTaken,
  assertMayManage,
  checkCommunities,
  checkDepartment,
  checkPositions,
  holdsEverything,
  phoneTaken,
} from './staff-rules';

async function liveStaff(tx: Tx, auth: Auth, id: number) {
  const [u] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.cmpId, auth.cmpId), eq(users.isDel, false)));
  if (!u) throw notFound();
  return u;
}

const log = (deps: AppDeps, tx: Tx, auth: Auth, ip: string, action: string, id: number, detail?: object) =>
  audit(
    tx,
    { cmpId: auth.cmpId, userId: auth.userId, action, entity: 'user', entityId: id, detail: detail as never, ip },
    deps.now(),
  );

/**
 * Id 0 creates. Positions and communities are read on every call (core/auth.ts, core/scope.ts), so a change binds
 * the person's next call without ending his session.
 */
export async function saveStaff(deps: AppDeps, auth: Auth, b: StaffSaveBody, ip: string) {
  let pwdHash: string | undefined;
  if (!b.Id) {
    const account = (b.UserAccount ?? '').toLowerCase();
    if (!account) throw fieldError('UserAccount', '请输入登录账号');
    const bad = accountProblem(account);
    if (bad) throw fieldError('UserAccount', bad);
    if (!b.Password) throw fieldError('Password', '请输入密码');
    const weak = checkPassword(b.Password);
    if (weak) throw fieldError('Password', weak);
    if (b.Password !== b.ConfirmPwd) throw fieldError('ConfirmPwd', MSG_PASSWORD_MISMATCH);
    pwdHash = await hashPassword(b.Password);
  }
  return deps.database.db.transaction(async (tx) => {
    const old = b.Id ? await liveStaff(tx, auth, b.Id) : undefined;
    if (old) await assertMayManage(tx, auth, old);
    const account = old?.account ?? (b.UserAccount ?? '').toLowerCase();
    if (!old && (await accountTaken(tx, account))) throw fieldError('UserAccount', '该登录账号已被使用');
    if (await phoneTaken(tx, b.Phone, old?.id)) throw fieldError('Phone', '该手机号已被其他账号使用');
    await checkDepartment(tx, auth, b.DptId);
    const held = await checkPositions(tx, auth, b.PositionIds);
    const systemIds = held.filter((p) => p.isSystem).map((p) => p.id);
    const oldIds = old
      ? (
          await tx.select({ id: userPositions.positionId }).from(userPositions).where(eq(userPositions.userId, old.id))
        ).map((r) => r.id)
      : [];
    if (systemIds.some((id) => !oldIds.includes(id)) && !(await holdsEverything(tx, auth))) {
      throw fieldError('PositionIds', '只有企业管理员可以授予超级管理员岗位');
    }
    if (old?.isAdmin) {
      const [sys] = await tx
        .select({ id: positions.id })
        .from(positions)
        .where(and(eq(positions.cmpId, auth.cmpId), eq(positions.isSystem, true)));
      if (sys && !b.PositionIds.includes(sys.id)) throw fieldError('PositionIds', '企业管理员必须保留超级管理员岗位');
    }
    const all = old?.isAdmin ? true : b.AllCommunity;
    const cmIds = old?.isAdmin ? [] : await checkCommunities(tx, auth, all, b.CommunityIds);
    if (b.ArchiveId) {
      const [a] = await tx
        .select({ id: employeeArchives.id, userId: employeeArchives.userId })
        .from(employeeArchives)
        .where(and(eq(employeeArchives.id, b.ArchiveId), eq(employeeArchives.cmpId, auth.cmpId)));
      if (!a) throw fieldError('ArchiveId', '档案不存在');
      if (a.userId && a.userId !== old?.id) throw fieldError('ArchiveId', '该档案已关联其他账号');
    }

    const values = {
      name: b.UserName,
      phone: b.Phone,
      gender: b.Gender,
      logo: b.Logo ?? '',
      dptId: b.DptId,
      allCommunity: all,
      remark: b.Remark ?? '',
      updatedAt: deps.now(),
    };
    let id: number;
    if (old) {
      id = old.id;
      await tx
        .update(users)
        .set(values)
        .where(and(eq(users.id, id), eq(users.cmpId, auth.cmpId)));
    } else {
      const [row] = await tx
        .insert(users)
        .values({
          ...values,
          cmpId: auth.cmpId,
          account,
          pwdHash: pwdHash!,
          createdBy: auth.userId,
          createdAt: deps.now(),
        })
        .returning({ id: users.id });
      id = row!.id;
    }
    await assertOwnUploads(tx, auth, { name: 'Logo', label: '头像' }, [b.Logo], { table: 'users', id });
    await tx.delete(userPositions).where(eq(userPositions.userId, id));
    await tx
      .insert(userPositions)
      .values([...new Set(b.PositionIds)].map((positionId) => ({ userId: id, positionId })));
    await tx.delete(userCommunities).where(eq(userCommunities.userId, id));
    if (cmIds.length)
      await tx.insert(userCommunities).values(cmIds.map((communityId) => ({ userId: id, communityId })));
    await tx
      .update(employeeArchives)
      .set({ userId: null })
      .where(
        and(
          eq(employeeArchives.cmpId, auth.cmpId),
          eq(employeeArchives.userId, id),
          ne(employeeArchives.id, b.ArchiveId ?? 0),
        ),
      );
    if (b.ArchiveId)
      await tx
        .update(employeeArchives)
        .set({ userId: id })
        .where(and(eq(employeeArchives.id, b.ArchiveId), eq(employeeArchives.cmpId, auth.cmpId)));
    await log(deps, tx, auth, ip, old ? 'staff.edit' : 'staff.add', id, {
      UserAccount: account,
      PositionIds: b.PositionIds,
      AllCommunity: all,
      CommunityIds: cmIds,
    });
    return id;
  });
}

export async function setStaffState(deps: AppDeps, auth: Auth, id: number, state: 0 | 1, ip: string) {
  await deps.database.db.transaction(async (tx) => {
    const u = await liveStaff(tx, auth, id);
    await assertMayManage(tx, auth, u);
    if (state === 0) {
      if (u.id === auth.userId) throw fail('不能停用自己的账号');
      if (u.isAdmin) throw fail('企业管理员账号不能停用');
    }
    await tx
      .update(users)
      .set({ state, updatedAt: deps.now() })
      .where(and(eq(users.id, id), eq(users.cmpId, auth.cmpId)));
    // A disabled account's sessions end now, not at their expiry.
    if (state === 0) await revokeUserSessions(deps, tx, id, auth.cmpId);
    await log(deps, tx, auth, ip, state ? 'staff.enable' : 'staff.disable', id);
  });
  return null;
}

const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** 10 characters with letters and digits, without look-alikes (0/O, 1/l/I). */
export function randomPassword(): string {
  const pool = LETTERS + DIGITS;
  const chars = [LETTERS[randomInt(LETTERS.length)]!, DIGITS[randomInt(DIGITS.length)]!];
  while (chars.length < 10) chars.push(pool[randomInt(pool.length)]!);
  return chars.sort(() => randomInt(3) - 1).join('');
}

export async function resetStaffPassword(
  deps: AppDeps,
  auth: Auth,
  b: { Id: number; NewPwd?: string | undefined; ConfirmPwd?: string | undefined; Random: boolean },
  ip: string,
) {
  let plain = b.NewPwd ?? '';
  if (b.Random) plain = randomPassword();
  else {
    if (!plain) throw fieldError('NewPwd', '请输入新密码');
    const weak = checkPassword(plain);
    if (weak) throw fieldError('NewPwd', weak);
    if (b.ConfirmPwd !== undefined && b.ConfirmPwd !== plain) throw fieldError('ConfirmPwd', MSG_PASSWORD_MISMATCH);
  }
  const pwdHash = await hashPassword(plain);
  await deps.database.db.transaction(async (tx) => {
    const u = await liveStaff(tx, auth, b.Id);
    await assertMayManage(tx, auth, u);
    await tx
      .update(users)
      .set({ pwdHash, failCount: 0, lockedUntil: null, updatedAt: deps.now() })
      .where(and(eq(users.id, u.id), eq(users.cmpId, auth.cmpId)));
    await revokeUserSessions(deps, tx, u.id, auth.cmpId);
    await log(deps, tx, auth, ip, 'staff.resetpwd', u.id, { Random: b.Random });
  });
  // The generated password is shown once, to the person who reset it; it is stored only as a hash.
  return b.Random ? { Password: plain } : null;
}

export async function unlockStaff(deps: AppDeps, auth: Auth, id: number, ip: string) {
  await deps.database.db.transaction(async (tx) => {
    await liveStaff(tx, auth, id);
    await tx
      .update(users)
      .set({ failCount: 0, lockedUntil: null, updatedAt: deps.now() })
      .where(and(eq(users.id, id), eq(users.cmpId, auth.cmpId)));
    await log(deps, tx, auth, ip, 'staff.unlock', id);
  });
  return null;
}

/** Soft delete: gone from lists and pickers, the name stays in history and the login name stays reserved. */
export async function deleteStaff(deps: AppDeps, auth: Auth, id: number, ip: string) {
  await deps.database.db.transaction(async (tx) => {
    const u = await liveStaff(tx, auth, id);
    if (u.isAdmin) throw fail('企业管理员账号不能删除');
    await assertMayManage(tx, auth, u);
    if (u.id === auth.userId) throw fail('不能删除自己的账号');
    await tx
      .update(users)
      .set({ isDel: true, state: 0, updatedAt: deps.now() })
      .where(and(eq(users.id, id), eq(users.cmpId, auth.cmpId)));
    await tx
      .update(employeeArchives)
      .set({ userId: null })
      .where(and(eq(employeeArchives.userId, id), eq(employeeArchives.cmpId, auth.cmpId)));
    await revokeUserSessions(deps, tx, id, auth.cmpId);
    await log(deps, tx, auth, ip, 'staff.del', id, { UserAccount: u.account, UserName: u.name });
  });
  return null;
}
