import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { createCompany } from '../../apps/server/src/db/seed/create-company';
import { seedLargeParking } from './large-parking';

export const LARGE_ADMIN = { account: 'benchadmin', password: 'Bench@12345' };

export interface LargeShape {
  communities: number;
  buildings: number;
  units: number;
  floors: number;
  roomsPerFloor: number;
}

/** 10 × 20 × 2 × 25 × 10 = 100,000 rooms; BENCH_ROOMS scales the rooms per floor for a quicker run. */
export function shapeFor(rooms: number): LargeShape {
  const perFloor = Math.max(1, Math.round(rooms / (10 * 20 * 2 * 25)));
  return { communities: 10, buildings: 20, units: 2, floors: 25, roomsPerFloor: perFloor };
}

/**
 * A large company, written set-based (INSERT … SELECT over generate_series): communities, buildings, units, rooms, an
 * owner for 95 % of the rooms and a family member for a third of them, linked as the residents module links them.
 * Answers the company id and the row counts.
 */
export async function seedLargeCompany(db: Db, shape: LargeShape) {
  const cmpId = await createCompany(db, { name: '压测物业', ...LARGE_ADMIN });
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  await run(sql`insert into communities (cmp_id, name, code, province, city, district, address, build_area)
    select ${cmpId}, '压测小区' || c, 'YC' || c, '浙江省', '杭州市', '滨江区', '江南大道' || c || '号', 100000
    from generate_series(1, ${shape.communities}::int) c`);
  await run(sql`insert into buildings (cmp_id, community_id, name, building_type, floors_above, sort)
    select cm.cmp_id, cm.id, b || '栋', 1, ${shape.floors}::int, b
    from communities cm, generate_series(1, ${shape.buildings}::int) b where cm.cmp_id = ${cmpId}`);
  await run(sql`insert into building_units (cmp_id, community_id, building_id, unit_no, name, floors_above)
    select b.cmp_id, b.community_id, b.id, u, u || '单元', ${shape.floors}::int
    from buildings b, generate_series(1, ${shape.units}::int) u where b.cmp_id = ${cmpId}`);
  await run(sql`insert into rooms (cmp_id, community_id, building_id, unit_id, floor, room_no, full_name, room_type,
      bedrooms, livingrooms, bathrooms, decoration, build_area, inner_area, status)
    select u.cmp_id, u.community_id, u.building_id, u.id, f, (f * 100 + r)::text,
      b.name || '-' || u.name || '-' || (f * 100 + r), 1, 1 + r % 4, 1 + r % 2, 1 + r % 2, r % 4,
      (60 + (f * 7 + r * 13) % 90)::numeric(10, 2), (50 + (f * 7 + r * 13) % 80)::numeric(10, 2), 1
    from building_units u join buildings b on b.id = u.building_id,
      generate_series(1, ${shape.floors}::int) f, generate_series(1, ${shape.roomsPerFloor}::int) r
    where u.cmp_id = ${cmpId}`);
  // Owners: mobile 139 + the room id, id number 110101 + the room id, so the link below finds them set-based.
  await run(sql`insert into residents (cmp_id, name, gender, mobile, id_type, id_no, source, status)
    select r.cmp_id, '业主' || r.id, 1 + r.id % 2, '139' || lpad(r.id::text, 8, '0'), 1,
      '110101' || lpad(r.id::text, 12, '0'), 1, 1
    from rooms r where r.cmp_id = ${cmpId} and r.id % 20 <> 0`);
  await run(sql`insert into residents (cmp_id, name, gender, mobile, id_type, source, status)
    select r.cmp_id, '家属' || r.id, 1 + (r.id + 1) % 2, '137' || lpad(r.id::text, 8, '0'), 1, 1, 1
    from rooms r where r.cmp_id = ${cmpId} and r.id % 20 <> 0 and r.id % 3 = 0`);
  for (const [prefix, role, relation] of [
    ['139', 1, ''],
    ['137', 2, '配偶'],
  ] as const) {
    await run(sql`insert into resident_rooms (cmp_id, community_id, room_id, resident_id, role, relation, is_primary, move_in_date)
      select r.cmp_id, r.community_id, r.id, s.id, ${role}::int, ${relation}, ${role === 1}, date '2021-06-01'
      from rooms r join residents s on s.cmp_id = r.cmp_id and s.mobile = ${prefix} || lpad(r.id::text, 8, '0')
      where r.cmp_id = ${cmpId}`);
  }
  await run(sql`update rooms set owner_resident_id = rr.resident_id, status = 2, handover_date = date '2021-05-20'
    from resident_rooms rr where rr.room_id = rooms.id and rr.role = 1 and rooms.cmp_id = ${cmpId}`);
  const parking = await seedLargeParking(db, cmpId);
  await run(sql`analyze`);
  const counts = await db.execute<{ rooms: number; residents: number }>(sql`select
    (select count(*)::int from rooms where cmp_id = ${cmpId}) as rooms,
    (select count(*)::int from residents where cmp_id = ${cmpId}) as residents`);
  const row = (counts as unknown as { rows: { rooms: number; residents: number }[] }).rows[0]!;
  return { cmpId, rooms: row.rooms, residents: row.residents, ...parking };
}
