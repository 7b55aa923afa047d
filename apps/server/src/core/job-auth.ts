import { and, eq } from 'drizzle-orm';
import { companies, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AUTH_COLUMNS, type Auth, grantsOf, liveUser } from './auth';

/**
 * The rights a background job acts with: those its starter holds now (a position removed since the start counts),
 * resolved as for a request but without a session. Null when the person or the company is disabled or gone.
 */
export async function authOfUser(deps: AppDeps, userId: number): Promise<Auth | null> {
  const { db } = deps.database;
  const [row] = await db
    .select(AUTH_COLUMNS)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.cmpId))
    .where(and(eq(users.id, userId), liveUser()))
    .limit(1);
  if (!row) return null;
  return { ...row, sessionId: 0, ...(await grantsOf(db, row)) };
}
