import { and, eq, type SQL } from 'drizzle-orm';
import { audit } from '../../core/audit';
import { createSession } from '../../core/auth';
import { fail, fieldError } from '../../core/errors';
import { hashPassword, verifyPassword } from '../../core/passwords';
import { companies, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { checkCode } from '../sys-help/phone-codes.service';
import {
  accountKey,
  disabledError,
  failAccount,
  failUnknownName,
  isLocked,
  lockedError,
  MAX_FAILS,
  phoneKey,
  pruneGuards,
  throttleAttempt,
  wrongPasswordMsg,
} from './sign-in-guard';

export interface SignInMeta {
  ip: string;
  userAgent: string;
}

type Way = 'pwd' | 'tel' | 'demo';

// Verifying against a real hash for unknown accounts keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword('linli-no-such-account');
  return dummyHash;
};

/** Deleted accounts are found too: their names stay taken, and they are refused like disabled ones. */
async function findUser(deps: AppDeps, where: SQL | undefined) {
  const [row] = await deps.database.db
    .select({
      id: users.id,
      cmpId: users.cmpId,
      pwdHash: users.pwdHash,
      state: users.state,
      isDel: users.isDel,
      lockedUntil: users.lockedUntil,
      cmpState: companies.state,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.cmpId))
    .where(where)
    .limit(1);
  return row;
}

const disabled = (u: { state: number; isDel: boolean; cmpState: number }) =>
  u.state !== 1 || u.isDel || u.cmpState !== 1;

/**
 * Every password sign-in (Login and the demo change-roles). Unknown and known names answer alike: the same
 * count-down, the same lock after five, the same hashing time. The lock is checked before the password, and 停用
 * is told only to someone who gave the right password.
 */
export async function loginWithPassword(
  deps: AppDeps,
  account: string,
  password: string,
  meta: SignInMeta,
  opts: { way?: Way; cmpId?: number } = {},
) {
  const name = account.trim().toLowerCase();
  const key = accountKey(name);
  const guard = await throttleAttempt(deps, key);
  if (Math.random() < 0.01) await pruneGuards(deps);
  const user = await findUser(
    deps,
    and(eq(users.account, name), opts.cmpId === undefined ? undefined : eq(users.cmpId, opts.cmpId)),
  );
  const now = deps.now();
  if (isLocked(user ?? guard, now)) throw lockedError();
  const way = opts.way ?? 'pwd';
  if (!user) {
    await verifyPassword(await dummy(), password);
    const fails = await failUnknownName(deps, key);
    throw fails >= MAX_FAILS ? lockedError() : fail(wrongPasswordMsg(fails));
  }
  if (!(await verifyPassword(user.pwdHash, password))) {
    const fails = await failAccount(deps, user, { ip: meta.ip, way });
    throw fails >= MAX_FAILS ? lockedError() : fail(wrongPasswordMsg(fails));
  }
  if (disabled(user)) throw disabledError();
  return startSession(deps, user, way, meta);
}

/**
 * Phone-code sign-in. The code is checked first and answers alike for bound and unbound phones (an unbound phone
 * gets a code nobody receives); the lock and 停用 are told only after a right code. A locked account cannot sign in
 * this way either.
 */
export async function loginWithCode(deps: AppDeps, phone: string, code: string, meta: SignInMeta) {
  await throttleAttempt(deps, phoneKey(phone));
  const user = await findUser(deps, livePhone(phone));
  await checkSignInCode(deps, { phone, purpose: 'login', code, consume: true, ip: meta.ip });
  // Only when the account went away between the code and its use: answer as for a spent code.
  if (!user) throw fieldError('Code', '验证码已过期，请重新获取');
  if (isLocked(user, deps.now())) throw lockedError();
  if (disabled(user)) throw disabledError();
  return startSession(deps, user, 'tel', meta);
}

// A phone is unique among live accounts only, so a deleted account's number may be someone else's now.
const livePhone = (phone: string) => and(eq(users.phone, phone), eq(users.isDel, false));

/**
 * A sign-in or recovery code. A wrong one also counts toward the lock of the account the phone belongs to, so code
 * guessing meets the same five-then-15-minutes as passwords; silently, as the answer stays the code's own and is the
 * same for an unbound phone. (The lock itself is told only after a right code.)
 */
export async function checkSignInCode(
  deps: AppDeps,
  input: { phone: string; purpose: 'login' | 'findpwd'; code: string; consume: boolean; ip: string },
) {
  await checkCode(deps, {
    ...input,
    onWrong: async () => {
      const user = await findUser(deps, livePhone(input.phone));
      if (user) await failAccount(deps, user, { ip: input.ip, way: 'code' });
    },
  });
}

async function startSession(deps: AppDeps, user: { id: number; cmpId: number }, way: Way, meta: SignInMeta) {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ failCount: 0, lockedUntil: null, lastLoginTime: now, lastLoginIp: meta.ip })
      .where(eq(users.id, user.id));
    const token = await createSession(deps, tx, user, { way, ...meta });
    await audit(tx, { cmpId: user.cmpId, userId: user.id, action: 'login', ip: meta.ip, detail: { way } }, now);
    return token;
  });
}
