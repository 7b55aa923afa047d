import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';

/**
 * The large company's parking, set-based: two lots per community (地上 and 地下, 5,000 spaces each), a sold space for
 * every fifth owned room and a vehicle for every second owner (月租 ending spread over the next year and the past
 * month, so each ValidState filter finds rows). Answers the counts.
 */
export async function seedLargeParking(db: Db, cmpId: number) {
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  await run(sql`insert into parking_lots (cmp_id, community_id, name, code, lot_type, space_count, free_minutes,
      first_minutes, first_money, unit_minutes, unit_money, daily_cap_money)
    select cm.cmp_id, cm.id, t.name, t.code, t.k, 5000, 15, 60, 5.00, 60, 2.00, 30.00
    from communities cm, (values (1, '地上停车场', 'P1'), (2, '地下车库', 'P2')) as t(k, name, code)
    where cm.cmp_id = ${cmpId}`);
  await run(sql`insert into parking_spaces (cmp_id, community_id, lot_id, space_no, space_type, status,
      owner_resident_id, room_id)
    select r.cmp_id, r.community_id, l.id, 'S-' || lpad(r.id::text, 7, '0'), 1 + (r.id % 10 = 0)::int, 2,
      r.owner_resident_id, r.id
    from rooms r join parking_lots l on l.community_id = r.community_id and l.code = case when r.id % 2 = 0 then 'P1' else 'P2' end
    where r.cmp_id = ${cmpId} and r.owner_resident_id is not null and r.id % 5 = 0`);
  await run(sql`insert into vehicles (cmp_id, community_id, lot_id, plate, plate_color, owner_resident_id, room_id,
      vehicle_type, space_id, valid_start, valid_end, brand, color)
    select r.cmp_id, r.community_id, l.id,
      -- One plate per room id below 800,000 (the second letter takes all ten ten-thousands: with eight, ids 80,000
      -- apart shared a plate in the same lot).
      '浙' || (array['A','B','C','D','E','F','G','H'])[1 + (r.id / 100000) % 8]
        || (array['A','B','C','D','E','F','G','H','J','K'])[1 + (r.id / 10000) % 10] || lpad((r.id % 10000)::text, 4, '0'),
      1, r.owner_resident_id, r.id, case when s.id is null then 1 else 2 end, s.id,
      date '2026-01-01', current_date - 30 + (r.id % 400), '丰田', '白色'
    from rooms r
    join parking_lots l on l.community_id = r.community_id and l.code = case when r.id % 2 = 0 then 'P1' else 'P2' end
    left join parking_spaces s on s.room_id = r.id and s.lot_id = l.id
    where r.cmp_id = ${cmpId} and r.owner_resident_id is not null and r.id % 2 = 0`);
  const counts = await db.execute(sql`select
    (select count(*)::int from parking_spaces where cmp_id = ${cmpId}) as spaces,
    (select count(*)::int from vehicles where cmp_id = ${cmpId}) as vehicles`);
  return (counts as unknown as { rows: { spaces: number; vehicles: number }[] }).rows[0]!;
}
