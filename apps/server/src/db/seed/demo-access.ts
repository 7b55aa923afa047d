import { sql } from 'drizzle-orm';
import { addDays } from '../../core/dates';
import { parseApiTime } from '../../core/time';
import { passageFee } from '../../modules/parking/temp-fee';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../client';

/**
 * Demo access of 阳光花园 (domain/parking-access.md "Demo data"), set-based: the seven lanes bound to their lots and
 * doors, each with the key 'demo-' + its SN (1栋2单元门 offline); 80 cards (70 正常, 5 挂失, 5 注销); about 3,000
 * car records and 15,000 card/face records over 30 days with morning and evening peaks, 12 cars 在场 and 2 异常.
 * Car fees come from the one temp-fee function, so the records agree with what Verify would have shown.
 */
export async function seedDemoAccess(tx: Tx, cmpId: number, sunny: number, today: string, now: Date) {
  await tx.execute(sql`update lanes l set lot_id = p.id, direction = x.direction, rules = ${JSON.stringify({
    AutoOpenMonthly: true,
    AutoOpenFree: true,
    TempCar: 1,
    ExpiredCard: 1,
    FullDenyTemp: false,
  })}::jsonb
    from (values ('HK-CAR-0001', 'P1', 1), ('HK-CAR-0002', 'P1', 2), ('DH-CAR-0003', 'P2', 1), ('DH-CAR-0004', 'P2', 2))
      as x(sn, code, direction)
      join parking_lots p on p.code = x.code and p.cmp_id = ${cmpId} and p.community_id = ${sunny}
    where l.device_sn = x.sn and l.cmp_id = ${cmpId}`);
  await tx.execute(sql`update lanes l set building_id = u.building_id, unit_id = u.id, direction = 3,
      rules = '{"AllowCard":true,"AllowFace":true,"AllowQr":true}'::jsonb
    from building_units u join buildings b on b.id = u.building_id
    where b.community_id = ${sunny} and b.name = '1栋' and l.cmp_id = ${cmpId}
      and l.device_sn = case u.unit_no when 1 then 'HK-FACE-0006' when 2 then 'HK-FACE-0007' end`);
  await tx.execute(sql`update lanes set direction = 3, rules = '{"AllowCard":true,"AllowFace":true,"AllowQr":true}'::jsonb
    where cmp_id = ${cmpId} and device_sn = 'HK-FACE-0005'`);
  // Demo only: every lane's key is 'demo-' + its SN; 1栋2单元门 was last seen 2 hours ago.
  await tx.execute(sql`update lanes set device_key_hash = encode(sha256(convert_to('demo-' || device_sn, 'UTF8')), 'hex'),
      key_time = ${now}::timestamptz, firmware = 'V5.6.2', online = device_sn <> 'HK-FACE-0007',
      last_seen_time = case when device_sn = 'HK-FACE-0007' then ${new Date(now.getTime() - 2 * 3600_000)}::timestamptz else ${now}::timestamptz end
    where cmp_id = ${cmpId} and community_id = ${sunny}`);
  await seedCards(tx, cmpId, sunny, today, now);
  await seedCarRecords(tx, cmpId, sunny, today, now);
  await seedCardRecords(tx, cmpId, sunny, today);
}

async function seedCards(tx: Tx, cmpId: number, sunny: number, today: string, now: Date) {
  // Cards 1–70 of owners and tenants (k 61–65 tenants' 租户卡), 71–75 员工卡, 76–80 临时卡; 66–70 end within 30
  // days; 41–45 挂失, 46–50 注销.
  await tx.execute(sql`insert into access_cards (cmp_id, community_id, card_no, card_type, holder_kind, holder_resident_id,
      holder_user_id, holder_name, holder_mobile, valid_from, valid_to, status, created_at, created_by)
    select ${cmpId}::int, ${sunny}::int, 'YG' || lpad((10000 + g.k * 37)::text, 8, '0'),
      case when g.k <= 70 then case when g.k between 61 and 65 then 2 else 1 end when g.k <= 75 then 3 else 4 end,
      case when g.k <= 70 then 1 when g.k <= 75 then 2 else 3 end,
      case when g.k <= 70 then o.resident_id end,
      case when g.k between 71 and 75 then (select id from users where cmp_id = ${cmpId} and not is_del order by id offset (g.k - 71) limit 1) end,
      case when g.k <= 75 then '' else '访客' || (g.k - 75) end,
      case when g.k <= 75 then '' else '1390000' || lpad(g.k::text, 4, '0') end,
      ${today}::date - 300 + g.k,
      case when g.k between 66 and 70 then ${today}::date + (g.k - 64) * 4
        when g.k > 75 then ${today}::date + 7 else ${today}::date + 200 + g.k end,
      case when g.k between 41 and 45 then 2 when g.k between 46 and 50 then 3 else 1 end,
      ${now}::timestamptz - make_interval(days => 300 - g.k), (select id from users where cmp_id = ${cmpId} order by id limit 1)
    from generate_series(1, 80) g(k)
    left join (select rr.resident_id, row_number() over (order by rr.room_id) as k from resident_rooms rr
      where rr.community_id = ${sunny} and rr.move_out_date is null and rr.is_primary) o on o.k = g.k`);
  await tx.execute(sql`insert into access_card_rooms (cmp_id, card_id, room_id)
    select ${cmpId}::int, c.id, rr.room_id from access_cards c
      join resident_rooms rr on rr.resident_id = c.holder_resident_id and rr.community_id = c.community_id and rr.move_out_date is null
    where c.cmp_id = ${cmpId} and c.community_id = ${sunny}
    on conflict do nothing`);
  // Every card opens 南门人行 and the unit door of its rooms; 员工卡 every 人行 lane.
  await tx.execute(sql`insert into access_card_lanes (cmp_id, card_id, lane_id)
    select distinct ${cmpId}::int, c.id, l.id from access_cards c
      join lanes l on l.cmp_id = c.cmp_id and l.community_id = c.community_id and l.kind = 2
      left join access_card_rooms cr on cr.card_id = c.id left join rooms r on r.id = cr.room_id
    where c.cmp_id = ${cmpId} and c.community_id = ${sunny}
      and (l.unit_id is null or l.unit_id = r.unit_id or c.card_type = 3)
    on conflict do nothing`);
  await tx.execute(sql`insert into card_logs (cmp_id, card_id, action, reason, created_at)
    select cmp_id, id, case status when 2 then '挂失' when 3 then '注销' else '发卡' end,
      case status when 2 then '住户报失' when 3 then '住户退卡' else '' end, created_at
    from access_cards where cmp_id = ${cmpId} and community_id = ${sunny}`);
}

/** A small deterministic generator, so every demo database holds the same records. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** An hour of the day weighted to the 7–9 and 17–19 rushes. */
const HOURS = [0, 0, 0, 1, 1, 2, 4, 9, 10, 6, 4, 4, 4, 4, 4, 4, 5, 9, 10, 7, 5, 4, 2, 1];
const HOUR_PICK = HOURS.flatMap((w, h) => Array<number>(w).fill(h));

async function seedCarRecords(tx: Tx, cmpId: number, sunny: number, today: string, now: Date) {
  const lots = await sqlRows<{
    id: number;
    code: string;
    free_minutes: number;
    first_minutes: number;
    first_money: string;
    unit_minutes: number;
    unit_money: string;
    daily_cap_money: string;
  }>(
    tx,
    sql`select id, code, free_minutes, first_minutes, first_money::text, unit_minutes, unit_money::text,
        daily_cap_money::text from parking_lots where cmp_id = ${cmpId} and community_id = ${sunny} order by code`,
  );
  const laneRows = await sqlRows<{ id: number; lot_id: number; direction: number }>(
    tx,
    sql`select id, lot_id, direction from lanes where cmp_id = ${cmpId} and kind = 1 and lot_id is not null`,
  );
  const vehicles = await sqlRows<{ id: number; lot_id: number; plate: string; vehicle_type: number }>(
    tx,
    sql`select id, lot_id, plate, vehicle_type from vehicles where cmp_id = ${cmpId} and community_id = ${sunny}
      and status = 1 and not is_deleted and vehicle_type <> 3 order by id`,
  );
  const rand = rng(20261124);
  const rows: Record<string, unknown>[] = [];
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const open = new Set<string>();
  for (let d = 29; d >= 0; d--) {
    const day = addDays(today, -d);
    const perDay = 90 + Math.floor(rand() * 20);
    for (let i = 0; i < perDay; i++) {
      const registered = rand() < 0.6 && vehicles.length > 0;
      const v = registered ? vehicles[Math.floor(rand() * vehicles.length)]! : null;
      const lot = v ? lots.find((l) => l.id === v.lot_id)! : lots[Math.floor(rand() * lots.length)]!;
      const plate = v
        ? v.plate
        : `粤${letters[Math.floor(rand() * 3)]}${letters[Math.floor(rand() * letters.length)]}${String(Math.floor(rand() * 10000)).padStart(4, '0')}`;
      const hour = HOUR_PICK[Math.floor(rand() * HOUR_PICK.length)]!;
      const inTime = parseApiTime(
        `${day} ${String(hour).padStart(2, '0')}:${String(Math.floor(rand() * 60)).padStart(2, '0')}:${String(Math.floor(rand() * 60)).padStart(2, '0')}`,
      )!;
      if (inTime >= now) continue;
      const stay = v ? 60 + Math.floor(rand() * 600) : 10 + Math.floor(rand() * 300);
      const outTime = new Date(inTime.getTime() + stay * 60_000 + Math.floor(rand() * 59_000));
      const inLane = laneRows.find((l) => l.lot_id === lot.id && l.direction === 1)!;
      const outLane = laneRows.find((l) => l.lot_id === lot.id && l.direction === 2)!;
      const type = v ? v.vehicle_type : 3;
      const key = `${lot.id}|${plate}`;
      // The last hours' cars are still in the lot (a dozen of them), unless the plate already is.
      const stays = outTime >= now || (d === 0 && open.size < 12 && rand() < 0.15);
      if (stays && open.has(key)) continue;
      const tariff = {
        freeMinutes: Number(lot.free_minutes),
        firstMinutes: Number(lot.first_minutes),
        firstMoney: lot.first_money,
        unitMinutes: Number(lot.unit_minutes),
        unitMoney: lot.unit_money,
        dailyCapMoney: lot.daily_cap_money,
      };
      const fee = passageFee(tariff, type, inTime, outTime);
      if (stays) open.add(key);
      rows.push({
        lot_id: lot.id,
        plate,
        vehicle_id: v?.id ?? null,
        vehicle_type: type,
        in_lane_id: inLane.id,
        in_time: inTime.toISOString(),
        out_lane_id: stays ? null : outLane.id,
        out_time: stays ? null : outTime.toISOString(),
        duration_minutes: stays ? null : fee.DurationMinutes,
        fee_money: stays ? null : fee.FeeMoney,
        paid_money: stays ? null : fee.FeeMoney,
        pay_method: stays ? 0 : fee.feeFen > 0 ? [2, 2, 3, 1][Math.floor(rand() * 4)]! : type === 3 ? 0 : 5,
        state: stays ? 1 : 2,
      });
    }
  }
  // Two 异常: a car that left without an entry and one whose exit never came.
  const out = rows.find((r) => r.state === 2 && r.vehicle_type === 3)!;
  Object.assign(out, { state: 3, in_lane_id: null, in_time: null, duration_minutes: null, fee_money: null });
  const lost = rows.find((r) => r.state === 2 && r.vehicle_type === 3 && r !== out)!;
  Object.assign(lost, {
    state: 3,
    out_lane_id: null,
    out_time: null,
    duration_minutes: null,
    fee_money: null,
    paid_money: null,
    pay_method: 0,
  });
  await tx.execute(sql`insert into car_pass_records (cmp_id, community_id, lot_id, plate, vehicle_id, vehicle_type, in_lane_id,
      in_time, out_lane_id, out_time, duration_minutes, fee_money, paid_money, pay_method, state, abnormal_reason, rec_time)
    select ${cmpId}::int, ${sunny}::int, x.lot_id, x.plate, x.vehicle_id, x.vehicle_type, x.in_lane_id, x.in_time,
      x.out_lane_id, x.out_time, x.duration_minutes, coalesce(x.fee_money, 0), coalesce(x.paid_money, 0), x.pay_method, x.state,
      case when x.state = 3 and x.in_time is null then '无入场记录' when x.state = 3 then '无出场记录' else '' end,
      coalesce(x.in_time, x.out_time)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(lot_id int, plate text, vehicle_id int, vehicle_type int,
      in_lane_id int, in_time timestamptz, out_lane_id int, out_time timestamptz, duration_minutes int,
      fee_money numeric, paid_money numeric, pay_method int, state int)`);
}

async function seedCardRecords(tx: Tx, cmpId: number, sunny: number, today: string) {
  // n % 30 is the day, n / 30 the pass within it (its hour, minute and card vary with both).
  // About 500 a day over 30 days on the 人行 lanes, weighted to the rushes. 1 in 6 is refused, with a reason that
  // fits how it came (parking-access.md "Cards"): a swipe of a 挂失 or 注销 card, of an unregistered number, or of a
  // card without this lane; a face nobody is registered with (人脸未识别: no person, no card). Faces and QR codes carry
  // no card number and no card state; every other pass is a 正常 card or its holder's face.
  const hours = `{${HOUR_PICK.join(',')}}`;
  // Lanes and cards are looked up once (80 cards × 3 lanes) and joined by bucket and number: no per-row sub-select.
  await tx.execute(sql`with pl as (
        select id, direction, has_face, row_number() over (order by id) - 1 as k from lanes
        where cmp_id = ${cmpId} and community_id = ${sunny} and kind = 2),
      cx as (
        select c.id, c.card_no, pl.id as lane_id, c.holder_resident_id, coalesce(e.name, u.name, c.holder_name) as name,
          coalesce((select string_agg(r.full_name, '、' order by r.id) from access_card_rooms cr
            join rooms r on r.id = cr.room_id where cr.card_id = c.id), '') as room_text,
          case c.status when 2 then 'lost' when 3 then 'gone'
            else case when exists (select 1 from access_card_lanes cl where cl.card_id = c.id and cl.lane_id = pl.id)
              then 'ok' else 'nogrant' end end as bucket
        from access_cards c cross join pl left join residents e on e.id = c.holder_resident_id
          left join users u on u.id = c.holder_user_id
        where c.cmp_id = ${cmpId} and c.community_id = ${sunny}),
      -- The cards each lane may draw from, by what the record shows: 'ok' (正常 and granted here), 'lost', 'gone'
      -- (注销), 'nogrant' (正常, not granted here), and 'face' (a granted card's resident, for a face that opens);
      -- k numbers them within the lane and bucket.
      cc as (
        select y.*, row_number() over (partition by y.lane_id, y.bucket order by y.id) - 1 as k,
          count(*) over (partition by y.lane_id, y.bucket) as n
        from (select * from cx union all
          select id, card_no, lane_id, holder_resident_id, name, room_text, 'face' from cx
          where bucket = 'ok' and holder_resident_id is not null) y),
      m as (
        select s.n, pl.id as lane_id, pl.direction,
          case when s.n % 3 = 0 and pl.has_face then 2 when s.n % 41 = 0 then 3 else 1 end as method
        from generate_series(1, 15000) s(n) join pl on pl.k = s.n % 3),
      g as (
        select m.*,
          case when m.n % 12 not in (0, 7) or m.method = 3 then ''
            when m.method = 2 then '人脸未识别'
            else (array['卡已挂失','卡已注销','未登记卡','无此通道权限'])[1 + (m.n / 12) % 4] end as deny,
          ((${today}::date - (m.n % 30))::timestamp
            + make_interval(hours => (${hours}::int[])[1 + (m.n * 7919 + m.n / 30) % ${HOUR_PICK.length}],
              mins => (m.n * 13 + m.n / 30 * 7) % 60, secs => (m.n * 7 + m.n / 30 * 11) % 60))
            at time zone 'Asia/Shanghai' as at
        from m),
      w as (
        select g.*, case g.deny when '卡已挂失' then 'lost' when '卡已注销' then 'gone'
            when '无此通道权限' then 'nogrant' else case when g.method = 2 then 'face' else 'ok' end end as bucket,
          g.deny in ('未登记卡', '人脸未识别') as nobody
        from g)
    insert into card_pass_records (cmp_id, community_id, lane_id, direction, method, card_no, card_id,
      resident_id, person_name, room_text, result, deny_reason, occur_time)
    select ${cmpId}::int, ${sunny}::int, w.lane_id, w.direction, w.method,
      case when w.method <> 1 then '' when w.deny = '未登记卡' then 'E' || lpad((w.n * 7)::text, 7, '0') else cc.card_no end,
      case when w.method = 1 and not w.nobody then cc.id end,
      case when not w.nobody then cc.holder_resident_id end,
      case when w.nobody then '' else cc.name end, case when w.nobody then '' else cc.room_text end,
      case when w.deny <> '' then 2 else 1 end, w.deny, w.at
    from w join cc on cc.lane_id = w.lane_id and cc.bucket = w.bucket and cc.k = (w.n * 31 + w.n / 30 * 17) % cc.n
    where w.at < now()`);
}
