import { sql } from 'drizzle-orm';
import type { DeviceAuth } from '../../core/device-auth';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';

/**
 * Card tasks (parking-access.md "PullTasks / AckTasks"): a card written to or removed from the devices of its lanes.
 * Their TaskId is offset so it never meets a face task's id in one PullTasks answer.
 */
export const CARD_TASK_BASE = 1_000_000_000;
export const TASK_STATE = { pending: 0, sent: 1, done: 2, failed: 3 } as const;

/** Queues `op` for the card on every lane it is granted (or on `laneIds`), replacing tasks not yet sent. */
export async function queueCardTasks(
  tx: Tx,
  cmpId: number,
  cardId: number,
  op: 'CardAdd' | 'CardDelete',
  laneIds?: number[],
) {
  const lanes = laneIds
    ? sql`select unnest(${`{${laneIds.join(',')}}`}::int[]) as lane_id`
    : sql`select lane_id from access_card_lanes where card_id = ${cardId} and cmp_id = ${cmpId}`;
  await tx.execute(sql`delete from device_tasks where cmp_id = ${cmpId} and ref_id = ${cardId} and state = 0
      and op in ('CardAdd', 'CardDelete')`);
  await tx.execute(sql`insert into device_tasks (cmp_id, lane_id, op, ref_id, state)
    select ${cmpId}::int, l.lane_id, ${op}, ${cardId}::int, 0 from (${lanes}) l
      join lanes la on la.id = l.lane_id and la.cmp_id = ${cmpId}`);
}

export async function pendingCardCount(db: Tx, device: DeviceAuth): Promise<number> {
  const [r] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from device_tasks where lane_id = ${device.laneId} and cmp_id = ${device.cmpId}
      and state in (0, 1)`,
  );
  return Number(r?.n ?? 0);
}

export interface PulledCardTask {
  TaskId: number;
  Op: string;
  ResidentId: number | null;
  Name: string;
  PhotoUrl: string;
  CardNo: string;
  ValidTo: string;
}

/** The lane's oldest unacknowledged card tasks; each pull marks them 已发. */
export async function pullCardTasks(db: Tx, device: DeviceAuth, max: number, now: Date): Promise<PulledCardTask[]> {
  if (max <= 0) return [];
  const rows = await sqlRows<{
    id: number;
    op: string;
    resident_id: number | null;
    name: string;
    card_no: string;
    valid_to: string;
  }>(
    db,
    sql`with picked as (
        update device_tasks t set state = 1, sent_time = ${now}, updated_at = ${now}
        where t.id in (select id from device_tasks where lane_id = ${device.laneId} and cmp_id = ${device.cmpId}
          and state in (0, 1) order by id limit ${max})
        returning t.id, t.op, t.ref_id)
      select p.id, p.op, c.holder_resident_id as resident_id, coalesce(e.name, u.name, c.holder_name) as name,
        c.card_no, c.valid_to::text as valid_to
      from picked p join access_cards c on c.id = p.ref_id and c.cmp_id = ${device.cmpId}
        left join residents e on e.id = c.holder_resident_id left join users u on u.id = c.holder_user_id
      order by p.id`,
  );
  return rows.map((r) => ({
    TaskId: CARD_TASK_BASE + Number(r.id),
    Op: r.op,
    ResidentId: r.resident_id === null ? null : Number(r.resident_id),
    Name: r.name ?? '',
    PhotoUrl: '',
    CardNo: r.card_no,
    ValidTo: r.op === 'CardAdd' ? r.valid_to : '',
  }));
}

export interface TaskAck {
  TaskId: number;
  Ok: boolean;
  Code: string;
  Reason: string;
}

/** Ok → 成功, else 失败 with the device's code and words; other lanes' tasks and repeated acks change nothing. */
export async function ackCardTasks(db: Tx, device: DeviceAuth, acks: TaskAck[], now: Date): Promise<number> {
  let updated = 0;
  await db.transaction(async (tx) => {
    for (const a of acks) {
      const rows = await sqlRows<{ id: number }>(
        tx,
        sql`update device_tasks set state = ${a.Ok ? TASK_STATE.done : TASK_STATE.failed}, ack_time = ${now},
            code = ${a.Ok ? '' : (a.Code.trim() || 'ERROR').slice(0, 30)},
            reason = ${a.Ok ? '' : (a.Reason.trim() || '设备返回错误').slice(0, 100)}, updated_at = ${now}
          where id = ${a.TaskId - CARD_TASK_BASE} and lane_id = ${device.laneId} and cmp_id = ${device.cmpId}
            and state in (0, 1)
          returning id`,
      );
      updated += rows.length;
    }
  });
  return updated;
}
