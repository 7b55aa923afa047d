import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { sessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { publish } from '../realtime/bus';
import type { Auth } from './auth';

/** Ends the caller's own session inside the caller's transaction; the person's open sockets re-check it. */
export async function endSession(deps: AppDeps, tx: Tx, auth: Auth): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: deps.now() })
    .where(and(eq(sessions.id, auth.sessionId), eq(sessions.cmpId, auth.cmpId)));
  await publish(tx, { kind: 'revoke', userIds: [auth.userId] });
}

export async function revokeSession(deps: AppDeps, auth: Auth): Promise<null> {
  await deps.database.db.transaction((tx) => endSession(deps, tx, auth));
  return null;
}
