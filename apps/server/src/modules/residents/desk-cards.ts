import { sql } from 'drizzle-orm';
import { type Auth, hasRole } from '../../core/auth';
import { idList } from '../../core/filters';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { AppDeps } from '../../deps';
import type { DeskCard } from '../properties/desk-cards';

/** 工作台 figures of 住户管理 and 人脸库, over the session's communities. */
export async function residentCards(deps: AppDeps, auth: Auth): Promise<DeskCard[]> {
  const { db } = deps.database;
  const cards: DeskCard[] = [];
  const scope = idList(await communityIdsOf(db, auth));
  if (hasRole(auth, 'zhgl_zhgl')) {
    const [r] = await sqlRows<{ n: number; pending: number }>(
      db,
      sql`select (select count(distinct l.resident_id) from resident_rooms l join residents e on e.id = l.resident_id
            where l.cmp_id = ${auth.cmpId} and l.move_out_date is null and not e.is_deleted
              and l.community_id = any(${scope}::int[]))::int as n,
          (select count(*) from registrations where cmp_id = ${auth.cmpId} and status = 0
            and community_id = any(${scope}::int[]))::int as pending`,
    );
    cards.push({
      Key: 'residents',
      Title: '在住住户',
      Value: String(r?.n ?? 0),
      Sub: `待审核 ${r?.pending ?? 0}`,
      Path: '/household/list',
    });
  }
  if (hasRole(auth, 'zhgl_rlk')) {
    const [f] = await sqlRows<{ n: number; failed: number }>(
      db,
      sql`select (select count(distinct f.id) from face_images f join resident_rooms l on l.resident_id = f.resident_id
            and l.move_out_date is null where f.cmp_id = ${auth.cmpId} and f.status = 1
            and l.community_id = any(${scope}::int[]))::int as n,
          (select count(*) from face_syncs s join lanes la on la.id = s.lane_id where s.cmp_id = ${auth.cmpId}
            and s.state = 2 and la.community_id = any(${scope}::int[]))::int as failed`,
    );
    cards.push({
      Key: 'faces',
      Title: '人脸库',
      Value: String(f?.n ?? 0),
      Sub: `同步失败 ${f?.failed ?? 0}`,
      Path: '/household/facedata',
    });
  }
  return cards;
}
