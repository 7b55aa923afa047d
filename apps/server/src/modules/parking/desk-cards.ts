import { and, eq, sql } from 'drizzle-orm';
import { type Auth, hasRole } from '../../core/auth';
import { todayIn } from '../../core/dates';
import { inScope } from '../../core/scope';
import { parkingSpaces, vehicles } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { DeskCard } from '../properties/desk-cards';

/** The parking figures of 工作台, each for someone who may open its screen, over his communities. */
export async function parkingCards(deps: AppDeps, auth: Auth): Promise<DeskCard[]> {
  const { db } = deps.database;
  const cards: DeskCard[] = [];
  // 在场车辆 is 通行管理's figure (access/desk-cards.ts), shown once.
  if (hasRole(auth, 'cwcl_cwgl')) {
    const [s] = await db
      .select({
        n: sql<number>`count(*)::int`,
        free: sql<number>`count(*) filter (where ${parkingSpaces.status} = 1)::int`,
      })
      .from(parkingSpaces)
      .where(and(eq(parkingSpaces.cmpId, auth.cmpId), inScope(auth, parkingSpaces.communityId)));
    cards.push({
      Key: 'spaces',
      Title: '空闲车位',
      Value: String(s?.free ?? 0),
      Sub: `共 ${s?.n ?? 0} 个车位`,
      Path: '/car/place',
    });
  }
  if (hasRole(auth, 'cwcl_clgl')) {
    const today = todayIn(deps.now(), auth.timeZone);
    const [v] = await db
      .select({
        soon: sql<number>`count(*) filter (where ${vehicles.validEnd} between ${today}::date and ${today}::date + 30)::int`,
        lapsed: sql<number>`count(*) filter (where ${vehicles.validEnd} < ${today}::date)::int`,
      })
      .from(vehicles)
      .where(
        and(
          eq(vehicles.cmpId, auth.cmpId),
          inScope(auth, vehicles.communityId),
          eq(vehicles.isDeleted, false),
          eq(vehicles.vehicleType, 1),
        ),
      );
    cards.push({
      Key: 'monthly-cards',
      Title: '30天内到期月卡',
      Value: String(v?.soon ?? 0),
      Sub: `已过期 ${v?.lapsed ?? 0}`,
      Path: '/car/vehicle',
    });
  }
  return cards;
}
