import { CAR_RECORD_STATE } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { todayIn } from '../../core/dates';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { passageType } from '../parking/passage-type';
import { passageFee } from '../parking/temp-fee';
import { type CarEvent, type LaneContext, loadTariff, OPEN_DAYS_MS, payOf } from './car-passage';

/**
 * carIn and carOut (car-passage.ts) for a batch of one lane's events with distinct plates, in a few statements for
 * the whole batch instead of a few per event. A passage reads and writes only its own plate's records, so with
 * distinct plates the order inside the batch changes nothing; a batch with a plate twice goes event by event. The
 * rules are those of car-passage.ts: keep the two in step (device-gateway-access.test.ts runs both paths).
 */

export interface KeyedCarEvent extends CarEvent {
  key: number;
}

type Row = Record<string, unknown>;
const json = (rows: Row[]) => JSON.stringify(rows);
const earliest = (events: KeyedCarEvent[]) => new Date(Math.min(...events.map((e) => e.at.getTime())));
const latest = (events: KeyedCarEvent[]) => new Date(Math.max(...events.map((e) => e.at.getTime())));
const asDate = (v: unknown) => new Date(v as string);

interface VehicleCols {
  vehicle_id: number | null;
  vehicle_type: number | null;
  status: number | null;
  valid_end: string | null;
}

function typeOf(lane: LaneContext, expiredAsTemp: boolean, v: VehicleCols, at: Date) {
  const vehicle =
    v.vehicle_id === null
      ? null
      : {
          id: Number(v.vehicle_id),
          vehicleType: Number(v.vehicle_type),
          status: Number(v.status),
          validEnd: v.valid_end,
        };
  return passageType(vehicle, {
    today: todayIn(at, lane.timeZone),
    expiredAsTemp,
    expiredCard: Number(lane.rules.ExpiredCard ?? 1),
  });
}

/** New records (an entry, or an exit without one), their ids by plate: plates are distinct within the batch. */
async function insertRecords(tx: Tx, lane: LaneContext, rows: Row[]): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const ids = await sqlRows<{ id: number; plate: string }>(
    tx,
    sql`insert into car_pass_records (cmp_id, community_id, lot_id, plate, vehicle_id, vehicle_type, in_lane_id, in_time,
        in_photo, out_lane_id, out_time, out_photo, paid_money, pay_method, state, abnormal_reason, rec_time)
      select ${lane.cmpId}, ${lane.communityId}, ${lane.lotId}, x.plate, x.vehicle_id, x.vehicle_type, x.in_lane_id,
        x.in_time, coalesce(x.in_photo, ''), x.out_lane_id, x.out_time, coalesce(x.out_photo, ''), coalesce(x.paid_money, 0),
        coalesce(x.pay_method, 0), x.state, x.abnormal_reason, coalesce(x.in_time, x.out_time)
      from jsonb_to_recordset(${json(rows)}::jsonb) as x(plate text, vehicle_id int, vehicle_type int, in_lane_id int,
        in_time timestamptz, in_photo text, out_lane_id int, out_time timestamptz, out_photo text, paid_money numeric,
        pay_method int, state int, abnormal_reason text)
      returning id, plate`,
  );
  return new Map(ids.map((r) => [r.plate, Number(r.id)]));
}

/** The vehicle columns of the lot's registered car with plate x.plate (vehicles_lot_plate_uq), for passageType. */
const vehicleJoin = (lane: LaneContext) => sql`left join vehicles v on v.lot_id = ${lane.lotId}
  and v.cmp_id = ${lane.cmpId} and v.plate = x.plate and not v.is_deleted`;

export async function carInBatch(tx: Tx, lane: LaneContext, events: KeyedCarEvent[]): Promise<Map<number, number>> {
  const lotId = lane.lotId!;
  const tariff = (await loadTariff(tx, lane.cmpId, lotId))!;
  const input = events.map((e) => ({ key: e.key, plate: e.plate, at: e.at.toISOString() }));
  const found = await sqlRows<
    VehicleCols & { key: number; again_id: number | null; late_id: number | null; late_out: string | null }
  >(
    tx,
    sql`select x.key,
        (select c.id from car_pass_records c where c.lot_id = ${lotId} and c.plate = x.plate
          and c.in_lane_id = ${lane.id} and c.cmp_id = ${lane.cmpId}
          and c.in_time between x.at - interval '60 seconds' and x.at + interval '60 seconds'
          and c.rec_time between x.at - interval '60 seconds' and x.at + interval '60 seconds'
          order by c.id desc limit 1) as again_id,
        l.id as late_id, l.out_time as late_out, v.id as vehicle_id, v.vehicle_type, v.status, v.valid_end::text
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(key int, plate text, at timestamptz)
      left join lateral (select c.id, c.out_time from car_pass_records c
          where c.lot_id = ${lotId} and c.plate = x.plate and c.state = 3 and c.in_time is null
            and c.out_time >= x.at and c.rec_time >= x.at and c.cmp_id = ${lane.cmpId}
          order by c.out_time limit 1) l on true
      ${vehicleJoin(lane)}`,
  );
  const byKey = new Map(found.map((f) => [Number(f.key), f]));
  const result = new Map<number, number>();
  const merged: Row[] = [];
  const fresh: Row[] = [];
  const freshKeys: KeyedCarEvent[] = [];
  for (const e of events) {
    const f = byKey.get(e.key)!;
    if (f.again_id !== null) {
      result.set(e.key, Number(f.again_id));
      continue;
    }
    const type = typeOf(lane, tariff.expiredAsTemp, f, e.at);
    if (f.late_id !== null) {
      const out = asDate(f.late_out);
      const fee = passageFee(tariff, type.VehicleType, e.at, out);
      merged.push({
        id: Number(f.late_id),
        rec_time: out.toISOString(),
        at: e.at.toISOString(),
        photo: e.photo,
        vehicle_id: type.VehicleId,
        vehicle_type: type.VehicleType,
        duration: fee.DurationMinutes,
        fee: fee.FeeMoney,
      });
      result.set(e.key, Number(f.late_id));
      continue;
    }
    freshKeys.push(e);
    fresh.push({
      plate: e.plate,
      vehicle_id: type.VehicleId,
      vehicle_type: type.VehicleType,
      in_lane_id: lane.id,
      in_time: e.at.toISOString(),
      in_photo: e.photo,
      state: CAR_RECORD_STATE.inLot,
      abnormal_reason: '',
    });
  }
  if (merged.length)
    await tx.execute(sql`update car_pass_records c set in_lane_id = ${lane.id}, in_time = x.at, in_photo = x.photo,
        rec_time = x.at, state = ${CAR_RECORD_STATE.out}, abnormal_reason = '', vehicle_id = x.vehicle_id,
        vehicle_type = x.vehicle_type, duration_minutes = x.duration, fee_money = x.fee, updated_at = now()
      from jsonb_to_recordset(${json(merged)}::jsonb) as x(id bigint, rec_time timestamptz, at timestamptz, photo text,
        vehicle_id int, vehicle_type int, duration int, fee numeric)
      where c.id = x.id and c.rec_time = x.rec_time and c.cmp_id = ${lane.cmpId}`);
  if (freshKeys.length) {
    // An older 在场 record of each entering plate is closed as 无出场记录.
    const closing = freshKeys.map((e) => ({ plate: e.plate, at: e.at.toISOString() }));
    await tx.execute(sql`update car_pass_records c set state = ${CAR_RECORD_STATE.abnormal},
        abnormal_reason = '无出场记录', updated_at = now()
      from jsonb_to_recordset(${json(closing)}::jsonb) as x(plate text, at timestamptz)
      where c.lot_id = ${lotId} and c.plate = x.plate and c.state = 1 and c.in_time <= x.at and c.cmp_id = ${lane.cmpId}
        and c.rec_time >= x.at - make_interval(secs => ${OPEN_DAYS_MS / 1000}) and c.rec_time <= x.at
        and c.rec_time between ${new Date(earliest(freshKeys).getTime() - OPEN_DAYS_MS)} and ${latest(freshKeys)}`);
    const ids = await insertRecords(tx, lane, fresh);
    for (const e of freshKeys) result.set(e.key, ids.get(e.plate)!);
  }
  return result;
}

export async function carOutBatch(tx: Tx, lane: LaneContext, events: KeyedCarEvent[]): Promise<Map<number, number>> {
  const lotId = lane.lotId!;
  const tariff = (await loadTariff(tx, lane.cmpId, lotId))!;
  const input = events.map((e) => ({ key: e.key, plate: e.plate, at: e.at.toISOString() }));
  const found = await sqlRows<
    VehicleCols & { key: number; open_id: number | null; open_rec: string; open_in: string; open_type: number }
  >(
    tx,
    sql`select x.key, o.id as open_id, o.rec_time as open_rec, o.in_time as open_in, o.vehicle_type as open_type,
        v.id as vehicle_id, v.vehicle_type, v.status, v.valid_end::text
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(key int, plate text, at timestamptz)
      left join lateral (select c.id, c.rec_time, c.in_time, c.vehicle_type from car_pass_records c
          where c.lot_id = ${lotId} and c.plate = x.plate and c.state = 1 and c.cmp_id = ${lane.cmpId}
            and c.in_time <= x.at and c.rec_time >= x.at - make_interval(secs => ${OPEN_DAYS_MS / 1000})
            and c.rec_time >= ${new Date(earliest(events).getTime() - OPEN_DAYS_MS)}
          order by c.in_time desc limit 1) o on true
      ${vehicleJoin(lane)}`,
  );
  const byKey = new Map(found.map((f) => [Number(f.key), f]));
  const result = new Map<number, number>();
  const closed: Row[] = [];
  const orphans: Row[] = [];
  const orphanKeys: KeyedCarEvent[] = [];
  for (const e of events) {
    const f = byKey.get(e.key)!;
    if (f.open_id !== null) {
      const vehicleType = Number(f.open_type);
      const fee = passageFee(tariff, vehicleType, asDate(f.open_in), e.at);
      const pay = payOf(fee, vehicleType, e);
      closed.push({
        id: Number(f.open_id),
        rec_time: asDate(f.open_rec).toISOString(),
        at: e.at.toISOString(),
        photo: e.photo,
        duration: fee.DurationMinutes,
        fee: fee.FeeMoney,
        paid: pay.paid,
        method: pay.method,
      });
      result.set(e.key, Number(f.open_id));
      continue;
    }
    const type = typeOf(lane, tariff.expiredAsTemp, f, e.at);
    const pay = payOf({ feeFen: 0 }, type.VehicleType, e);
    orphanKeys.push(e);
    orphans.push({
      plate: e.plate,
      vehicle_id: type.VehicleId,
      vehicle_type: type.VehicleType,
      out_lane_id: lane.id,
      out_time: e.at.toISOString(),
      out_photo: e.photo,
      paid_money: pay.paid,
      pay_method: pay.method,
      state: CAR_RECORD_STATE.abnormal,
      abnormal_reason: '无入场记录',
    });
  }
  if (closed.length)
    await tx.execute(sql`update car_pass_records c set state = ${CAR_RECORD_STATE.out}, out_lane_id = ${lane.id},
        out_time = x.at, out_photo = x.photo, duration_minutes = x.duration, fee_money = x.fee, paid_money = x.paid,
        pay_method = x.method, updated_at = now()
      from jsonb_to_recordset(${json(closed)}::jsonb) as x(id bigint, rec_time timestamptz, at timestamptz, photo text,
        duration int, fee numeric, paid numeric, method int)
      where c.id = x.id and c.rec_time = x.rec_time and c.cmp_id = ${lane.cmpId}`);
  const ids = await insertRecords(tx, lane, orphans);
  for (const e of orphanKeys) result.set(e.key, ids.get(e.plate)!);
  return result;
}
