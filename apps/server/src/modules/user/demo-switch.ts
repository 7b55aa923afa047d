import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { audit } from '../../core/audit';
import { type Auth, createSession } from '../../core/auth';
import { ApiError, notFound, RET } from '../../core/errors';

/** The demo accounts the change-roles action (spec §4) can switch between. */
export const DEMO_ROLES = ['admin', 'cashier', 'service'] as const;

/**
 * Demo-only change-roles: a real session for the chosen demo account of the caller's company, so the console shows
 * that account's menus. Without DEMO the call does not exist.
 */
export async function demoSwitch(deps: AppDeps, auth: Auth, role: string, meta: { ip: string; userAgent: string }) {
  if (!deps.config.demo) throw new ApiError(RET.NOT_FOUND, '接口不存在');
  const { db } = deps.database;
  const [target] = await db
    .select({ id: users.id, cmpId: users.cmpId })
    .from(users)
    .where(and(eq(users.cmpId, auth.cmpId), eq(users.account, role), eq(users.isDel, false), eq(users.state, 1)));
  if (!target) throw notFound('该演示账号不存在');
  return db.transaction(async (tx) => {
    const token = await createSession(deps, tx, target, { way: 'demo', ...meta });
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'demo.switch', ip: meta.ip, detail: { role } },
      deps.now(),
    );
    return token;
  });
}
