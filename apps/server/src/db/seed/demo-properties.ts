import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { addDays } from '../../core/dates';

/**
 * Demo data of domain/properties.md, set-based (a few INSERT … SELECT over generate_series) because the test
 * template is seeded once per run and every second counts.
 *
 * 阳光花园: 1栋 2 units × 18 floors × 4, 2栋 2 × 11 × 2, 3栋 商业楼 10 商铺; statuses ~60% 已入住, 15% 已出租,
 * 10% 空置, 5% 装修中, the rest 未售; every sold room has an owner; water and electric meters everywhere, gas in
 * half the homes, 20 prepaid. 翠湖天地: 6栋's 12 rooms 空置 with owners and not handed over, the handover slots
 * (Mon–Sat, 09–12 and 14–17 by the hour, capacity 3) and appointments in every state; 5栋 holds the four rooms
 * already handed over.
 */
export async function seedDemoProperties(tx: Tx, cmpId: number, communityIds: number[], today: string) {
  const [sunny, lake] = communityIds as [number, number];
  await tx.execute(sql`
    insert into buildings (cmp_id, community_id, name, code, building_type, floors_above, floors_below, has_lift, sort)
    values (${cmpId}, ${sunny}, '1栋', '01', 1, 18, 1, true, 1), (${cmpId}, ${sunny}, '2栋', '02', 1, 11, 0, true, 2),
      (${cmpId}, ${sunny}, '3栋', '03', 2, 2, 0, false, 3), (${cmpId}, ${lake}, '5栋', '05', 1, 4, 0, true, 5),
      (${cmpId}, ${lake}, '6栋', '06', 1, 6, 0, true, 6)`);
  // [community, building, units, floors, per floor, room type]
  const plan: [number, string, number, number, number, number][] = [
    [sunny, '1栋', 2, 18, 4, 1],
    [sunny, '2栋', 2, 11, 2, 1],
    [sunny, '3栋', 1, 1, 10, 2],
    [lake, '5栋', 1, 4, 2, 1],
    [lake, '6栋', 1, 6, 2, 1],
  ];
  for (const [community, name, units, floors, perFloor, type] of plan) {
    await tx.execute(sql`
      insert into building_units (cmp_id, community_id, building_id, unit_no, name, floors_above)
      select ${cmpId}, ${community}, b.id, u, u || '单元', b.floors_above
      from buildings b cross join generate_series(1, ${units}::int) u where b.community_id = ${community} and b.name = ${name}`);
    // Positions 01 and the last are the small corner homes; the middle ones the large.
    await tx.execute(sql`
      insert into rooms (cmp_id, community_id, building_id, unit_id, floor, room_no, full_name, room_type,
        bedrooms, livingrooms, bathrooms, decoration, build_area, inner_area, fee_coefficient, status)
      select ${cmpId}, ${community}, b.id, u.id, f, (f * 100 + s)::text, b.name || '-' || u.name || '-' || (f * 100 + s),
        ${type},
        case when ${type} = 2 then 0 when s in (1, ${perFloor}) then 2 else 3 end, case when ${type} = 2 then 0 else 2 end,
        case when ${type} = 2 then 1 when s in (1, ${perFloor}) then 1 else 2 end, 1 + (f + s) % 3,
        case when ${type} = 2 then 56.00 when s in (1, ${perFloor}) then 89.50 else 126.80 end,
        case when ${type} = 2 then 48.20 when s in (1, ${perFloor}) then 72.30 else 102.40 end,
        case when ${type} = 2 then 1.50 else 1.00 end, 0
      from buildings b join building_units u on u.building_id = b.id
        cross join generate_series(1, ${floors}::int) f cross join generate_series(1, ${perFloor}::int) s
      where b.community_id = ${community} and b.name = ${name}`);
  }
  // 阳光花园's statuses by position in twenties: 12 已入住, 3 已出租, 2 空置, 1 装修中, 2 未售.
  await tx.execute(sql`
    update rooms r set status = case when k < 12 then 2 when k < 15 then 3 when k < 17 then 1 when k < 18 then 4 else 0 end,
      handover_date = case when k < 18 then date '2018-08-01' + (r.id % 60) end
    from (select id, (row_number() over (order by id) - 1) % 20 as k from rooms where community_id = ${sunny}) x
    where r.id = x.id`);
  await tx.execute(sql`update rooms set status = 2, handover_date = ${today}::date - 8 - (id % 3)
    where building_id = (select id from buildings where community_id = ${lake} and name = '5栋')`);
  await tx.execute(sql`update rooms set status = 1
    where building_id = (select id from buildings where community_id = ${lake} and name = '6栋')`);

  // One owner for every sold room, named and numbered from the room id.
  await tx.execute(sql`
    insert into residents (cmp_id, name, gender, mobile, source)
    select ${cmpId},
      (array['张','王','李','赵','刘','陈','杨','黄','周','吴','徐','孙'])[1 + r.id % 12] ||
      (array['伟','芳','娜','敏','静','磊','强','军','洋','勇','艳','杰','涛','明','超'])[1 + (r.id / 12) % 15],
      1 + r.id % 2, '139' || lpad(r.id::text, 8, '0'), 1
    from rooms r where r.cmp_id = ${cmpId} and r.status <> 0 order by r.id`);
  await tx.execute(sql`
    insert into resident_rooms (cmp_id, community_id, room_id, resident_id, role, relation, is_primary, move_in_date)
    select ${cmpId}, r.community_id, r.id, e.id, 1, '本人', true, case when r.status = 2 then r.handover_date end
    from rooms r join residents e on e.cmp_id = ${cmpId} and e.mobile = '139' || lpad(r.id::text, 8, '0')
    where r.cmp_id = ${cmpId}`);
  await tx.execute(sql`update rooms r set owner_resident_id = rr.resident_id from resident_rooms rr
    where rr.room_id = r.id and rr.is_primary and r.cmp_id = ${cmpId}`);

  // Meters of 阳光花园: water and electric everywhere, gas in every other home, the first 20 electric ones prepaid.
  await tx.execute(sql`
    insert into meters (cmp_id, community_id, room_id, meter_type, meter_no, multiplier, initial_reading, last_reading,
      last_read_time, is_prepaid)
    select ${cmpId}, r.community_id, r.id, t,
      (array['SB','DB','RQ'])[t] || lpad((row_number() over (partition by t order by r.id))::text, 6, '0'), 1,
      0, case t when 1 then r.id * 7 % 500 when 2 then r.id * 13 % 3000 else r.id * 3 % 300 end, now(),
      t = 2 and row_number() over (partition by t order by r.id) <= 20
    from rooms r cross join generate_series(1, 3) t
    where r.community_id = ${sunny} and (t < 3 or (r.room_type = 1 and r.id % 2 = 0))`);
  await tx.execute(sql`
    insert into meter_bind_logs (cmp_id, meter_id, room_id, action, reading)
    select cmp_id, id, room_id, 1, 0 from meters where community_id = ${sunny}`);

  await seedHandover(tx, cmpId, lake, today);
}

/** The demo's bookings fall on open days (Mon–Sat): a Sunday moves to the Monday. */
const openDay = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() === 0 ? addDays(date, 1) : date);

async function seedHandover(tx: Tx, cmpId: number, lake: number, today: string) {
  const slots = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'].map((s) => ({
    Start: s,
    End: `${String(Number(s.slice(0, 2)) + 1).padStart(2, '0')}:00`,
    Capacity: 3,
  }));
  await tx.execute(sql`
    insert into handover_configs (cmp_id, community_id, start_date, end_date, weekdays, slots, closed_dates, lead_days,
      max_days_ahead, inspect_items, key_items)
    values (${cmpId}, ${lake}, ${addDays(today, -30)}, ${addDays(today, 90)}, '[1,2,3,4,5,6]'::jsonb,
      ${JSON.stringify(slots)}::jsonb, '[]'::jsonb, 1, 30,
      '["门窗","墙面","地面","水电","卫浴","厨房","消防"]'::jsonb,
      '[{"Name":"入户门钥匙","Qty":3},{"Name":"信箱钥匙","Qty":2},{"Name":"门禁卡","Qty":2}]'::jsonb)`);
  // [building, room index in that building, status, day offset, slot, source]
  const appts: [string, number, number, number, string, number][] = [
    ['6栋', 1, 1, 2, '09:00', 1],
    ['6栋', 2, 1, 3, '10:00', 1],
    ['6栋', 3, 2, 1, '11:00', 2],
    ['6栋', 4, 2, 2, '14:00', 2],
    ['6栋', 5, 2, 4, '15:00', 2],
    ['6栋', 6, 3, 0, '09:00', 2],
    ['6栋', 7, 6, -3, '10:00', 2],
    ['5栋', 1, 5, -10, '09:00', 2],
    ['5栋', 2, 5, -9, '10:00', 2],
    ['5栋', 3, 5, -8, '14:00', 2],
    ['5栋', 4, 5, -7, '15:00', 1],
    ['6栋', 8, 8, 5, '11:00', 2],
    ['6栋', 9, 9, -2, '16:00', 2],
  ];
  const rows = appts.map(([b, i, status, offset, slot, source], n) => ({
    b,
    i,
    status,
    date: offset === 0 ? today : openDay(addDays(today, offset)),
    start: slot,
    end: `${String(Number(slot.slice(0, 2)) + 1).padStart(2, '0')}:00`,
    source,
    no: `JF${today.replaceAll('-', '')}${String(n + 1).padStart(4, '0')}`,
  }));
  await tx.execute(sql`
    with src as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(b text, i int, status int, date date, start text, "end" text, source int, no text)),
      numbered as (select r.*, row_number() over (partition by r.building_id order by r.floor, r.room_no) as i
        from rooms r join buildings b on b.id = r.building_id where b.community_id = ${lake})
    insert into handover_appointments (cmp_id, appt_no, community_id, room_id, resident_id, contact_name, contact_mobile,
      appt_date, slot_start, slot_end, source, status, reason, confirmed_at, cancelled_at, checked_in_at, inspect_at,
      completed_at)
    select ${cmpId}, s.no, ${lake}, n.id, e.id, e.name, e.mobile, s.date, s.start, s."end", s.source, s.status,
      case s.status when 6 then '墙面有裂缝，业主拒收钥匙' when 8 then '业主临时出差' when 9 then '未到场' else '' end,
      case when s.status >= 2 then now() end, case when s.status = 8 then now() end,
      case when s.status in (3, 5, 6) then now() end, case when s.status in (5, 6) then now() end,
      case when s.status in (5, 6) then now() end
    from src s join buildings b on b.community_id = ${lake} and b.name = s.b
      join numbered n on n.building_id = b.id and n.i = s.i
      join residents e on e.id = n.owner_resident_id`);
  await tx.execute(sql`
    insert into handover_records (cmp_id, appointment_id, room_id, inspect_results, keys, meter_readings, owner_signed,
      room_status_after, handover_date)
    select a.cmp_id, a.id, a.room_id,
      (select jsonb_agg(jsonb_build_object('Item', i, 'Ok', not (a.status = 6 and i = '墙面'), 'Note', '', 'Photos', '[]'::jsonb))
        from unnest(array['门窗','墙面','地面','水电','卫浴','厨房','消防']) i),
      case when a.status = 5 then '[{"Name":"入户门钥匙","Qty":3},{"Name":"信箱钥匙","Qty":2},{"Name":"门禁卡","Qty":2}]'::jsonb
        else '[]'::jsonb end,
      '[]'::jsonb, a.status = 5, 2, a.appt_date
    from handover_appointments a where a.community_id = ${lake} and a.status in (5, 6)`);
  await tx.execute(sql`update rooms r set handover_date = a.appt_date from handover_appointments a
    where a.room_id = r.id and a.status = 5 and a.community_id = ${lake}`);
}
