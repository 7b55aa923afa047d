import { and, eq, sql } from 'drizzle-orm';
import { expireBatches } from '../../core/import-batch';
import { cmpIs, type JobDef } from '../../core/jobs';
import { sqlRows } from '../../core/sql-rows';
import { handoverAppointments } from '../../db/schema';
import { notify } from '../messages/notify';
import { addDays } from '../../core/dates';
import { usersServing } from './serving';

/**
 * Daily 18:00: each community's 交房预约 staff hear how many handovers tomorrow holds (MsgType 9, mark-read only).
 * The run key is the Shanghai date of the run.
 */
export const handoverTomorrowJob: JobDef = {
  name: 'handover.tomorrow-reminder',
  schedule: { dailyAt: '18:00' },
  async run(deps, { runKey, cmpId }) {
    const tomorrow = addDays(runKey, 1);
    await deps.database.db.transaction(async (tx) => {
      const due = await sqlRows<{ cmp_id: number; community_id: number; name: string; n: number }>(
        tx,
        sql`select a.cmp_id, a.community_id, c.name, count(*)::int as n
          from ${handoverAppointments} a join communities c on c.id = a.community_id
          where a.appt_date = ${tomorrow} and a.status in (1, 2) and ${cmpIs(cmpId, sql`a.cmp_id`)}
          group by a.cmp_id, a.community_id, c.name order by a.community_id`,
      );
      for (const d of due) {
        await notify(tx, {
          cmpId: d.cmp_id,
          roleKey: 'fcgl_jfyy',
          userIds: await usersServing(tx, d.cmp_id, d.community_id),
          msgType: 9,
          title: `明日交房预约 ${d.n} 户`,
          content: `${d.name} ${tomorrow} 共有 ${d.n} 户预约交房`,
          sourceId: d.community_id,
        });
      }
    });
  },
};

/** Daily 23:30: 已确认 appointments of today and before that nobody checked in become 未到场. */
export const handoverNoShowJob: JobDef = {
  name: 'handover.no-show',
  schedule: { dailyAt: '23:30' },
  async run(deps, { runKey, now, cmpId }) {
    await deps.database.db
      .update(handoverAppointments)
      .set({ status: 9, reason: '未到场', updatedAt: now })
      .where(
        and(
          eq(handoverAppointments.status, 2),
          cmpIs(cmpId, handoverAppointments.cmpId),
          sql`${handoverAppointments.apptDate} <= ${runKey}`,
        ),
      );
  },
};

/** Hourly: import previews past their 30 minutes become 已过期. */
export const importExpiryJob: JobDef = {
  name: 'import.expire',
  schedule: { everyMs: 3_600_000 },
  async run(deps, { now, cmpId }) {
    await expireBatches(deps.database.db, now, cmpId);
  },
};

export const propertyJobs = [handoverTomorrowJob, handoverNoShowJob, importExpiryJob];
