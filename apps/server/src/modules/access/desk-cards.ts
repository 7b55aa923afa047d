import { sql } from 'drizzle-orm';
import { type Auth, hasRole } from '../../core/auth';
import { todayIn } from '../../core/dates';
import { inScope } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { parseApiTime } from '../../core/time';
import { accessCards, carPassRecords, lanes } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { DeskCard } from '../properties/desk-cards';
import { ONLINE_SECONDS } from './lane-online';

/** 工作台 figures of 通行管理 (在场车辆 and today's 临停收入, lanes 在线, live cards), each for its screen's holders. */
export async function accessDeskCards(deps: AppDeps, auth: Auth): Promise<DeskCard[]> {
  const { db } = deps.database;
  const now = deps.now();
  const cards: DeskCard[] = [];
  if (hasRole(auth, 'txgl_cxjl')) {
    const start = parseApiTime(todayIn(now, auth.timeZone), auth.timeZone)!;
    const [r] = await sqlRows<{ in_lot: number; money: string }>(
      db,
      sql`select count(*) filter (where state = 1)::int as in_lot,
          coalesce(sum(paid_money) filter (where out_time >= ${start} and vehicle_type = 3), 0)::numeric(14,2)::text as money
        from ${carPassRecords} where cmp_id = ${auth.cmpId} and ${inScope(auth, carPassRecords.communityId)}
          and rec_time >= ${new Date(start.getTime() - 31 * 86400_000)}`,
    );
    cards.push({
      Key: 'carsInLot',
      Title: '在场车辆',
      Value: String(r?.in_lot ?? 0),
      Sub: `今日临停收入 ${r?.money ?? '0.00'}元`,
      Path: '/cardmanage/carreclist',
    });
  }
  if (hasRole(auth, 'txgl_cdgl')) {
    const [r] = await sqlRows<{ total: number; online: number }>(
      db,
      sql`select count(*)::int as total,
          count(*) filter (where last_seen_time >= ${new Date(now.getTime() - ONLINE_SECONDS * 1000)})::int as online
        from ${lanes} where cmp_id = ${auth.cmpId} and status = 1 and ${inScope(auth, lanes.communityId)}`,
    );
    cards.push({
      Key: 'lanes',
      Title: '车道在线',
      Value: `${r?.online ?? 0}/${r?.total ?? 0}`,
      Sub: `离线 ${(r?.total ?? 0) - (r?.online ?? 0)}`,
      Path: '/cardmanage/roadwaylist',
    });
  }
  if (hasRole(auth, 'txgl_kpgl')) {
    const [r] = await sqlRows<{ live: number; lost: number }>(
      db,
      sql`select count(*) filter (where status = 1)::int as live, count(*) filter (where status = 2)::int as lost
        from ${accessCards} where cmp_id = ${auth.cmpId} and ${inScope(auth, accessCards.communityId)}`,
    );
    cards.push({
      Key: 'cards',
      Title: '门禁卡',
      Value: String(r?.live ?? 0),
      Sub: `挂失 ${r?.lost ?? 0}`,
      Path: '/cardmanage/cardList',
    });
  }
  return cards;
}
