import { sql } from 'drizzle-orm';
import { cmpIs, type JobDef } from '../../core/jobs';
import { sqlRows } from '../../core/sql-rows';
import { notify } from '../messages/notify';
import { ONLINE_SECONDS } from './lane-online';

/** MsgType 16: 设备离线 (mark-read only), to whoever may open 车道管理. */
export const MSG_LANE_OFFLINE = 16;

/**
 * Every minute: lanes not seen for 180 s become 离线; each such change notifies the txgl_cdgl holders once per
 * outage (the next authenticated call sets the lane online again, so a later outage notifies again).
 */
export const laneSweepJob: JobDef = {
  name: 'lane.sweep',
  schedule: { everyMs: 60_000 },
  async run(deps, { now, cmpId }) {
    const at = deps.now() > now ? deps.now() : now;
    return deps.database.db.transaction(async (tx) => {
      const gone = await sqlRows<{ id: number; cmp_id: number; community_id: number; name: string }>(
        tx,
        sql`update lanes set online = false
          where online and status = 1 and (last_seen_time is null or last_seen_time < ${new Date(at.getTime() - ONLINE_SECONDS * 1000)})
            and cmp_id in (select id from companies where state = 1) and ${cmpIs(cmpId)}
          returning id, cmp_id, community_id, name`,
      );
      for (const l of gone)
        await notify(tx, {
          cmpId: Number(l.cmp_id),
          roleKey: 'txgl_cdgl',
          // Only the staff who serve the lane's community hear of it.
          communityId: Number(l.community_id),
          msgType: MSG_LANE_OFFLINE,
          title: `设备离线：${l.name}`,
          sourceId: Number(l.id),
        });
      return { Offline: gone.length };
    });
  },
};

/**
 * 03:00: 在场 records older than 30 days become 异常 '超长停放'; device events older than 180 days are purged; card
 * tasks unacknowledged for 24 h become 失败; the month partitions ahead are declared.
 */
export const parkingCleanupJob: JobDef = {
  name: 'parking.cleanup',
  schedule: { dailyAt: '03:00' },
  async run(deps, { now, cmpId }) {
    const at = deps.now() > now ? deps.now() : now;
    const day = 86400_000;
    return deps.database.db.transaction(async (tx) => {
      const stale = await sqlRows<{ id: number }>(
        tx,
        sql`update car_pass_records set state = 3, abnormal_reason = '超长停放', updated_at = ${at}
          where state = 1 and in_time < ${new Date(at.getTime() - 30 * day)} and cmp_id is not null and ${cmpIs(cmpId)} returning id`,
      );
      const purged = await sqlRows<{ id: number }>(
        tx,
        sql`delete from device_events where received_time < ${new Date(at.getTime() - 180 * day)} and cmp_id is not null and ${cmpIs(cmpId)}
          returning id`,
      );
      const failed = await sqlRows<{ id: number }>(
        tx,
        sql`update device_tasks set state = 3, code = 'NO_ACK', reason = '设备未响应', updated_at = ${at}
          where state in (0, 1) and created_at < ${new Date(at.getTime() - day)} and cmp_id is not null and ${cmpIs(cmpId)} returning id`,
      );
      await tx.execute(sql`select linli_month_partitions('car_pass_records', ${at}::date, 3)`);
      await tx.execute(sql`select linli_month_partitions('card_pass_records', ${at}::date, 3)`);
      return { Abnormal: stale.length, Purged: purged.length, Failed: failed.length };
    });
  },
};

export const accessJobs = [laneSweepJob, parkingCleanupJob];
