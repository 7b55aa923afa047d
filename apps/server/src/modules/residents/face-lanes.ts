import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import type { AppDeps } from '../../deps';
import { idList } from '../../core/filters';

/**
 * The 设备 filter of 人脸库: the lanes faces are sent to (enabled, with a face reader) in the caller's communities.
 * Lives here rather than in the access module because only face sync needs it until that module exists.
 */
export async function faceLaneOptions(deps: AppDeps, auth: Auth, communityId: number | undefined) {
  const { db } = deps.database;
  const scope = idList(await communityIdsOf(db, auth));
  const rows = await sqlRows<{ id: number; name: string; community_id: number; device_sn: string }>(
    db,
    sql`select la.id, la.name, la.community_id, la.device_sn from lanes la
      where la.cmp_id = ${auth.cmpId} and la.has_face and la.status = 1 and la.community_id = any(${scope}::int[])
        ${communityId ? sql`and la.community_id = ${communityId}` : sql``}
      order by la.community_id, la.id`,
  );
  return rows.map((r) => ({ Id: r.id, Name: r.name, CommunityId: r.community_id, DeviceSn: r.device_sn }));
}
