import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { rooms, roomStatusLogs } from '../../db/schema';

/** RoomStatusLog.Source. */
export const STATUS_SOURCE = { MANUAL: 1, BATCH: 2, HANDOVER: 3, RESIDENT: 4, IMPORT: 5 } as const;

/**
 * Sets the status of many rooms and writes one RoomStatusLog row for each room whose status really changed, in one
 * statement. Answers the ids that changed (the RoomStatusChanged event's payload).
 */
export async function changeRoomStatus(
  tx: Tx,
  auth: Pick<Auth, 'cmpId' | 'userId'>,
  roomIds: number[],
  toStatus: number,
  source: number,
  reason: string,
  now: Date,
): Promise<number[]> {
  if (!roomIds.length) return [];
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`with old as (
        select id, status from ${rooms}
        where cmp_id = ${auth.cmpId} and status <> ${toStatus}
          and id in (select (jsonb_array_elements_text(${JSON.stringify(roomIds)}::jsonb))::int)
        for update
      ), upd as (
        update ${rooms} r set status = ${toStatus}, updated_at = ${now} from old where r.id = old.id and r.cmp_id = ${auth.cmpId}
        returning r.id, old.status as from_status
      )
      insert into ${roomStatusLogs} (cmp_id, room_id, from_status, to_status, source, reason, created_by, created_at, updated_at)
      select ${auth.cmpId}, id, from_status, ${toStatus}, ${source}, ${reason}, ${auth.userId}, ${now}, ${now} from upd
      returning room_id as id`,
  );
  return rows.map((r) => Number(r.id));
}
