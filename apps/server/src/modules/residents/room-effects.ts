import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { changeRoomStatus, STATUS_SOURCE } from '../properties/room-status';

type Who = Pick<Auth, 'cmpId' | 'userId'>;
const idList = (ids: number[]) => `{${[...new Set(ids)].join(',')}}`;

/**
 * Room effects of links (residents.md "States and rules", properties.md): the first active 业主/家属 link makes a
 * 未售/空置 room 已入住, a 租户 link makes it 已出租; when the last link closes the room becomes 空置, and a 已出租
 * room whose last tenant left but where owners or family still live becomes 已入住. Each change is logged (Source 4
 * 住户). Also keeps Room.OwnerResidentId on the primary owner: a closed primary link hands the flag to another active
 * owner or clears it.
 */
export async function applyRoomEffects(tx: Tx, who: Who, roomIds: number[], now: Date, reason: string) {
  if (!roomIds.length) return;
  const ids = idList(roomIds);
  // Primary owner: keep rooms.owner_resident_id on an active primary owner, promoting the oldest active owner.
  await tx.execute(sql`update resident_rooms rr set is_primary = true, updated_at = ${now}
    where rr.id in (
      select distinct on (o.room_id) o.id from resident_rooms o
      where o.room_id = any(${ids}::int[]) and o.role = 1 and o.move_out_date is null
        and not exists (select 1 from resident_rooms p where p.room_id = o.room_id and p.role = 1 and p.is_primary
                        and p.move_out_date is null)
      order by o.room_id, o.id)`);
  await tx.execute(sql`update rooms r set owner_resident_id =
      (select p.resident_id from resident_rooms p where p.room_id = r.id and p.role = 1 and p.is_primary
         and p.move_out_date is null limit 1),
      updated_at = ${now}
    where r.id = any(${ids}::int[]) and r.cmp_id = ${who.cmpId}`);
  const rows = await sqlRows<{ id: number; status: number; owners: number; tenants: number }>(
    tx,
    sql`select r.id, r.status,
        (select count(*) from resident_rooms l where l.room_id = r.id and l.move_out_date is null and l.role in (1, 2))::int as owners,
        (select count(*) from resident_rooms l where l.room_id = r.id and l.move_out_date is null and l.role = 3)::int as tenants
      from rooms r where r.id = any(${ids}::int[]) and r.cmp_id = ${who.cmpId}`,
  );
  const to = new Map<number, number[]>();
  const push = (status: number, id: number) => to.set(status, [...(to.get(status) ?? []), id]);
  for (const r of rows) {
    const owners = Number(r.owners);
    const tenants = Number(r.tenants);
    if (!owners && !tenants) {
      if (r.status === 2 || r.status === 3) push(1, r.id);
    } else if (tenants) {
      if (r.status !== 3 && r.status !== 4) push(3, r.id);
    } else if (r.status === 0 || r.status === 1 || r.status === 3) push(2, r.id);
  }
  for (const [status, group] of to) await changeRoomStatus(tx, who, group, status, STATUS_SOURCE.RESIDENT, reason, now);
}

/** 在住 while a link is active, else 已迁出. */
export async function refreshResidentStatus(tx: Tx, residentIds: number[], now: Date) {
  if (!residentIds.length) return;
  await tx.execute(sql`update residents e set status = case when exists
      (select 1 from resident_rooms l where l.resident_id = e.id and l.move_out_date is null) then 1 else 2 end,
      updated_at = ${now}
    where e.id = any(${idList(residentIds)}::int[])`);
}
