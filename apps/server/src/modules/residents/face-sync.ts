import { type SQL, sql } from 'drizzle-orm';
import { cmpIs } from '../../core/jobs';
import { sqlRows } from '../../core/sql-rows';
import { idList } from '../../core/filters';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { notify } from '../messages/notify';
import { FACE_FAIL_CODES, type FaceDeviceGateway, pullDeviceGateway } from './face-device';

export const OP = { ADD: 1, DELETE: 2 } as const;
export const SYNC = { PENDING: 0, DONE: 1, FAILED: 2 } as const;
const TRANSIENT = Object.entries(FACE_FAIL_CODES)
  .filter(([, f]) => f.transient)
  .map(([c]) => c);

/**
 * 下发 rows (待同步) for a face on every enabled face lane of each community where its resident has an active link.
 * Lanes that already hold the face are left alone; a lane that was told to delete it (the resident left and came
 * back) gets the 下发 again.
 */
export async function enqueueFaceAdds(tx: Tx, cmpId: number, faceIds: number[], now: Date) {
  if (!faceIds.length) return;
  await tx.execute(sql`insert into face_syncs (cmp_id, face_id, resident_id, lane_id, op, state, created_at, updated_at)
    select distinct ${cmpId}::int, f.id, f.resident_id, la.id, 1, 0, ${now}::timestamptz, ${now}::timestamptz
    from face_images f
    join resident_rooms rr on rr.resident_id = f.resident_id and rr.move_out_date is null
    join lanes la on la.community_id = rr.community_id and la.has_face and la.status = 1 and la.cmp_id = ${cmpId}
    where f.id = any(${idList(faceIds)}::int[]) and f.status = 1 and f.cmp_id = ${cmpId}
    on conflict (face_id, lane_id, op) do update set state = 0, try_count = 0, last_try_time = null, fail_code = '',
      fail_reason = '', done_time = null, updated_at = excluded.updated_at
    where exists (select 1 from face_syncs d where d.face_id = face_syncs.face_id and d.lane_id = face_syncs.lane_id
      and d.op = 2)`);
  // A resident back in a community: his face goes to its lanes again, so their 删除 rows are void.
  await tx.execute(sql`delete from face_syncs d using face_syncs a
    where d.op = 2 and a.op = 1 and a.state = 0 and a.face_id = d.face_id and a.lane_id = d.lane_id
      and d.cmp_id = ${cmpId} and d.face_id = any(${idList(faceIds)}::int[])
      and exists (select 1 from resident_rooms rr join lanes la on la.community_id = rr.community_id
        where la.id = d.lane_id and rr.resident_id = d.resident_id and rr.move_out_date is null)`);
}

/**
 * 删除 rows for a face on the lanes that hold it (a 下发 not failed): all of them, or only those of communities where
 * the resident no longer has an active link (`leftOnly`).
 */
export async function enqueueFaceDeletes(tx: Tx, cmpId: number, faceIds: number[], now: Date, leftOnly: boolean) {
  if (!faceIds.length) return;
  const left = leftOnly
    ? sql`and not exists (select 1 from resident_rooms rr where rr.resident_id = s.resident_id
        and rr.move_out_date is null and rr.community_id = la.community_id)`
    : sql``;
  await tx.execute(sql`insert into face_syncs (cmp_id, face_id, resident_id, lane_id, op, state, created_at, updated_at)
    select ${cmpId}::int, s.face_id, s.resident_id, s.lane_id, 2, 0, ${now}::timestamptz, ${now}::timestamptz
    from face_syncs s join lanes la on la.id = s.lane_id
    where s.face_id = any(${idList(faceIds)}::int[]) and s.op = 1 and s.cmp_id = ${cmpId} ${left}
    on conflict (face_id, lane_id, op) do update set state = 0, try_count = 0, fail_code = '', fail_reason = '',
      done_time = null, updated_at = excluded.updated_at`);
  // The 下发 of those lanes is void now: a pending one must not reach the device after its delete.
  await tx.execute(sql`delete from face_syncs s using face_syncs d
    where d.face_id = s.face_id and d.lane_id = s.lane_id and d.op = 2 and d.state = 0 and s.op = 1
      and s.cmp_id = ${cmpId} and s.face_id = any(${idList(faceIds)}::int[]) and s.state <> 1`);
}

/** The current faces of these residents. */
export async function facesOf(tx: Tx, residentIds: number[]): Promise<number[]> {
  if (!residentIds.length) return [];
  const rows = await sqlRows<{ id: number }>(
    tx,
    sql`select id from face_images where status = 1 and resident_id = any(${idList(residentIds)}::int[])`,
  );
  return rows.map((r) => Number(r.id));
}

/** Which gateway delivers tasks: the injected one, else devices pull. */
export const gatewayOf = (deps: AppDeps): FaceDeviceGateway => deps.faceDevices ?? pullDeviceGateway();

/**
 * Sends the 待同步 tasks not tried yet (of one company, or all) to the gateway and records what the devices said.
 * Failures of the gateway itself count as 超时 and are retried later.
 */
export async function dispatchFaceTasks(deps: AppDeps, opts: { cmpId?: number; faceIds?: number[] } = {}) {
  const { db } = deps.database;
  const gw = gatewayOf(deps);
  const filter = [
    opts.cmpId ? sql`and s.cmp_id = ${opts.cmpId}` : sql``,
    opts.faceIds ? sql`and s.face_id = any(${idList(opts.faceIds)}::int[])` : sql``,
  ];
  const tasks = await sqlRows<{
    id: number;
    cmp_id: number;
    lane_id: number;
    device_sn: string;
    op: number;
    face_id: number;
    resident_id: number;
    name: string;
    img_path: string;
  }>(
    db,
    sql`select s.id, s.cmp_id, s.lane_id, la.device_sn, s.op, s.face_id, s.resident_id, e.name, f.img_path
      from face_syncs s join lanes la on la.id = s.lane_id join face_images f on f.id = s.face_id
      join residents e on e.id = s.resident_id
      where s.state = 0 and s.last_try_time is null ${filter[0]} ${filter[1]} order by s.id limit 500`,
  );
  for (const t of tasks) {
    const result = await gw
      .send({
        syncId: t.id,
        laneId: t.lane_id,
        deviceSn: t.device_sn,
        op: t.op === OP.DELETE ? 'delete' : 'add',
        faceId: t.face_id,
        residentId: t.resident_id,
        name: t.name,
        imgPath: t.img_path,
      })
      .catch(() => ({ state: 'failed' as const, code: 'TIMEOUT', reason: '超时', transient: true }));
    const now = deps.now();
    if (result.state === 'done')
      await db.execute(sql`update face_syncs set state = 1, try_count = try_count + 1, last_try_time = ${now},
        done_time = ${now}, fail_code = '', fail_reason = '', updated_at = ${now}
        where id = ${t.id} and cmp_id = ${t.cmp_id} and state = 0`);
    else if (result.state === 'queued')
      await db.execute(sql`update face_syncs set try_count = try_count + 1, last_try_time = ${now}, updated_at = ${now}
        where id = ${t.id} and cmp_id = ${t.cmp_id} and state = 0`);
    else
      await db.execute(sql`update face_syncs set state = 2, try_count = try_count + 1, last_try_time = ${now},
        fail_code = ${result.code.slice(0, 30)}, fail_reason = ${result.reason.slice(0, 100)}, updated_at = ${now}
        where id = ${t.id} and cmp_id = ${t.cmp_id} and state = 0`);
  }
  return tasks.length;
}

/**
 * The 5-minute face job: transient failures on lanes that are online again go back to 待同步 (at most 3 tries),
 * tasks handed over more than 24 h ago without an ack fail with 设备未响应, pending tasks are sent, and new failures
 * produce one MsgType 11 summary per company at most once an hour.
 */
export async function runFaceSync(deps: AppDeps, now: Date, cmpId?: number) {
  const { db } = deps.database;
  // A run by hand (/Job/Run): the caller's company only.
  const mine = (col: SQL) => cmpIs(cmpId, col);
  await db.execute(sql`update face_syncs s set state = 0, last_try_time = null, updated_at = ${now}
    from lanes la where la.id = s.lane_id and la.online and la.status = 1
      and s.state = 2 and s.try_count < 3 and ${mine(sql`s.cmp_id`)} and s.fail_code = any(${`{${TRANSIENT.join(',')}}`}::text[])`);
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
  await db.execute(sql`update face_syncs set state = 2, fail_code = 'NO_ACK', fail_reason = '设备未响应', updated_at = ${now}
    where state = 0 and last_try_time is not null and last_try_time < ${dayAgo} and ${mine(sql`cmp_id`)}`);
  await dispatchFaceTasks(deps, cmpId ? { cmpId } : {});
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const fresh = await sqlRows<{ cmp_id: number; n: number }>(
    db,
    sql`select s.cmp_id, count(*)::int as n from face_syncs s
      where s.state = 2 and s.updated_at > ${hourAgo} and ${mine(sql`s.cmp_id`)}
        and not exists (select 1 from sys_messages m where m.cmp_id = s.cmp_id and m.msg_type = 11 and m.created_at > ${hourAgo})
      group by s.cmp_id`,
  );
  for (const f of fresh) {
    await db.transaction(async (tx) => {
      await notify(tx, { cmpId: f.cmp_id, roleKey: 'zhgl_rlk', msgType: 11, title: `人脸同步失败 ${f.n} 条` });
    });
  }
}

/**
 * A new (or re-enabled) face lane: 下发 rows for every current face of the residents living in its community. The
 * access module calls this when it saves a lane with HasFace.
 */
export async function enqueueLaneFaces(tx: Tx, cmpId: number, laneId: number, now: Date) {
  await tx.execute(sql`insert into face_syncs (cmp_id, face_id, resident_id, lane_id, op, state, created_at, updated_at)
    select distinct ${cmpId}::int, f.id, f.resident_id, la.id, 1, 0, ${now}::timestamptz, ${now}::timestamptz
    from lanes la
    join resident_rooms rr on rr.community_id = la.community_id and rr.move_out_date is null
    join face_images f on f.resident_id = rr.resident_id and f.status = 1
    where la.id = ${laneId} and la.cmp_id = ${cmpId} and la.has_face and la.status = 1
    on conflict (face_id, lane_id, op) do nothing`);
}
