import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';

/**
 * Attendance for the large company, set-based: `people` staff in one 固定 group on 行政班 09:00–18:00, two punches a
 * workday for the last `days` days (every 10th late, every 25th without 下班), and the computed days written as the
 * engine writes them (att_days), so the lists and the month statistics read a realistic volume.
 */
export async function seedLargeAttendance(db: Db, cmpId: number, people: number, days: number) {
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  await run(sql`insert into users (cmp_id, account, name, pwd_hash, state)
    select ${cmpId}, 'kq' || g, '员工' || g, (select pwd_hash from users where cmp_id = ${cmpId} limit 1), 1
    from generate_series(1, ${people}::int) g`);
  await run(sql`insert into att_shifts (cmp_id, name, work_start, work_end, rest_start, rest_end)
    values (${cmpId}, '行政班', '09:00', '18:00', '12:00', '13:00')`);
  await run(sql`insert into att_groups (cmp_id, name, kind, shift_id, work_days)
    select ${cmpId}, '压测考勤组', 1, id, '1,2,3,4,5' from att_shifts where cmp_id = ${cmpId}`);
  await run(sql`insert into att_group_members (cmp_id, group_id, user_id)
    select ${cmpId}, g.id, u.id from att_groups g, users u
    where g.cmp_id = ${cmpId} and u.cmp_id = ${cmpId} and u.account like 'kq%'`);
  // Workdays back from yesterday, in Shanghai time.
  const daysCte = sql`select d::date as day from generate_series(current_date - ${days}::int, current_date - 1, '1 day') d
    where extract(isodow from d) <= 5`;
  await run(sql`insert into att_punch_logs (cmp_id, user_id, punch_time, source, device_sn)
    select ${cmpId}, m.user_id, (dd.day + time '08:50' + ((m.user_id % 10 = 0)::int * interval '17 minutes')) at time zone 'Asia/Shanghai', 2, 'KQ-1'
    from att_group_members m, (${daysCte}) dd where m.cmp_id = ${cmpId}`);
  await run(sql`insert into att_punch_logs (cmp_id, user_id, punch_time, source, device_sn)
    select ${cmpId}, m.user_id, (dd.day + time '18:10') at time zone 'Asia/Shanghai', 2, 'KQ-1'
    from att_group_members m, (${daysCte}) dd where m.cmp_id = ${cmpId} and (m.user_id + extract(day from dd.day)::int) % 25 <> 0`);
  await run(sql`insert into att_days (cmp_id, user_id, day, group_id, shift_id, due_on, due_off, on_time, on_punch_id,
      on_state, late_minutes, on_source, off_time, off_punch_id, off_state, on_outside, off_source, present, final)
    select ${cmpId}, m.user_id, dd.day, m.group_id, g.shift_id,
      (dd.day + time '09:00') at time zone 'Asia/Shanghai', (dd.day + time '18:00') at time zone 'Asia/Shanghai',
      pon.punch_time, pon.id, case when m.user_id % 10 = 0 then 2 else 1 end, case when m.user_id % 10 = 0 then 7 else 0 end, 2,
      poff.punch_time, poff.id, case when poff.id is null then 4 else 1 end, false, case when poff.id is null then 0 else 2 end, true, true
    from att_group_members m join att_groups g on g.id = m.group_id cross join (${daysCte}) dd
    join att_punch_logs pon on pon.user_id = m.user_id and pon.punch_time = (dd.day + time '08:50' + ((m.user_id % 10 = 0)::int * interval '17 minutes')) at time zone 'Asia/Shanghai'
    left join att_punch_logs poff on poff.user_id = m.user_id and poff.punch_time = (dd.day + time '18:10') at time zone 'Asia/Shanghai'
    where m.cmp_id = ${cmpId}`);
  await run(sql`analyze`);
  const counts = await db.execute(sql`select (select count(*)::int from att_days where cmp_id = ${cmpId}) as days,
    (select count(*)::int from att_punch_logs where cmp_id = ${cmpId}) as punches`);
  return (counts as unknown as { rows: { days: number; punches: number }[] }).rows[0]!;
}
