import type { UpdateSelfBody } from '@linli/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { buttonsPayload } from '../../core/access';
import { audit } from '../../core/audit';
import { type Auth, revokeUserSessions } from '../../core/auth';
import { fieldError, notFound } from '../../core/errors';
import { hashPassword, verifyPassword } from '../../core/passwords';
import { communityIdsOf } from '../../core/scope';
import { fmtTime } from '../../core/time';
import { assertOwnUploads } from '../../core/upload-refs';
import { auditLog, companies, departments, positions, userPositions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { checkCode } from '../sys-help/phone-codes.service';
import { checkSignInCode } from './sign-in.service';
import { failAccount, isLocked, lockedError, MAX_FAILS, phoneKey, throttleAttempt } from './sign-in-guard';

export async function userInfo(deps: AppDeps, auth: Auth) {
  const { db } = deps.database;
  const [row] = await db
    .select({
      id: users.id,
      account: users.account,
      name: users.name,
      phone: users.phone,
      email: users.email,
      gender: users.gender,
      logo: users.logo,
      cmpId: users.cmpId,
      cmpName: companies.name,
      siteTitle: companies.siteTitle,
      cmpLogo: companies.logo,
      cmpShortName: companies.shortName,
      isDemo: companies.isDemo,
      dptName: departments.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.cmpId))
    .leftJoin(departments, eq(departments.id, users.dptId))
    .where(eq(users.id, auth.userId));
  if (!row) throw notFound();
  const held = await db
    .select({ name: positions.name })
    .from(userPositions)
    .innerJoin(positions, eq(positions.id, userPositions.positionId))
    .where(eq(userPositions.userId, auth.userId))
    .orderBy(positions.sort, positions.id);
  return {
    Id: row.id,
    UserName: row.name,
    Name: row.name,
    UserAccount: row.account,
    Phone: row.phone,
    Email: row.email,
    Gender: row.gender,
    Logo: row.logo,
    CmpId: row.cmpId,
    CmpName: row.cmpName,
    SiteTitle: row.siteTitle,
    CmpLogo: row.cmpLogo,
    CmpShortName: row.cmpShortName,
    DptName: row.dptName ?? '',
    PositionNames: held.map((p) => p.name),
    IsAdmin: auth.isAdmin,
    AllCommunity: auth.isAdmin || auth.allCommunity,
    CommunityIds: await communityIdsOf(db, auth),
    Access: auth.access,
    Buttons: buttonsPayload(auth.buttons),
    // Change-roles (spec §4) is offered where the call answers: a demo server's demo company.
    Demo: deps.config.demo && row.isDemo,
  };
}

/**
 * Recovery with a findpwd code. The code is checked before the phone's owner is looked at, so bound and unbound
 * phones answer alike. A locked account cannot recover until the lock ends (or the admin's 解锁): otherwise guessing
 * recovery codes would go round the lock that stops guessing sign-in codes.
 */
export async function recoverPassword(deps: AppDeps, phone: string, code: string, newPwd: string, ip: string) {
  const { db } = deps.database;
  await throttleAttempt(deps, phoneKey(phone));
  const [user] = await db
    .select({ id: users.id, cmpId: users.cmpId, lockedUntil: users.lockedUntil })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.isDel, false)));
  await checkSignInCode(deps, { phone, purpose: 'findpwd', code, consume: true, ip });
  if (!user) throw fieldError('Code', '验证码已过期，请重新获取');
  if (isLocked(user, deps.now())) throw lockedError();
  const pwdHash = await hashPassword(newPwd);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ pwdHash, failCount: 0, updatedAt: deps.now() }).where(eq(users.id, user.id));
    await revokeUserSessions(deps, tx, user.id, user.cmpId);
    await audit(tx, { cmpId: user.cmpId, userId: user.id, action: 'password.recover', ip }, deps.now());
  });
}

/**
 * The old password is a sign-in secret too: wrong ones count toward the same lock. A lock that anyone could set by
 * guessing at Login leaves sessions alone (or a stranger could sign anyone out); a lock this session's own guesses
 * reach ends every session of the person, since whoever guesses inside a live session is likely not its owner.
 */
export async function changePassword(deps: AppDeps, auth: Auth, oldPwd: string, newPwd: string, ip: string) {
  const { db } = deps.database;
  const [user] = await db
    .select({ pwdHash: users.pwdHash, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!user) throw notFound();
  if (isLocked(user, deps.now())) throw lockedError();
  if (!(await verifyPassword(user.pwdHash, oldPwd))) {
    const fails = await failAccount(deps, { id: auth.userId, cmpId: auth.cmpId }, { ip, way: 'changepwd' });
    if (fails < MAX_FAILS) throw fieldError('OldPwd', `原密码不正确，还可尝试${MAX_FAILS - fails}次`);
    await db.transaction((tx) => revokeUserSessions(deps, tx, auth.userId, auth.cmpId));
    throw lockedError();
  }
  const pwdHash = await hashPassword(newPwd);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ pwdHash, failCount: 0, updatedAt: deps.now() }).where(eq(users.id, auth.userId));
    await revokeUserSessions(deps, tx, auth.userId, auth.cmpId);
    await audit(tx, { cmpId: auth.cmpId, userId: auth.userId, action: 'password.change', ip }, deps.now());
  });
}

export async function updateSelf(deps: AppDeps, auth: Auth, p: UpdateSelfBody, ip: string) {
  const { db } = deps.database;
  const [me] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, auth.userId));
  if (!me) throw notFound();
  await assertOwnUploads(db, auth, { name: 'Logo', label: '头像' }, [p.Logo], { table: 'users', id: auth.userId });
  if (p.Phone !== me.phone) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, p.Phone), eq(users.isDel, false)));
    if (taken) throw fieldError('Phone', '该手机号已被其他账号使用');
    // A new number is the person's second sign-in key: prove it is theirs first.
    if (!p.Code) throw fieldError('Code', '请输入验证码');
    await checkCode(deps, { phone: p.Phone, purpose: 'bind', code: p.Code, consume: true });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        name: p.UserName,
        phone: p.Phone,
        email: p.Email ?? '',
        gender: p.Gender,
        logo: p.Logo ?? '',
        updatedAt: deps.now(),
      })
      .where(eq(users.id, auth.userId));
    await audit(tx, { cmpId: auth.cmpId, userId: auth.userId, action: 'profile.update', ip }, deps.now());
  });
}

const WAY_TEXT: Record<string, string> = { pwd: '账号密码', tel: '手机验证码', demo: '切换角色' };

export async function loginLog(deps: AppDeps, auth: Auth) {
  const rows = await deps.database.db
    .select({ createdAt: auditLog.createdAt, ip: auditLog.ip, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.userId, auth.userId), inArray(auditLog.action, ['login'])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(20);
  return rows.map((r) => {
    const way = (r.detail as { way?: string } | null)?.way ?? '';
    return { Time: fmtTime(r.createdAt, auth.timeZone), Ip: r.ip, Way: WAY_TEXT[way] ?? way };
  });
}
