import { sql } from 'drizzle-orm';
import { cmpIs, type JobDef } from '../../core/jobs';
import { sqlRows } from '../../core/sql-rows';
import { notify } from '../messages/notify';
import { usersServing } from '../properties/serving';
import { sendCardExpirySms } from './card-expiry-sms';

/** MsgType 15 (mark-read only): 月卡到期提醒. */
export const MSG_CARD_EXPIRY = 15;

/**
 * Daily 08:00 (domain/parking-access.md "Jobs"): one reminder per lot with 月租 cards ending within 30 days, to the
 * cwcl_clgl holders serving its community: '月卡到期提醒：地下车库 8 辆将在30天内到期'; the content counts the ones
 * ending within 7 days and today. Counted by the run's day (the company zone), in one grouped query, which leaves out
 * the lots already reminded on that day (a MsgType 15 with the lot as source, created on that day in the company's
 * zone), so a rerun by hand (/Job/Run) tells nobody twice.
 * Owners whose card ends in exactly 30, 7 or 0 days also get an SMS where the company has SMS set up
 * (card-expiry-sms.ts); that half goes first and is idempotent per vehicle and day, so a retry never texts twice.
 */
export const cardExpiryJob: JobDef = {
  name: 'parking.card-expiry',
  schedule: { dailyAt: '08:00' },
  async run(deps, { runKey, now, cmpId }) {
    const day = runKey;
    const owners = await sendCardExpirySms(deps, day, now, cmpId);
    const lotCount = await deps.database.db.transaction(async (tx) => {
      const lots = await sqlRows<{
        id: number;
        cmp_id: number;
        community_id: number;
        name: string;
        n30: number;
        n7: number;
        n0: number;
      }>(
        tx,
        sql`select l.id, l.cmp_id, l.community_id, l.name,
            count(*)::int as n30,
            count(*) filter (where v.valid_end <= ${day}::date + 7)::int as n7,
            count(*) filter (where v.valid_end = ${day}::date)::int as n0
          from vehicles v join parking_lots l on l.id = v.lot_id join companies c on c.id = l.cmp_id
          where v.vehicle_type = 1 and v.status = 1 and not v.is_deleted and ${cmpIs(cmpId, sql`l.cmp_id`)}
            and v.valid_end between ${day}::date and ${day}::date + 30
            and not exists (select 1 from sys_messages m
              where m.cmp_id = l.cmp_id and m.msg_type = ${MSG_CARD_EXPIRY} and m.source_id = l.id
                and m.created_at >= (${day}::date::timestamp at time zone c.time_zone)
                and m.created_at < ((${day}::date + 1)::timestamp at time zone c.time_zone))
          group by l.id, l.cmp_id, l.community_id, l.name
          order by l.id`,
      );
      for (const l of lots) {
        await notify(tx, {
          cmpId: l.cmp_id,
          roleKey: 'cwcl_clgl',
          userIds: await usersServing(tx, l.cmp_id, l.community_id),
          msgType: MSG_CARD_EXPIRY,
          title: `月卡到期提醒：${l.name} ${l.n30} 辆将在30天内到期`,
          content: `其中7天内到期 ${l.n7} 辆，今日到期 ${l.n0} 辆`,
          sourceId: l.id,
          at: now,
        });
      }
      return lots.length;
    });
    return { Lots: lotCount, Sms: owners };
  },
};
