import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { DEMO_HOUSE_CERT } from './demo-house-cert';

/** ResidentTag defaults of every company (residents.md "Entities"). */
export async function seedDefaultTags(tx: Tx, cmpId: number) {
  await tx.execute(sql`insert into resident_tags (cmp_id, name, color, sort)
    select ${cmpId}::int, t.name, t.color, t.sort from (values ('老人', 'orange', 1), ('独居', 'gold', 2), ('残障', 'purple', 3),
      ('党员', 'red', 4), ('志愿者', 'green', 5), ('重点关注', 'volcano', 6), ('VIP', 'blue', 7)) as t(name, color, sort)
    on conflict (cmp_id, name) do nothing`);
}

/**
 * Demo data of domain/residents.md, set-based: 阳光花园 gets family members (children without a mobile) on occupied
 * rooms, tenants on 已出租 rooms (5 leases end within 30 days, 2 have ended), 12 people who moved out (one a former
 * owner in a room's history), tags; registrations (5 待审核 with their MsgType 8 reminders, 3 已通过, 1 已驳回); the
 * access lanes with 3 face lanes and 60 faces in every sync state. Owners come from the properties seed.
 */
export async function seedDemoResidents(tx: Tx, cmpId: number, communityIds: number[], today: string) {
  const [sunny] = communityIds as [number, number];
  await seedDefaultTags(tx, cmpId);
  const occupied = sql`(select id, row_number() over (order by id) as k from rooms where community_id = ${sunny} and status = 2)`;
  // Spouses on every occupied room, a child without a mobile on every third, a parent on every fifth.
  await tx.execute(sql`insert into residents (cmp_id, name, gender, mobile, source, status)
    select ${cmpId}::int, (array['林','何','郭','马','罗','梁','宋','郑','谢','韩'])[1 + o.id % 10] ||
        (array['丽','华','婷','秀英','桂兰','玉兰','红','霞'])[1 + o.id % 8], 2, '158' || lpad(o.id::text, 8, '0'), 1, 1
    from ${occupied} o`);
  await tx.execute(sql`insert into residents (cmp_id, name, gender, mobile, source, status, remark)
    select ${cmpId}::int, '子女' || o.id, 1 + o.id % 2, '', 1, 1, 'demo-child-' || o.id from ${occupied} o where o.k % 3 = 0`);
  await tx.execute(sql`insert into residents (cmp_id, name, gender, mobile, source, status, remark)
    select ${cmpId}::int, '老人' || o.id, 1 + o.id % 2, '157' || lpad(o.id::text, 8, '0'), 1, 1, '' from ${occupied} o where o.k % 5 = 0`);
  await tx.execute(sql`insert into resident_rooms (cmp_id, community_id, room_id, resident_id, role, relation, move_in_date)
    select ${cmpId}::int, r.community_id, r.id, e.id, 2, '配偶', r.handover_date
    from rooms r join residents e on e.cmp_id = ${cmpId} and e.mobile = '158' || lpad(r.id::text, 8, '0')
    where r.community_id = ${sunny} and r.status = 2`);
  await tx.execute(sql`insert into resident_rooms (cmp_id, community_id, room_id, resident_id, role, relation, move_in_date)
    select ${cmpId}::int, r.community_id, r.id, e.id, 2, '子女', r.handover_date
    from rooms r join residents e on e.cmp_id = ${cmpId} and e.remark = 'demo-child-' || r.id
    where r.community_id = ${sunny}`);
  await tx.execute(sql`update residents set remark = '', name = (array['张','王','李','赵','刘','陈'])[1 + id % 6] ||
      (array['小明','小红','小刚','小丽','小军','小芳'])[1 + (id / 6) % 6] where cmp_id = ${cmpId} and remark like 'demo-child-%'`);
  await tx.execute(sql`insert into resident_rooms (cmp_id, community_id, room_id, resident_id, role, relation, move_in_date)
    select ${cmpId}::int, r.community_id, r.id, e.id, 2, '父母', r.handover_date
    from rooms r join residents e on e.cmp_id = ${cmpId} and e.mobile = '157' || lpad(r.id::text, 8, '0')
    where r.community_id = ${sunny} and r.status = 2`);
  // Tenants on 已出租 rooms: leases by position — the first 5 end within 30 days, the next 2 have ended.
  await tx.execute(sql`insert into residents (cmp_id, name, gender, mobile, id_type, id_no, source, status)
    select ${cmpId}::int, (array['钱','孙','周','吴','郑','冯','陈','褚'])[1 + r.id % 8] || (array['晓东','佳怡','志强','雨欣','建国','思远'])[1 + r.id % 6],
      1 + r.id % 2, '136' || lpad(r.id::text, 8, '0'), 1,
      '110101' || (1980 + r.id % 20)::text || '0' || (1 + r.id % 9)::text || '1' || (r.id % 9)::text || lpad((r.id % 1000)::text, 3, '0') || '1',
      1, 1
    from rooms r where r.community_id = ${sunny} and r.status = 3`);
  await tx.execute(sql`insert into resident_rooms (cmp_id, community_id, room_id, resident_id, role, relation, move_in_date,
      lease_start, lease_end)
    select ${cmpId}::int, x.community_id, x.id, e.id, 3, '', ${today}::date - 300, ${today}::date - 300,
      case when x.k <= 5 then ${today}::date + (x.k * 5)::int when x.k <= 7 then ${today}::date - (x.k * 3)::int
        else ${today}::date + (65 + x.k * 3)::int end
    from (select id, community_id, row_number() over (order by id) as k from rooms where community_id = ${sunny} and status = 3) x
    join residents e on e.cmp_id = ${cmpId} and e.mobile = '136' || lpad(x.id::text, 8, '0')`);
  // 12 people who moved out: 11 former tenants of occupied rooms and one former owner of the first occupied room.
  await tx.execute(sql`insert into residents (cmp_id, name, gender, mobile, source, status)
    select ${cmpId}::int, '曾' || (array['一','二','三','四','五','六','七','八','九','十','十一','十二'])[g], 1 + g % 2,
      '135' || lpad(g::text, 8, '0'), 1, 2
    from generate_series(1, 12) g`);
  await tx.execute(sql`insert into resident_rooms (cmp_id, community_id, room_id, resident_id, role, relation, is_primary,
      move_in_date, move_out_date, lease_end)
    select ${cmpId}::int, o.community_id, o.id, e.id, case when o.k = 1 then 1 else 3 end, case when o.k = 1 then '本人' else '' end,
      o.k = 1, date '2016-05-01', date '2018-07-20', case when o.k = 1 then null else date '2018-07-31' end
    from (select id, community_id, row_number() over (order by id) as k from rooms where community_id = ${sunny} and status = 2) o
    join residents e on e.cmp_id = ${cmpId} and e.mobile = '135' || lpad(o.k::text, 8, '0')
    where o.k <= 12`);
  // Tags: 老人 ×8, 党员 ×5, 重点关注 ×2.
  await tx.execute(sql`insert into resident_tag_links (cmp_id, resident_id, tag_id)
    select ${cmpId}::int, e.id, t.id from (select id, row_number() over (order by id) as k from residents
        where cmp_id = ${cmpId} and mobile like '157%') e
      join resident_tags t on t.cmp_id = ${cmpId} and t.name = '老人' where e.k <= 8
    union all
    select ${cmpId}::int, e.id, t.id from (select id, row_number() over (order by id) as k from residents
        where cmp_id = ${cmpId} and mobile like '139%') e
      join resident_tags t on t.cmp_id = ${cmpId} and (
        (t.name = '党员' and e.k between 1 and 5) or (t.name = '重点关注' and e.k between 6 and 7))`);

  await seedRegistrations(tx, cmpId, sunny);
  await seedFaces(tx, cmpId, sunny);
}

async function seedRegistrations(tx: Tx, cmpId: number, sunny: number) {
  // Status by position: 5 待审核, 3 已通过, 1 已驳回, on 空置 rooms (owners applying) and occupied ones (family).
  await tx.execute(sql`insert into registrations (cmp_id, community_id, room_id, app_user_id, name, mobile, id_no, role,
      relation, attachments, status, review_user_id, review_time, reject_reason, created_at)
    select ${cmpId}::int, r.community_id, r.id, 9000 + x.k,
      (array['王芳','李强','陈静','赵磊','周敏','吴杰','孙艳','郑涛','冯勇'])[x.k], '152' || lpad(x.k::text, 8, '0'), '',
      case when x.k % 3 = 0 then 3 else 2 end, case when x.k % 3 = 0 then '' else '子女' end,
      jsonb_build_array(${DEMO_HOUSE_CERT}::text),
      case when x.k <= 5 then 0 when x.k <= 8 then 1 else 2 end,
      case when x.k > 5 then (select id from users where cmp_id = ${cmpId} and is_admin order by id limit 1) end,
      case when x.k > 5 then now() - interval '1 day' end,
      case when x.k = 9 then '材料不清晰' else '' end,
      now() - (x.k || ' hours')::interval
    from (select id, row_number() over (order by id desc) as k from rooms where community_id = ${sunny} and status = 2) x
    join rooms r on r.id = x.id where x.k <= 9`);
  await tx.execute(sql`update registrations set lease_end = current_date + 180 where cmp_id = ${cmpId} and role = 3`);
  // The approved ones are residents with their link (Source 业主APP).
  await tx.execute(sql`insert into residents (cmp_id, name, mobile, source, status, app_user_id)
    select ${cmpId}::int, g.name, g.mobile, 2, 1, g.app_user_id from registrations g where g.cmp_id = ${cmpId} and g.status = 1`);
  await tx.execute(sql`update registrations g set resident_id = e.id from residents e
    where g.cmp_id = ${cmpId} and g.status = 1 and e.cmp_id = ${cmpId} and e.mobile = g.mobile`);
  await tx.execute(sql`insert into resident_rooms (cmp_id, community_id, room_id, resident_id, role, relation, move_in_date, lease_end)
    select ${cmpId}::int, g.community_id, g.room_id, g.resident_id, g.role, g.relation, current_date - 1, g.lease_end
    from registrations g where g.cmp_id = ${cmpId} and g.status = 1`);
  // The pending ones' MsgType 8 reminders, to everyone who may open 住户管理 (administrators included).
  await tx.execute(sql`insert into sys_messages (cmp_id, user_id, title, msg_type, source_id)
    select ${cmpId}::int, u.id, '新的住户认证申请：' || g.name || ' 申请 ' || bl.name || '-' || ro.room_no || ' ' ||
        (array['业主','家属','租户'])[g.role], 8, g.id
    from registrations g join rooms ro on ro.id = g.room_id join buildings bl on bl.id = ro.building_id
      cross join users u
    where g.cmp_id = ${cmpId} and g.status = 0 and u.cmp_id = ${cmpId} and not u.is_del and u.state = 1
      and (u.is_admin or u.all_community or exists (select 1 from user_communities uc where uc.user_id = u.id and uc.community_id = g.community_id))
      and (u.is_admin or exists (select 1 from user_positions up join position_rights pr on pr.position_id = up.position_id
        where up.user_id = u.id and pr.role_key in ('zhgl_zhgl', 'zhgl')))`);
}

async function seedFaces(tx: Tx, cmpId: number, sunny: number) {
  await tx.execute(sql`insert into lanes (cmp_id, community_id, name, kind, device_sn, brand, has_face, online, status)
    values (${cmpId}, ${sunny}, '东门入口', 1, 'HK-CAR-0001', '海康', false, true, 1),
      (${cmpId}, ${sunny}, '东门出口', 1, 'HK-CAR-0002', '海康', false, true, 1),
      (${cmpId}, ${sunny}, 'B1入口', 1, 'DH-CAR-0003', '大华', false, true, 1),
      (${cmpId}, ${sunny}, 'B1出口', 1, 'DH-CAR-0004', '大华', false, true, 1),
      (${cmpId}, ${sunny}, '南门人行', 2, 'HK-FACE-0005', '海康', true, true, 1),
      (${cmpId}, ${sunny}, '1栋1单元门', 2, 'HK-FACE-0006', '海康', true, true, 1),
      (${cmpId}, ${sunny}, '1栋2单元门', 2, 'HK-FACE-0007', '海康', true, false, 1)`);
  // Demo only: each face lane's device key is 'demo-' + its SN, so a device simulator can call DeviceGateway.
  await tx.execute(sql`update lanes set device_key_hash = encode(sha256(convert_to('demo-' || device_sn, 'UTF8')), 'hex'),
      key_time = now() where cmp_id = ${cmpId} and has_face`);
  // 60 owners living in 阳光花园 have a photo (neutral illustrated portraits under /uploads/demo/).
  await tx.execute(sql`insert into face_images (cmp_id, resident_id, img_path, thumb_path, width, height, bytes, sha256, source, status)
    select ${cmpId}::int, x.resident_id, 'demo/face-' || lpad(x.k::text, 2, '0') || '.jpg',
      'demo/face-' || lpad(x.k::text, 2, '0') || '.jpg', 600, 800, 120000, md5(x.k::text) || md5(x.k::text), 1 + (x.k % 5 = 0)::int, 1
    from (select rr.resident_id, row_number() over (order by rr.id) as k from resident_rooms rr
          join rooms r on r.id = rr.room_id where r.community_id = ${sunny} and r.status = 2 and rr.role = 1 and rr.is_primary
          and rr.move_out_date is null) x
    where x.k <= 60`);
  // Every face on the 3 face lanes: 45 all 已同步, 8 with one 待同步, 7 with one 失败 (4 设备离线, 3 未检测到人脸).
  await tx.execute(sql`insert into face_syncs (cmp_id, face_id, resident_id, lane_id, op, state, try_count, last_try_time,
      fail_code, fail_reason, done_time)
    select ${cmpId}::int, f.id, f.resident_id, la.id, 1,
      case when f.k <= 45 then 1 when f.k <= 53 and la.k = 3 then 0 when f.k > 53 and la.k = 3 then 2 else 1 end,
      1, now() - interval '2 hours',
      case when f.k > 53 and la.k = 3 then case when f.k <= 57 then 'OFFLINE' else 'NO_FACE' end else '' end,
      case when f.k > 53 and la.k = 3 then case when f.k <= 57 then '设备离线' else '未检测到人脸' end else '' end,
      case when f.k <= 45 or la.k < 3 then now() - interval '2 hours' end
    from (select id, resident_id, row_number() over (order by id) as k from face_images where cmp_id = ${cmpId}) f
    cross join (select id, row_number() over (order by id) as k from lanes where cmp_id = ${cmpId} and has_face) la`);
  await tx.execute(
    sql`update face_syncs set last_try_time = null, try_count = 0 where cmp_id = ${cmpId} and state = 0`,
  );
}
