import fs from 'node:fs/promises';
import path from 'node:path';
import { FACE_SOURCES, FACE_SYNC_STATES, type FaceResyncBody, RESIDENT_ROLES } from '@linli/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../core/audit';
import { type Auth, hasButton } from '../../core/auth';
import { Page } from '../../core/calls';
import { fail, forbidden, notFound } from '../../core/errors';
import { pageOf, pagingFields } from '../../core/paging';
import { communityIdsOf } from '../../core/scope';
import { sqlRows } from '../../core/sql-rows';
import { fmtTime } from '../../core/time';
import { uploadsDir } from '../../core/uploads';
import type { AppDeps } from '../../deps';
import { idList, likeText, optionalInt } from '../../core/filters';
import { replaceFaces, saveFaceFileOrFail } from './face-store';
import { dispatchFaceTasks, enqueueFaceDeletes } from './face-sync';
import { maskMobile } from '../../core/masks';
import { residentOf, visibleResident } from './residents-query';

export const FaceFilter = z.object({
  ...pagingFields,
  CommunityId: optionalInt(),
  Keyword: z.preprocess((v) => (v ? String(v).trim() : undefined), z.string().max(30).optional()),
  /** 0 待同步, 1 已同步, 2 失败 (any device in that state; 已同步 = every device done). */
  SyncState: optionalInt(),
  LaneId: optionalInt(),
  /** 1 录入, 0 未录入 (residents without a photo). */
  HasFace: optionalInt(),
});
export type FaceFilter = z.infer<typeof FaceFilter>;

async function faceWhere(deps: AppDeps, auth: Auth, f: FaceFilter): Promise<SQL> {
  const { db } = deps.database;
  const scope = idList(await communityIdsOf(db, auth));
  const parts: SQL[] = [await visibleResident(db, auth)];
  parts.push(f.HasFace === 0 ? sql`f.id is null` : sql`f.id is not null`);
  if (f.CommunityId)
    parts.push(sql`exists (select 1 from resident_rooms l where l.resident_id = e.id and l.move_out_date is null
      and l.community_id = ${f.CommunityId} and l.community_id = any(${scope}::int[]))`);
  if (f.Keyword) parts.push(sql`(e.name like ${likeText(f.Keyword)} or e.mobile like ${likeText(f.Keyword)})`);
  if (f.LaneId) parts.push(sql`exists (select 1 from face_syncs s where s.face_id = f.id and s.lane_id = ${f.LaneId})`);
  if (f.SyncState === 1)
    parts.push(sql`exists (select 1 from face_syncs s where s.face_id = f.id and s.op = 1)
      and not exists (select 1 from face_syncs s where s.face_id = f.id and s.op = 1 and s.state <> 1)`);
  else if (f.SyncState === 0 || f.SyncState === 2)
    parts.push(
      sql`exists (select 1 from face_syncs s where s.face_id = f.id and s.op = 1 and s.state = ${f.SyncState})`,
    );
  return sql.join(parts, sql` and `);
}

interface FaceRow {
  resident_id: number;
  name: string;
  mobile: string;
  face_id: number | null;
  img_path: string | null;
  source: number | null;
  created_at: Date | null;
  rooms: { RoomName: string; CommunityName: string; Role: number }[];
  total: number;
  done: number;
  failed: number;
  pending: number;
  last_sync: Date | null;
}

async function selectFaces(deps: AppDeps, auth: Auth, where: SQL, tail: SQL) {
  const scope = idList(await communityIdsOf(deps.database.db, auth));
  return sqlRows<FaceRow>(
    deps.database.db,
    sql`select e.id as resident_id, e.name, e.mobile, f.id as face_id, f.img_path, f.source, f.created_at,
        coalesce((select jsonb_agg(jsonb_build_object('RoomName', ro.full_name, 'CommunityName', c.name, 'Role', l.role) order by l.id)
          from resident_rooms l join rooms ro on ro.id = l.room_id join communities c on c.id = l.community_id
          where l.resident_id = e.id and l.move_out_date is null and l.community_id = any(${scope}::int[])), '[]'::jsonb) as rooms,
        (select count(*) from face_syncs s where s.face_id = f.id and s.op = 1)::int as total,
        (select count(*) from face_syncs s where s.face_id = f.id and s.op = 1 and s.state = 1)::int as done,
        (select count(*) from face_syncs s where s.face_id = f.id and s.op = 1 and s.state = 2)::int as failed,
        (select count(*) from face_syncs s where s.face_id = f.id and s.op = 1 and s.state = 0)::int as pending,
        (select max(coalesce(s.done_time, s.last_try_time)) from face_syncs s where s.face_id = f.id) as last_sync
      from residents e left join face_images f on f.resident_id = e.id and f.status = 1
      where ${where} ${tail}`,
  );
}

function faceView(r: FaceRow, _auth: Auth) {
  const total = Number(r.total);
  const done = Number(r.done);
  return {
    Id: r.face_id ?? 0,
    ResidentId: r.resident_id,
    Name: r.name,
    Mobile: maskMobile(r.mobile),
    Roles: [...new Set(r.rooms.map((x) => RESIDENT_ROLES[x.Role] ?? ''))],
    RoomText: r.rooms[0] ? `${r.rooms[0].CommunityName} ${r.rooms[0].RoomName}` : '',
    RoomMore: Math.max(0, r.rooms.length - 1),
    ImgPath: r.img_path ? `/uploads/${r.img_path}` : '',
    Source: r.source ?? 0,
    SourceName: FACE_SOURCES[r.source ?? 0] ?? '',
    UploadTime: fmtTime(r.created_at),
    SyncTotal: total,
    SyncDone: done,
    SyncFailed: Number(r.failed),
    SyncPending: Number(r.pending),
    /** '已同步 3/4'; Color green (all done), red (any failed), orange (any pending). */
    SyncText: r.face_id ? `已同步 ${done}/${total}` : '',
    SyncColor: Number(r.failed) ? 'red' : Number(r.pending) ? 'orange' : total ? 'green' : '',
    LastSyncTime: fmtTime(r.last_sync),
  };
}

export async function faceList(deps: AppDeps, auth: Auth, f: FaceFilter) {
  const where = await faceWhere(deps, auth, f);
  const p = pageOf(f);
  const rows = await selectFaces(
    deps,
    auth,
    where,
    sql`order by f.id desc nulls last, e.id desc limit ${p.limit} offset ${p.offset}`,
  );
  const [c] = await sqlRows<{ n: number }>(
    deps.database.db,
    sql`select count(*)::int as n from residents e left join face_images f on f.resident_id = e.id and f.status = 1 where ${where}`,
  );
  return new Page(
    rows.map((r) => faceView(r, auth)),
    Number(c?.n ?? 0),
  );
}

export async function faceExportRows(deps: AppDeps, auth: Auth, f: FaceFilter) {
  const where = await faceWhere(deps, auth, f);
  const rows = await selectFaces(deps, auth, where, sql`order by e.id limit 50000`);
  return rows.map((r) => faceView(r, auth));
}

/** A current face the session may see, or '数据不存在'. */
async function faceOf(deps: AppDeps, auth: Auth, id: number) {
  const { db } = deps.database;
  const [f] = await sqlRows<{ id: number; resident_id: number }>(
    db,
    sql`select f.id, f.resident_id from face_images f join residents e on e.id = f.resident_id
      where f.id = ${id} and f.status = 1 and ${await visibleResident(db, auth)}`,
  );
  if (!f) throw notFound();
  return f;
}

export async function faceGet(deps: AppDeps, auth: Auth, id: number) {
  await faceOf(deps, auth, id);
  const [r] = await selectFaces(deps, auth, sql`f.id = ${id}`, sql``);
  return { ...faceView(r!, auth), Devices: await syncDetail(deps, auth, id) };
}

export async function syncDetail(deps: AppDeps, auth: Auth, faceId: number) {
  await faceOf(deps, auth, faceId);
  const rows = await sqlRows<{
    id: number;
    lane_id: number;
    lane: string;
    device_sn: string;
    op: number;
    state: number;
    fail_reason: string;
    try_count: number;
    last_try_time: Date | null;
    done_time: Date | null;
  }>(
    deps.database.db,
    sql`select s.id, s.lane_id, la.name as lane, la.device_sn, s.op, s.state, s.fail_reason, s.try_count, s.last_try_time, s.done_time
      from face_syncs s join lanes la on la.id = s.lane_id where s.face_id = ${faceId} order by la.id, s.op`,
  );
  return rows.map((r) => ({
    SyncId: r.id,
    LaneId: r.lane_id,
    LaneName: r.lane,
    DeviceSn: r.device_sn,
    Op: r.op,
    OpName: r.op === 2 ? '删除' : '下发',
    State: r.state,
    StateName: FACE_SYNC_STATES[r.state] ?? '',
    FailReason: r.fail_reason,
    TryCount: r.try_count,
    Time: fmtTime(r.done_time ?? r.last_try_time),
  }));
}

/**
 * 上传人脸 / 更换照片: the image came through /api/Img/PostFiles; it must be one of this company's uploads, a jpg or
 * png of at most 2 MB and at least 300×300, stored as the device JPEG (face-process.ts). The new photo replaces the old one on every device (删除 of the old,
 * 下发 of the new, 待同步 on each face lane of the resident's communities).
 */
export async function uploadFace(deps: AppDeps, auth: Auth, b: { ResidentId: number; ImgPath: string }, ip: string) {
  const { db } = deps.database;
  await residentOf(db, auth, b.ResidentId);
  const [has] = await sqlRows<{ id: number }>(
    db,
    sql`select id from face_images where resident_id = ${b.ResidentId} and status = 1`,
  );
  // 更换照片 is the `edit` key; a first photo is `add` (checked by the call).
  if (has && !hasButton(auth, 'zhgl_rlk', 'edit')) throw forbidden();
  const rel = b.ImgPath.replace(/^\/?uploads\//, '').replace(/^\//, '');
  const [up] = await sqlRows<{ stored_path: string }>(
    db,
    sql`select stored_path from uploads where cmp_id = ${auth.cmpId} and stored_path = ${rel} limit 1`,
  );
  if (!up || rel.includes('..')) throw fail('照片不存在，请重新上传');
  const buf = await fs.readFile(path.join(uploadsDir(deps.config.dataDir), rel)).catch(() => null);
  if (!buf) throw fail('照片不存在，请重新上传');
  const file = await saveFaceFileOrFail(deps, buf);
  const now = deps.now();
  const id = await db.transaction(async (tx) => {
    const [done] = await replaceFaces(tx, auth, [{ residentId: b.ResidentId, file }], now);
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: done!.old.length ? 'face.replace' : 'face.add',
        entity: 'face',
        entityId: done!.faceId,
        detail: { ResidentId: b.ResidentId },
        ip,
      },
      now,
    );
    return done!;
  });
  await dispatchFaceTasks(deps, { cmpId: auth.cmpId, faceIds: [id.faceId, ...id.old] }).catch(() => 0);
  return { Id: id.faceId };
}

export async function deleteFace(deps: AppDeps, auth: Auth, id: number, ip: string) {
  await faceOf(deps, auth, id);
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    await enqueueFaceDeletes(tx, auth.cmpId, [id], now, false);
    await tx.execute(
      sql`update face_images set status = 2, updated_at = ${now} where id = ${id} and cmp_id = ${auth.cmpId}`,
    );
    await audit(
      tx,
      { cmpId: auth.cmpId, userId: auth.userId, action: 'face.del', entity: 'face', entityId: id, ip },
      now,
    );
  });
  await dispatchFaceTasks(deps, { cmpId: auth.cmpId, faceIds: [id] }).catch(() => 0);
}

/** 重新同步: the rows go back to 待同步 with TryCount 0 (one device, the given faces, or every failed one). */
export async function resync(deps: AppDeps, auth: Auth, b: FaceResyncBody, ip: string) {
  const { db } = deps.database;
  if (!b.AllFailed && !b.FaceIds.length) throw fail('请选择要同步的人脸');
  for (const id of new Set(b.FaceIds)) await faceOf(deps, auth, id);
  const now = deps.now();
  const vis = await visibleResident(db, auth);
  const changed = await db.transaction(async (tx) => {
    const target = b.AllFailed
      ? sql`s.state = 2 and s.face_id in (select f.id from face_images f join residents e on e.id = f.resident_id
          where f.status = 1 and f.cmp_id = ${auth.cmpId} and ${vis})`
      : sql`s.face_id = any(${idList(b.FaceIds)}::int[]) and s.state <> 1`;
    const rows = await sqlRows<{ face_id: number }>(
      tx,
      sql`update face_syncs s set state = 0, try_count = 0, last_try_time = null, fail_code = '', fail_reason = '',
          done_time = null, updated_at = ${now}
        where s.cmp_id = ${auth.cmpId} and ${target} ${b.LaneId ? sql`and s.lane_id = ${b.LaneId}` : sql``}
        returning s.face_id`,
    );
    await audit(
      tx,
      {
        cmpId: auth.cmpId,
        userId: auth.userId,
        action: 'face.resync',
        entity: 'face',
        detail: { FaceIds: b.FaceIds, AllFailed: b.AllFailed, Rows: rows.length },
        ip,
      },
      now,
    );
    return rows.map((r) => Number(r.face_id));
  });
  return { Changed: changed.length, faces: changed };
}

export async function resyncAndSend(deps: AppDeps, auth: Auth, b: FaceResyncBody, ip: string) {
  const r = await resync(deps, auth, b, ip);
  await dispatchFaceTasks(deps, { cmpId: auth.cmpId, faceIds: r.faces }).catch(() => 0);
  return { Changed: r.Changed };
}
