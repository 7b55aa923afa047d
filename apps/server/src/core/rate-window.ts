import { sql } from 'drizzle-orm';
import { signInGuards } from '../db/schema';
import type { AppDeps } from '../deps';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Counts one request in the key's fixed window (one upsert, on the app's clock) and answers the window's count so
 * far and the time left in it. Every process on the database shares the count.
 */
export async function countInWindow(
  deps: AppDeps,
  key: string,
  windowMs: number,
): Promise<{ count: number; ttlMs: number; lockedUntil: Date | null }> {
  const now = deps.now();
  const stale = sql`${signInGuards.windowStart} <= ${ts(new Date(now.getTime() - windowMs))}`;
  const [row] = await deps.database.db
    .insert(signInGuards)
    .values({ key, windowStart: now, attempts: 1 })
    .onConflictDoUpdate({
      target: signInGuards.key,
      set: {
        attempts: sql`case when ${stale} then 1 else ${signInGuards.attempts} + 1 end`,
        windowStart: sql`case when ${stale} then ${ts(now)} else ${signInGuards.windowStart} end`,
      },
    })
    .returning({
      attempts: signInGuards.attempts,
      windowStart: signInGuards.windowStart,
      lockedUntil: signInGuards.lockedUntil,
    });
  const started = row?.windowStart?.getTime() ?? now.getTime();
  return {
    count: row?.attempts ?? 1,
    ttlMs: Math.max(0, started + windowMs - now.getTime()),
    lockedUntil: row?.lockedUntil ?? null,
  };
}
