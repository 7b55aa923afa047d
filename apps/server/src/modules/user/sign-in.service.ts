import { and, eq, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import { createSession } from '../../core/auth';
import { ApiError, fail, RET } from '../../core/errors';
import { hashPassword, verifyPassword } from '../../core/passwords';
import { companies, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { checkCode } from '../sys-help/phone-codes.service';

export const MAX_FAILS = 5;
export const LOCK_MINUTES = 15;
export const MSG_LOCKED = '密码错误次数过多，账号已锁定，请15分钟后再试或联系管理员解锁';
export const MSG_DISABLED = '账号已停用，请联系管理员';

interface Meta {
  ip: string;
  userAgent: string;
}

// Verifying against a real hash for unknown accounts keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword('linli-no-such-account');
  return dummyHash;
};

async function findLiveUser(deps: AppDeps, where: ReturnType<typeof eq>) {
  const [row] = await deps.database.db
    .select({
      id: users.id,
      cmpId: users.cmpId,
      pwdHash: users.pwdHash,
      state: users.state,
      failCount: users.failCount,
      lockedUntil: users.lockedUntil,
      cmpState: companies.state,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.cmpId))
    .where(and(where, eq(users.isDel, false)))
    .limit(1);
  return row;
}

export async function loginWithPassword(deps: AppDeps, account: string, password: string, meta: Meta) {
  const user = await findLiveUser(deps, eq(users.account, account.trim().toLowerCase()));
  if (!user) {
    await verifyPassword(await dummy(), password);
    throw fail('账号或密码错误');
  }
  if (user.state !== 1 || user.cmpState !== 1) throw new ApiError(RET.FORBIDDEN, MSG_DISABLED);
  const now = deps.now();
  if (user.lockedUntil && user.lockedUntil > now) throw new ApiError(RET.LOCKED, MSG_LOCKED);

  if (!(await verifyPassword(user.pwdHash, password))) {
    const fails = await deps.database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ failCount: sql`${users.failCount} + 1` })
        .where(eq(users.id, user.id))
        .returning({ failCount: users.failCount });
      const count = row?.failCount ?? MAX_FAILS;
      if (count >= MAX_FAILS) {
        // The lock starts a fresh count, so after 15 minutes the user has five tries again.
        await tx
          .update(users)
          .set({ failCount: 0, lockedUntil: new Date(now.getTime() + LOCK_MINUTES * 60_000) })
          .where(eq(users.id, user.id));
      }
      await audit(
        tx,
        { cmpId: user.cmpId, userId: user.id, action: 'login.fail', ip: meta.ip, detail: { count } },
        now,
      );
      return count;
    });
    if (fails >= MAX_FAILS) throw new ApiError(RET.LOCKED, MSG_LOCKED);
    throw fail(`账号或密码错误，还可尝试${MAX_FAILS - fails}次`);
  }
  return startSession(deps, user, 'pwd', meta);
}

export async function loginWithCode(deps: AppDeps, phone: string, code: string, meta: Meta) {
  const user = await findLiveUser(deps, eq(users.phone, phone));
  if (!user) throw fail('该手机号未绑定账号');
  if (user.state !== 1 || user.cmpState !== 1) throw new ApiError(RET.FORBIDDEN, MSG_DISABLED);
  await checkCode(deps, { phone, purpose: 'login', code, consume: true });
  return startSession(deps, user, 'tel', meta);
}

async function startSession(deps: AppDeps, user: { id: number; cmpId: number }, way: 'pwd' | 'tel', meta: Meta) {
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
