import { and, eq } from 'drizzle-orm';
import { sessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { publish } from '../realtime/bus';
import type { Auth } from './auth';

export async function revokeSession(deps: AppDeps, auth: Auth): Promise<null> {
  await deps.database.db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ revokedAt: deps.now() })
      .where(and(eq(sessions.id, auth.sessionId), eq(sessions.cmpId, auth.cmpId)));
    await publish(tx, { kind: 'revoke', userIds: [auth.userId] });
  });
  return null;
}
