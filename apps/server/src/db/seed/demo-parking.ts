import { sql } from 'drizzle-orm';
import type { Tx } from '../client';

/**
 * Demo parking of 阳光花园 (domain/parking-access.md "Demo data"), set-based: 地上停车场 (80 spaces) and 地下车库
 * (200) with their tariffs; 150 spaces (60 已售, 40 已租, 5 自用, 45 空闲; 5 子母, 10 充电); 120 vehicles (55 产权 on
 * their owners' sold spaces, 50 月租 of which 8 end within 30 days and 3 have lapsed, 6 内部, 3 免费, 6 临时), 10 of
 * them new-energy plates. Owners are the community's primary owners in room order.
 */
export async function seedDemoParking(tx: Tx, cmpId: number, sunny: number, today: string) {
  await tx.execute(sql`insert into parking_lots (cmp_id, community_id, name, code, lot_type, space_count, temp_enabled,
      free_minutes, first_minutes, first_money, unit_minutes, unit_money, daily_cap_money, expired_as_temp, status)
    values (${cmpId}, ${sunny}, '地上停车场', 'P1', 1, 80, true, 15, 60, 5.00, 60, 2.00, 30.00, true, 1),
      (${cmpId}, ${sunny}, '地下车库', 'P2', 2, 200, true, 30, 60, 6.00, 60, 3.00, 40.00, true, 1)`);
  const lots = sql`(select id, code from parking_lots where cmp_id = ${cmpId} and community_id = ${sunny})`;
  const owners = sql`(select rr.resident_id, rr.room_id, row_number() over (order by rr.room_id) as k
      from resident_rooms rr where rr.community_id = ${sunny} and rr.role = 1 and rr.is_primary and rr.move_out_date is null)`;
  // Spaces 1–50 are 地上 (A-001…), 51–150 地下 (B1-001…); owners 1–100 hold the sold and rented ones.
  await tx.execute(sql`insert into parking_spaces (cmp_id, community_id, lot_id, space_no, space_type, area, status,
      owner_resident_id, room_id, rent_start, rent_end)
    select ${cmpId}::int, ${sunny}::int, l.id,
      case when g.k <= 50 then 'A-' || lpad(g.k::text, 3, '0') else 'B1-' || lpad((g.k - 50)::text, 3, '0') end,
      case when g.k <= 5 then 2 when g.k % 15 = 0 then 3 else 1 end,
      case when g.k <= 5 then 25.00 else 12.50 end,
      case when g.k <= 60 then 2 when g.k <= 100 then 3 when g.k <= 105 then 4 else 1 end,
      case when g.k <= 100 then o.resident_id end,
      case when g.k <= 100 then o.room_id end,
      case when g.k between 61 and 100 then ${today}::date - 200 end,
      case when g.k between 61 and 100 then ${today}::date + 100 + g.k end
    from generate_series(1, 150) as g(k)
    join ${lots} l on l.code = case when g.k <= 50 then 'P1' else 'P2' end
    left join ${owners} o on o.k = g.k`);
  const spaces = sql`(select s.id, s.lot_id, s.owner_resident_id, s.room_id, row_number() over (order by s.id) as k
      from parking_spaces s where s.cmp_id = ${cmpId} and s.community_id = ${sunny})`;
  // Vehicles by k: 1–55 产权 on sold spaces 1–55; 56–105 月租 (56–95 on the rented spaces 61–100, 96–105 with no
  // space); 106–111 内部, 112–114 免费, 115–120 临时. Every 12th plate is a new-energy one.
  await tx.execute(sql`insert into vehicles (cmp_id, community_id, lot_id, plate, plate_color, owner_resident_id,
      owner_name, owner_mobile, room_id, vehicle_type, space_id, valid_start, valid_end, brand, color, status)
    select ${cmpId}::int, ${sunny}::int, coalesce(s.lot_id, l.id),
      case when g.k % 12 = 0 then '粤BD' || (g.k % 10)::text || lpad((g.k * 7)::text, 4, '0')
        else '粤' || (array['B','B','B','A'])[1 + g.k % 4] || (array['A','C','D','E','F','G','H','K'])[1 + g.k % 8]
          || lpad((g.k * 13 % 10000)::text, 4, '0') end,
      case when g.k % 12 = 0 then 3 when g.k % 17 = 0 then 2 else 1 end,
      case when g.k <= 105 then coalesce(s.owner_resident_id, o.resident_id) end,
      case when g.k between 106 and 111 then '物业内部车' || (g.k - 105) when g.k between 112 and 114 then '消防救援'
        when g.k > 114 then '访客' || (g.k - 114) else '' end,
      case when g.k > 105 then '139' || lpad((g.k * 1013)::text, 8, '0') else '' end,
      case when g.k <= 105 then coalesce(s.room_id, o.room_id) end,
      case when g.k <= 55 then 2 when g.k <= 105 then 1 when g.k <= 111 then 4 when g.k <= 114 then 5 else 3 end,
      s.id,
      case when g.k between 56 and 105 then e.d - 364 end,
      case when g.k between 56 and 105 then e.d end,
      (array['丰田','本田','大众','比亚迪','特斯拉','宝马','奔驰','日产'])[1 + g.k % 8],
      (array['白色','黑色','银色','灰色','蓝色','红色'])[1 + g.k % 6],
      1
    from generate_series(1, 120) as g(k)
    left join ${spaces} s on s.k = case when g.k <= 55 then g.k when g.k <= 95 then g.k + 5 end
    left join ${owners} o on o.k = g.k + 5
    join ${lots} l on l.code = case when g.k % 2 = 0 then 'P1' else 'P2' end
    cross join lateral (select case
        when g.k between 56 and 63 then ${today}::date + (g.k - 54) * 3
        when g.k between 64 and 66 then ${today}::date - (g.k - 63) * 4
        else ${today}::date + 60 + g.k end as d) e`);
}
