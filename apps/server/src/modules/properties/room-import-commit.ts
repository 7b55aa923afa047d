import { sql } from 'drizzle-orm';
import type { Auth } from '../../core/auth';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { changeRoomStatus, STATUS_SOURCE } from './room-status';
import type { RoomImportData } from './room-import-check';

/**
 * The import's writes, each one set-based statement over the checked rows (jsonb_to_recordset): missing buildings
 * and units are created (and stretched to the floors the rows use), owners are matched by mobile or created as 业主
 * residents, rooms are inserted — or, in update mode, updated — and the primary-owner links follow.
 */
export async function commitRooms(
  tx: Tx,
  auth: Auth,
  good: RoomImportData[],
  update: boolean,
  now: Date,
  progress: (percent: number) => void = () => {},
) {
  const json = JSON.stringify(
    good.map((d, n) => ({
      n,
      c: d.communityId,
      b: d.building,
      u: d.unitNo,
      un: d.unitName,
      f: d.floor,
      r: d.roomNo,
      t: d.roomType,
      ba: d.buildArea,
      ia: d.innerArea,
      bd: d.bedrooms,
      lr: d.livingrooms,
      bt: d.bathrooms,
      fc: d.feeCoefficient,
      st: d.status,
      hd: d.handoverDate,
      nm: d.ownerName,
      om: d.ownerMobile,
      oi: d.ownerIdNo,
    })),
  );
  const src = sql`(select * from jsonb_to_recordset(${json}::jsonb) as x(n int, c int, b text, u int, un text, f int, r text,
    t int, ba numeric, ia numeric, bd int, lr int, bt int, fc numeric, st int, hd date, nm text, om text, oi text))`;
  const cmp = auth.cmpId;
  const by = auth.userId;

  const nb = await sqlRows<{ inserted: boolean }>(
    tx,
    sql`insert into buildings (cmp_id, community_id, name, building_type, floors_above, floors_below, created_by, created_at, updated_at)
      select ${cmp}, s.c, s.b, case when bool_and(s.t = 2) then 2 else 1 end, greatest(max(s.f), 1), least(greatest(-min(s.f), 0), 9),
        ${by}, ${now}, ${now}
      from ${src} s group by s.c, s.b
      on conflict (community_id, name) do update set
        floors_above = greatest(buildings.floors_above, excluded.floors_above),
        floors_below = greatest(buildings.floors_below, excluded.floors_below)
      returning (xmax = 0) as inserted`,
  );
  progress(15);
  const nu = await sqlRows<{ inserted: boolean }>(
    tx,
    sql`insert into building_units (cmp_id, community_id, building_id, unit_no, name, floors_above, created_by, created_at, updated_at)
      select ${cmp}, s.c, bl.id, s.u, min(s.un), greatest(max(s.f), 1), ${by}, ${now}, ${now}
      from ${src} s join buildings bl on bl.community_id = s.c and bl.name = s.b
      group by s.c, bl.id, s.u
      on conflict (building_id, unit_no) do update set floors_above = greatest(building_units.floors_above, excluded.floors_above)
      returning (xmax = 0) as inserted`,
  );
  progress(25);
  // Owners: matched by mobile in the company; the rest become 业主 residents (Source 3 导入).
  await tx.execute(sql`insert into residents (cmp_id, name, mobile, id_no, source, created_by, created_at, updated_at)
    select distinct on (s.om) ${cmp}, s.nm, s.om, coalesce(s.oi, ''), 3, ${by}, ${now}, ${now}
    from ${src} s where s.om <> ''
      and not exists (select 1 from residents e where e.cmp_id = ${cmp} and e.mobile = s.om and not e.is_deleted)
    order by s.om
    on conflict do nothing`);

  progress(40);
  const upsert = update
    ? sql`on conflict (unit_id, room_no) do update set floor = excluded.floor, room_type = excluded.room_type,
        build_area = excluded.build_area, inner_area = excluded.inner_area, bedrooms = excluded.bedrooms,
        livingrooms = excluded.livingrooms, bathrooms = excluded.bathrooms, fee_coefficient = excluded.fee_coefficient,
        handover_date = coalesce(excluded.handover_date, rooms.handover_date), updated_at = excluded.updated_at`
    : sql`on conflict (unit_id, room_no) do nothing`;
  const written = await sqlRows<{ id: number; inserted: boolean }>(
    tx,
    sql`insert into rooms (cmp_id, community_id, building_id, unit_id, floor, room_no, full_name, room_type, build_area,
        inner_area, bedrooms, livingrooms, bathrooms, fee_coefficient, status, handover_date, created_by, created_at, updated_at)
      select ${cmp}, s.c, bl.id, un.id, s.f, s.r, bl.name || '-' || un.name || '-' || s.r, s.t, s.ba, s.ia, s.bd, s.lr, s.bt,
        s.fc, s.st, s.hd, ${by}, ${now}, ${now}
      from ${src} s
      join buildings bl on bl.community_id = s.c and bl.name = s.b
      join building_units un on un.building_id = bl.id and un.unit_no = s.u
      order by s.n
      ${upsert}
      returning id, (xmax = 0) as inserted`,
  );
  progress(70);
  const ids = JSON.stringify(written.map((w) => Number(w.id)));
  const updatedIds = written.filter((w) => !w.inserted).map((w) => Number(w.id));

  // Updated rooms take the file's status, each change logged (Source 5 导入).
  if (updatedIds.length) {
    const wanted = await sqlRows<{ id: number; st: number }>(
      tx,
      sql`select ro.id, s.st from ${src} s
        join buildings bl on bl.community_id = s.c and bl.name = s.b
        join building_units un on un.building_id = bl.id and un.unit_no = s.u
        join rooms ro on ro.unit_id = un.id and ro.room_no = s.r
        where ro.status <> s.st and ro.id in (select (jsonb_array_elements_text(${JSON.stringify(updatedIds)}::jsonb))::int)`,
    );
    for (const st of new Set(wanted.map((w) => Number(w.st)))) {
      const group = wanted.filter((w) => Number(w.st) === st).map((w) => Number(w.id));
      await changeRoomStatus(tx, auth, group, st, STATUS_SOURCE.IMPORT, '导入更新', now);
    }
  }

  progress(80);
  // Primary-owner links of the written rooms that name an owner.
  const owned = sql`(select ro.id as room_id, ro.community_id, e.id as resident_id from ${src} s
      join buildings bl on bl.community_id = s.c and bl.name = s.b
      join building_units un on un.building_id = bl.id and un.unit_no = s.u
      join rooms ro on ro.unit_id = un.id and ro.room_no = s.r
      join residents e on e.cmp_id = ${cmp} and e.mobile = s.om and not e.is_deleted
      where s.om <> '' and ro.id in (select (jsonb_array_elements_text(${ids}::jsonb))::int))`;
  await tx.execute(sql`update resident_rooms rr set is_primary = false, updated_at = ${now} from ${owned} o
    where rr.cmp_id = ${cmp} and rr.room_id = o.room_id and rr.is_primary and rr.move_out_date is null and rr.resident_id <> o.resident_id`);
  await tx.execute(sql`insert into resident_rooms (cmp_id, community_id, room_id, resident_id, role, is_primary, created_by, created_at, updated_at)
    select ${cmp}, o.community_id, o.room_id, o.resident_id, 1, true, ${by}, ${now}, ${now} from ${owned} o
    on conflict (room_id, resident_id) where move_out_date is null do update set role = 1, is_primary = true`);
  await tx.execute(
    sql`update rooms r set owner_resident_id = o.resident_id from ${owned} o where r.cmp_id = ${cmp} and r.id = o.room_id`,
  );

  const created = written.filter((w) => w.inserted).length;
  return {
    Ok: written.length,
    Created: created,
    Updated: updatedIds.length,
    Skipped: good.length - written.length,
    NewBuildings: nb.filter((r) => r.inserted).length,
    NewUnits: nu.filter((r) => r.inserted).length,
  };
}
