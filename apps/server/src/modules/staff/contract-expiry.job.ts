import { and, eq, sql } from 'drizzle-orm';
import { employeeArchives } from '../../db/schema';
import { cmpIs, type JobDef } from '../../core/jobs';
import { notify } from '../messages/notify';

/** Days before a labour contract ends on which the yggl_ygda holders are reminded (organisation.md). */
export const CONTRACT_REMIND_DAYS = [30, 7, 1];

/** Daily 08:00: a MsgType 1 reminder (no navigation) per in-service archive whose contract ends in 30, 7 or 1 day(s). */
export const contractExpiryJob: JobDef = {
  name: 'archives.contract-expiry',
  schedule: { dailyAt: '08:00' },
  async run(deps, { runKey, cmpId }) {
    const day = runKey; // the Shanghai date the run belongs to
    await deps.database.db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: employeeArchives.id,
          cmpId: employeeArchives.cmpId,
          name: employeeArchives.name,
          end: employeeArchives.contractEnd,
        })
        .from(employeeArchives)
        .where(
          and(
            eq(employeeArchives.status, 1),
            cmpIs(cmpId, employeeArchives.cmpId),
            sql`${employeeArchives.contractEnd} in (${sql.join(
              CONTRACT_REMIND_DAYS.map((n) => sql`${day}::date + ${n}::int`),
              sql`, `,
            )})`,
          ),
        );
      for (const a of due) {
        await notify(tx, {
          cmpId: a.cmpId,
          roleKey: 'yggl_ygda',
          msgType: 1,
          title: `员工${a.name}的劳动合同将于${a.end}到期`,
          sourceId: a.id,
        });
      }
    });
  },
};
