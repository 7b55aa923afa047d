import { eq, sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import { ApiError, RET } from '../../core/errors';
import { signInGuards, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { countInWindow } from '../../core/rate-window';

export const MAX_FAILS = 5;
export const LOCK_MINUTES = 15;
/** Sign-in attempts one account name (or phone) may make per minute from all addresses together. */
export const ACCOUNT_ATTEMPTS_PER_MINUTE = 10;
export const MSG_LOCKED = '密码错误次数过多，账号已锁定，请15分钟后再试或联系管理员解锁';
export const MSG_DISABLED = '账号已停用，请联系管理员';

export const lockedError = () => new ApiError(RET.LOCKED, MSG_LOCKED);
export const disabledError = () => new ApiError(RET.FORBIDDEN, MSG_DISABLED);
export const wrongPasswordMsg = (fails: number) => `账号或密码错误，还可尝试${MAX_FAILS - fails}次`;

export const accountKey = (name: string) => `acct:${name}`;
export const phoneKey = (phone: string) => `tel:${phone}`;

const lockUntil = (now: Date) => new Date(now.getTime() + LOCK_MINUTES * 60_000);
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export interface Guard {
  lockedUntil: Date | null;
}

/**
 * Counts one attempt in the key's one-minute window, shared by every server process on the database; refuses past
 * the limit. SIGNIN_RATE_LIMIT (also the per-address limit) raises it for test runs that sign in far more often.
 */
export async function throttleAttempt(deps: AppDeps, key: string): Promise<Guard> {
  const max = deps.config.signInRateLimit ?? ACCOUNT_ATTEMPTS_PER_MINUTE;
  const { count, lockedUntil } = await countInWindow(deps, key, 60_000);
  if (count > max) throw new ApiError(RET.TOO_MANY, '操作过于频繁，请稍后再试');
  return { lockedUntil };
}

export const isLocked = (g: Guard, now: Date) => !!g.lockedUntil && g.lockedUntil > now;

/**
 * A wrong password for a name without a live account counts and locks like a real one (same answers, same lock
 * after five), so neither the count-down nor the lock tells an unknown name from a known one.
 */
export async function failUnknownName(deps: AppDeps, key: string): Promise<number> {
  const now = deps.now();
  const [row] = await deps.database.db
    .update(signInGuards)
    .set({ failCount: sql`${signInGuards.failCount} + 1` })
    .where(eq(signInGuards.key, key))
    .returning({ failCount: signInGuards.failCount });
  const count = row?.failCount ?? MAX_FAILS;
  if (count >= MAX_FAILS) {
    await deps.database.db
      .update(signInGuards)
      .set({ failCount: 0, lockedUntil: lockUntil(now) })
      .where(eq(signInGuards.key, key));
  }
  return count;
}

/**
 * A wrong password of a live account (sign-in, change-roles or the old password of ChangePwd): five in a row lock
 * it for 15 minutes. The lock starts a fresh count, so after 15 minutes the person has five tries again.
 */
export async function failAccount(
  deps: AppDeps,
  user: { id: number; cmpId: number },
  meta: { ip: string; way: string },
): Promise<number> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ failCount: sql`${users.failCount} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failCount: users.failCount });
    const count = row?.failCount ?? MAX_FAILS;
    if (count >= MAX_FAILS) {
      await tx
        .update(users)
        .set({ failCount: 0, lockedUntil: lockUntil(now) })
        .where(eq(users.id, user.id));
    }
    await audit(
      tx,
      { cmpId: user.cmpId, userId: user.id, action: 'login.fail', ip: meta.ip, detail: { count, way: meta.way } },
      now,
    );
    return count;
  });
}

/** Old windows and expired locks of names nobody tries any more; called now and then by sign-in. */
export async function pruneGuards(deps: AppDeps): Promise<void> {
  const dayAgo = new Date(deps.now().getTime() - 86_400_000);
  await deps.database.db
    .delete(signInGuards)
    .where(
      sql`${signInGuards.windowStart} < ${ts(dayAgo)} and (${signInGuards.lockedUntil} is null or ${signInGuards.lockedUntil} < ${ts(dayAgo)})`,
    );
}
