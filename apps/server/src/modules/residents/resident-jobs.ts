import { sql } from 'drizzle-orm';
import { cmpIs, type JobDef } from '../../core/jobs';
import { sqlRows } from '../../core/sql-rows';
import { notify } from '../messages/notify';
import { addDays } from '../../core/dates';
import { usersServing } from '../properties/serving';
import { runFaceSync } from './face-sync';

/**
 * Daily 08:00: tenants whose lease ends in 30, 7 or 0 days — MsgType 10 (mark-read only) to the community's
 * 住户管理 staff: '租户 王某（1栋-1201）租约将于 2025-07-01 到期'. The run key is the Shanghai date, so each
 * threshold is met on exactly one run: one message per tenant per threshold.
 */
export const leaseCheckJob: JobDef = {
  name: 'resident.lease-check',
  schedule: { dailyAt: '08:00' },
  async run(deps, { runKey, cmpId }) {
    const dates = [30, 7, 0].map((n) => addDays(runKey, n));
    await deps.database.db.transaction(async (tx) => {
      const due = await sqlRows<{
        id: number;
        cmp_id: number;
        community_id: number;
        name: string;
        room: string;
        lease_end: string;
      }>(
        tx,
        sql`select l.id, l.cmp_id, l.community_id, e.name, bl.name || '-' || ro.room_no as room, l.lease_end::text
          from resident_rooms l join residents e on e.id = l.resident_id join rooms ro on ro.id = l.room_id
            join buildings bl on bl.id = ro.building_id
          where l.role = 3 and l.move_out_date is null and not e.is_deleted and ${cmpIs(cmpId, sql`l.cmp_id`)}
            and l.lease_end = any(${`{${dates.join(',')}}`}::date[])
          order by l.id`,
      );
      for (const d of due) {
        await notify(tx, {
          cmpId: d.cmp_id,
          roleKey: 'zhgl_zhgl',
          userIds: await usersServing(tx, d.cmp_id, d.community_id),
          msgType: 10,
          title: `租户 ${d.name}（${d.room}）租约将于 ${d.lease_end} 到期`,
          sourceId: d.id,
        });
      }
    });
  },
};

/** Every 5 minutes: face tasks are sent, transient failures retried, unacked ones failed, failures summarised. */
export const faceSyncJob: JobDef = {
  name: 'face.sync',
  schedule: { everyMs: 5 * 60_000 },
  run: (deps, { now, cmpId }) => runFaceSync(deps, now, cmpId),
};

export const residentJobs = [leaseCheckJob, faceSyncJob];
