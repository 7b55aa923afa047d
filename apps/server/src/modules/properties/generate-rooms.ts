import type { GenerateRoomsBody } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { audit } from '../../core/audit';
import type { Auth } from '../../core/auth';
import { fieldError } from '../../core/errors';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { buildingUnits, rooms } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { buildingOf } from './buildings.service';

/**
 * 生成房间 (properties.md): units × floors × rooms per floor, numbered floor×100 + sequence (B1 01 below ground),
 * with each sequence's areas. The candidates are one query over generate_series; the commit is one INSERT … SELECT
 * of those not already in their unit, so the preview's counts are exactly what the commit does.
 */
function candidates(auth: Auth, bld: { id: number; floorsBelow: number }, b: GenerateRoomsBody) {
  const positions = JSON.stringify(
    b.Positions.filter((p) => p.Seq <= b.PerFloor).map((p) => ({
      seq: p.Seq,
      ba: p.BuildArea,
      ia: p.InnerArea ?? null,
    })),
  );
  return sql`
    with pos as (
      select * from jsonb_to_recordset(${positions}::jsonb) as p(seq int, ba numeric, ia numeric)
    ), cand as (
      select u.id as unit_id, u.community_id, u.building_id, f.floor, pos.seq, pos.ba, pos.ia,
        case when f.floor > 0 then (f.floor * 100 + pos.seq)::text
             else 'B' || (-f.floor)::text || lpad(pos.seq::text, 2, '0') end as room_no,
        bl.name || '-' || u.name || '-' as prefix
      from ${buildingUnits} u
      join buildings bl on bl.id = u.building_id
      cross join generate_series(${b.FloorFrom}::int, ${b.FloorTo}::int) as f(floor)
      cross join pos
      where u.building_id = ${bld.id} and u.cmp_id = ${auth.cmpId}
        and u.id in (select (jsonb_array_elements_text(${JSON.stringify(b.UnitIds)}::jsonb))::int)
        and f.floor <> 0 and f.floor <= u.floors_above and f.floor >= -${bld.floorsBelow}::int
    ), marked as (
      select cand.*, exists (select 1 from ${rooms} r where r.unit_id = cand.unit_id and r.room_no = cand.room_no) as taken
      from cand
    )`;
}

export async function generateRooms(deps: AppDeps, auth: Auth, b: GenerateRoomsBody, ip: string) {
  const { db } = deps.database;
  const bld = await buildingOf(db, auth, b.BuildingId);
  for (let seq = 1; seq <= b.PerFloor; seq++) {
    if (!b.Positions.some((p) => p.Seq === seq))
      throw fieldError('Positions', `请填写第${String(seq).padStart(2, '0')}户的建筑面积`);
  }
  const head = candidates(auth, bld, b);
  const count = async (tx: Tx) => {
    const [row = { create: 0, skip: 0 }] = await sqlRows<{ create: number; skip: number }>(
      tx,
      sql`${head} select count(*) filter (where not taken)::int as "create", count(*) filter (where taken)::int as skip from marked`,
    );
    return { Create: Number(row.create), Skip: Number(row.skip) };
  };
  const message = (c: { Create: number; Skip: number }) =>
    c.Skip ? `将生成 ${c.Create} 间，已存在 ${c.Skip} 间将跳过` : `将生成 ${c.Create} 间`;
  if (b.Preview) {
    const c = await count(db);
    return { ...c, Message: message(c) };
  }
  return db.transaction(async (tx) => {
    const c = await count(tx);
    const now = deps.now();
    await tx.execute(sql`${head}
      insert into ${rooms} (cmp_id, community_id, building_id, unit_id, floor, room_no, full_name, room_type,
        build_area, inner_area, status, created_by, created_at, updated_at)
      select ${auth.cmpId}, community_id, building_id, unit_id, floor, room_no, prefix || room_no, ${b.RoomType},
        ba, ia, ${b.Status}, ${auth.userId}, ${now}, ${now}
      from marked where not taken
      on conflict (unit_id, room_no) do nothing`);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'building.genroom',
        entity: 'building',
        entityId: bld.id,
        detail: c,
        ip,
      },
      now,
    );
    return { ...c, Message: `已生成 ${c.Create} 间` };
  });
}
