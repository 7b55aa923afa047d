import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { communities, userCommunities } from '../db/schema';
import type { Auth } from './auth';
import { notFound } from './errors';

/**
 * Data scope (domain/organisation.md "States and rules"): the communities a session may see. The administrator and
 * anyone with AllCommunity see all of the company's communities; everyone else sees the ones chosen for him. Every
 * community-scoped list and write goes through here; an id outside the scope answers '数据不存在'.
 */
export const seesAllCommunities = (auth: Auth) => auth.isAdmin || auth.allCommunity;

// One lookup per request at most: the Auth object lives for one call.
const cache = new WeakMap<Auth, Promise<number[]>>();

/** The session's community ids (only live rows of the session's company). */
export function communityIdsOf(db: Tx, auth: Auth): Promise<number[]> {
  let ids = cache.get(auth);
  if (!ids) {
    ids = loadIds(db, auth);
    cache.set(auth, ids);
  }
  return ids;
}

async function loadIds(db: Tx, auth: Auth): Promise<number[]> {
  const rows = seesAllCommunities(auth)
    ? await db.select({ id: communities.id }).from(communities).where(eq(communities.cmpId, auth.cmpId))
    : await db
        .select({ id: communities.id })
        .from(userCommunities)
        .innerJoin(communities, eq(communities.id, userCommunities.communityId))
        .where(and(eq(userCommunities.userId, auth.userId), eq(communities.cmpId, auth.cmpId)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The session's community ids as a sub-select, for a statement that checks its rows' scope itself. */
export function scopeIdsSql(auth: Auth): SQL {
  if (seesAllCommunities(auth)) {
    return sql`(select ${communities.id} from ${communities} where ${communities.cmpId} = ${auth.cmpId})`;
  }
  return sql`(select ${userCommunities.communityId} from ${userCommunities} join ${communities} on ${communities.id} = ${userCommunities.communityId} where ${userCommunities.userId} = ${auth.userId} and ${communities.cmpId} = ${auth.cmpId})`;
}

/**
 * A where-clause for a community id column: the row's community must be one the session serves. Written as a
 * sub-select so a list needs no extra round trip; it also pins the company, so it is safe on its own.
 */
export function inScope(auth: Auth, column: AnyPgColumn): SQL {
  return inArray(column, scopeIdsSql(auth));
}

/** Refuses a community id outside the session's scope (another company's ids included) with '数据不存在'. */
export async function assertCommunity(db: Tx, auth: Auth, communityId: number): Promise<void> {
  const ids = await communityIdsOf(db, auth);
  if (!ids.includes(communityId)) throw notFound();
}
