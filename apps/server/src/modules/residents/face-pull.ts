import { sql } from 'drizzle-orm';
import type { DeviceAuth } from '../../core/device-auth';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { FACE_FAIL_CODES } from './face-device';
import { OP, SYNC } from './face-sync';

/**
 * The device's half of face sync (residents.md "Face sync"): a lane pulls its 待同步 rows and acks each one. Every
 * query is bound to the calling lane and its company, so a device never sees or changes another lane's rows.
 */

export async function pendingFaceCount(db: Tx, device: DeviceAuth): Promise<number> {
  const [r] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from face_syncs
      where lane_id = ${device.laneId} and cmp_id = ${device.cmpId} and state = ${SYNC.PENDING}`,
  );
  return Number(r?.n ?? 0);
}

export interface PulledFaceTask {
  id: number;
  op: number;
  residentId: number;
  name: string;
  imgPath: string;
}

/**
 * The lane's oldest 待同步 rows. They stay 待同步 until acked (a device that lost them pulls them again); each pull
 * counts as a try and restarts the 24 h no-ack clock of the face job.
 */
export async function pullFaceTasks(db: Tx, device: DeviceAuth, max: number, now: Date): Promise<PulledFaceTask[]> {
  const rows = await sqlRows<{ id: number; op: number; resident_id: number; name: string; img_path: string }>(
    db,
    sql`with picked as (
        update face_syncs s set try_count = s.try_count + 1, last_try_time = ${now}, updated_at = ${now}
        where s.id in (select id from face_syncs where lane_id = ${device.laneId} and cmp_id = ${device.cmpId}
          and state = ${SYNC.PENDING} order by created_at, id limit ${max})
        returning s.id, s.op, s.face_id, s.resident_id, s.created_at)
      select p.id, p.op, p.resident_id, e.name, f.img_path
      from picked p join residents e on e.id = p.resident_id join face_images f on f.id = p.face_id
      order by p.created_at, p.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    op: Number(r.op),
    residentId: Number(r.resident_id),
    name: r.name,
    imgPath: r.img_path,
  }));
}

export interface FaceAck {
  TaskId: number;
  Ok: boolean;
  Code: string;
  Reason: string;
}

/**
 * Ok → 已同步; otherwise 失败 with the code's Chinese reason, or the device's own words for a code we do not know.
 * A late ack of a task the face job gave up on (设备未响应) still counts: the device did answer. Answers how many
 * rows changed; ids of other lanes, unknown ids and repeated acks change nothing.
 */
export async function ackFaceTasks(db: Tx, device: DeviceAuth, acks: FaceAck[], now: Date): Promise<number> {
  let updated = 0;
  await db.transaction(async (tx) => {
    for (const a of acks) {
      const code = a.Ok ? '' : (a.Code.trim() || 'ERROR').slice(0, 30);
      const reason = a.Ok ? '' : (FACE_FAIL_CODES[code]?.reason ?? (a.Reason.trim() || '设备返回错误')).slice(0, 100);
      const rows = await sqlRows<{ id: number }>(
        tx,
        sql`update face_syncs set state = ${a.Ok ? SYNC.DONE : SYNC.FAILED}, fail_code = ${code},
            fail_reason = ${reason}, done_time = ${a.Ok ? now : null}, updated_at = ${now}
          where id = ${a.TaskId} and lane_id = ${device.laneId} and cmp_id = ${device.cmpId}
            and (state = ${SYNC.PENDING} or (state = ${SYNC.FAILED} and fail_code = 'NO_ACK'))
          returning id`,
      );
      updated += rows.length;
    }
  });
  return updated;
}

export const opName = (op: number): 'add' | 'delete' => (op === OP.DELETE ? 'delete' : 'add');
