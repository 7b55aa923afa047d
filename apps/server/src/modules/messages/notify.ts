import { groupOfScreen } from '@linli/shared';
import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { positionRights, sysMessages, userCommunities, userPositions, users } from '../../db/schema';
import { publish } from '../../realtime/bus';

export interface NotifyInput {
  cmpId: number;
  /** Receivers by id (other companies' ids are dropped). */
  userIds?: number[];
  /** Or everyone whose positions grant this screen (and the company's administrators). */
  roleKey?: string;
  /** With roleKey: only those whose positions grant this button on that screen (and the administrators). */
  btn?: string;
  /** Only people who serve this community (administrators and all-community staff serve every one). */
  communityId?: number;
  msgType: number;
  title: string;
  content?: string;
  sourceId?: number;
  /** Sound and a desktop notification instead of a quiet list reload. */
  voice?: boolean;
  /** The message's time where the caller's clock decides (a job's run), else the database's. */
  at?: Date;
}

async function receivers(tx: Tx, input: NotifyInput): Promise<number[]> {
  const live = and(eq(users.cmpId, input.cmpId), eq(users.isDel, false), eq(users.state, 1));
  const conditions = [live];
  if (input.userIds) {
    if (!input.userIds.length) return [];
    conditions.push(inArray(users.id, input.userIds));
  }
  if (input.roleKey) {
    const keys = [input.roleKey, groupOfScreen(input.roleKey)].filter((k): k is string => !!k);
    const holds = tx
      .select({ one: sql`1` })
      .from(userPositions)
      .innerJoin(positionRights, eq(positionRights.positionId, userPositions.positionId))
      .where(
        input.btn
          ? and(
              eq(userPositions.userId, users.id),
              eq(positionRights.roleKey, input.roleKey),
              sql`(',' || replace(${positionRights.btn}, ' ', '') || ',') like ${`%,${input.btn},%`}`,
            )
          : and(eq(userPositions.userId, users.id), inArray(positionRights.roleKey, keys)),
      );
    conditions.push(or(eq(users.isAdmin, true), exists(holds)));
  }
  if (input.communityId) {
    const serves = tx
      .select({ one: sql`1` })
      .from(userCommunities)
      .where(and(eq(userCommunities.userId, users.id), eq(userCommunities.communityId, input.communityId)));
    conditions.push(or(eq(users.isAdmin, true), eq(users.allCommunity, true), exists(serves)));
  }
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions));
  return rows.map((r) => r.id);
}

/**
 * What every module calls to tell staff something: stores one message per receiver and, when the caller's
 * transaction commits, pushes `show` or `voice` to their sockets in every process.
 */
export async function notify(tx: Tx, input: NotifyInput): Promise<number[]> {
  const ids = await receivers(tx, input);
  if (!ids.length) return ids;
  await tx.insert(sysMessages).values(
    ids.map((userId) => ({
      cmpId: input.cmpId,
      userId,
      title: input.title.slice(0, 100),
      content: input.content ?? '',
      msgType: input.msgType,
      sourceId: input.sourceId ?? 0,
      ...(input.at ? { createdAt: input.at } : {}),
    })),
  );
  await publish(tx, { kind: input.voice ? 'voice' : 'show', userIds: ids });
  return ids;
}
