import { and, eq, exists, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { userCommunities, users } from '../../db/schema';

/** Live staff of the company who serve the community (all-community staff and administrators included). */
export async function usersServing(tx: Tx, cmpId: number, communityId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.cmpId, cmpId),
        eq(users.isDel, false),
        eq(users.state, 1),
        or(
          eq(users.isAdmin, true),
          eq(users.allCommunity, true),
          exists(
            tx
              .select({ one: sql`1` })
              .from(userCommunities)
              .where(and(eq(userCommunities.userId, users.id), eq(userCommunities.communityId, communityId))),
          ),
        ),
      ),
    );
  return rows.map((r) => r.id);
}
