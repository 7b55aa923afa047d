import { eq } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { ApiError, RET } from '../../core/errors';
import { endSession } from '../../core/session-ops';
import { companies } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { loginWithPassword, type SignInMeta } from './sign-in.service';

/** Change-roles exists only on a server running the demo, and only for the seeded demo company. */
export async function demoAvailable(deps: AppDeps, cmpId: number): Promise<boolean> {
  if (!deps.config.demo) return false;
  const [row] = await deps.database.db
    .select({ isDemo: companies.isDemo })
    .from(companies)
    .where(eq(companies.id, cmpId));
  return row?.isDemo ?? false;
}

/**
 * Demo change-roles: a sign-in as the chosen demo account of the caller's company with that account's own password
 * (the same lock, count-down and limits as Login), after which the caller's session ends. Nobody gains a position
 * without the password of an account that holds it, and no second session outlives the first.
 */
export async function demoSwitch(deps: AppDeps, auth: Auth, role: string, password: string, meta: SignInMeta) {
  if (!(await demoAvailable(deps, auth.cmpId))) throw new ApiError(RET.NOT_FOUND, '接口不存在');
  const token = await loginWithPassword(deps, role, password, meta, { way: 'demo', cmpId: auth.cmpId });
  await deps.database.db.transaction(async (tx) => {
    await endSession(deps, tx, auth);
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'demo.switch', ip: meta.ip, detail: { role } },
      deps.now(),
    );
  });
  return token;
}
