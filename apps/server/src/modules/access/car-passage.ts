import { CAR_LANE_RULE_DEFAULTS, CAR_RECORD_STATE, fenToMoney, toFen, VEHICLE_TYPE } from '@linli/shared';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../../core/sql-rows';
import type { Tx } from '../../db/client';
import { lookupPassageType } from '../parking/passage-lookup';
import { passageFee, type Tariff } from '../parking/temp-fee';

/**
 * Car passages (parking-access.md "Records › CarIn / CarOut"): what a CarIn or CarOut event does to the lot's
 * records, shared by PushEvents and the console's 手动出场. Every statement carries the lane's company.
 */

export interface LaneContext {
  id: number;
  cmpId: number;
  communityId: number;
  name: string;
  kind: number;
  lotId: number | null;
  direction: number;
  rules: Record<string, unknown>;
  timeZone: string;
}

export interface LotTariff extends Tariff {
  spaceCount: number;
  expiredAsTemp: boolean;
  tempEnabled: boolean;
}

export async function loadLane(db: Tx, cmpId: number, laneId: number, timeZone: string): Promise<LaneContext | null> {
  const [l] = await sqlRows<{
    id: number;
    community_id: number;
    name: string;
    kind: number;
    lot_id: number | null;
    direction: number;
    rules: Record<string, unknown>;
  }>(
    db,
    sql`select id, community_id, name, kind, lot_id, direction, rules from lanes where id = ${laneId} and cmp_id = ${cmpId}`,
  );
  if (!l) return null;
  return {
    id: Number(l.id),
    cmpId,
    communityId: Number(l.community_id),
    name: l.name,
    kind: Number(l.kind),
    lotId: l.lot_id === null ? null : Number(l.lot_id),
    direction: Number(l.direction),
    rules: { ...CAR_LANE_RULE_DEFAULTS, ...(l.rules ?? {}) },
    timeZone,
  };
}

export async function loadTariff(db: Tx, cmpId: number, lotId: number): Promise<LotTariff | null> {
  const [t] = await sqlRows<Record<string, string | number | boolean>>(
    db,
    sql`select free_minutes, first_minutes, first_money::text, unit_minutes, unit_money::text, daily_cap_money::text,
        space_count, expired_as_temp, temp_enabled from parking_lots where id = ${lotId} and cmp_id = ${cmpId}`,
  );
  if (!t) return null;
  return {
    freeMinutes: Number(t.free_minutes),
    firstMinutes: Number(t.first_minutes),
    firstMoney: String(t.first_money),
    unitMinutes: Number(t.unit_minutes),
    unitMoney: String(t.unit_money),
    dailyCapMoney: String(t.daily_cap_money),
    spaceCount: Number(t.space_count),
    expiredAsTemp: Boolean(t.expired_as_temp),
    tempEnabled: Boolean(t.temp_enabled),
  };
}

/** A lot is full for temp cars when its 在场 temp cars reach the spaces not sold, rented or self-used. */
export async function lotFull(db: Tx, cmpId: number, lotId: number, spaceCount: number): Promise<boolean> {
  const [r] = await sqlRows<{ taken: number; temp: number }>(
    db,
    sql`select (select count(*)::int from parking_spaces where lot_id = ${lotId} and cmp_id = ${cmpId} and status in (2, 3, 4)) as taken,
        (select count(*)::int from car_pass_records where lot_id = ${lotId} and cmp_id = ${cmpId} and state = 1
          and vehicle_type = ${VEHICLE_TYPE.temp}) as temp`,
  );
  return Number(r?.temp ?? 0) >= spaceCount - Number(r?.taken ?? 0);
}

export interface OpenRecord {
  id: number;
  recTime: Date;
  inTime: Date;
  vehicleType: number;
}

const minus = (at: Date, ms: number) => new Date(at.getTime() - ms);

/** How far back a 在场 record can start: the 03:00 job turns one older than 30 days 异常 ('超长停放'). */
export const OPEN_DAYS_MS = 32 * 86_400_000;

/**
 * The plate's latest 在场 record in the lot that entered at or before `before`. The lower bound on rec_time (the
 * partition key) lets the planner skip every month but the last two: without it, planning this one-row read over
 * all monthly partitions took ~27 ms on PostgreSQL, most of Verify's time.
 */
export async function openRecord(db: Tx, cmpId: number, lotId: number, plate: string, before: Date) {
  const [r] = await sqlRows<{ id: number; rec_time: Date; in_time: Date; vehicle_type: number }>(
    db,
    sql`select id, rec_time, in_time, vehicle_type from car_pass_records
      where lot_id = ${lotId} and plate = ${plate} and state = 1 and cmp_id = ${cmpId}
        and in_time <= ${before} and rec_time >= ${minus(before, OPEN_DAYS_MS)}
      order by in_time desc limit 1`,
  );
  return r
    ? ({
        id: Number(r.id),
        recTime: new Date(r.rec_time),
        inTime: new Date(r.in_time),
        vehicleType: Number(r.vehicle_type),
      } satisfies OpenRecord)
    : null;
}

export interface CarEvent {
  plate: string;
  at: Date;
  photo: string;
  paidMoney?: string | undefined;
  payMethod?: number;
}

/**
 * CarIn: the same plate at the same lane within 60 s is one trigger (its record is answered); an out-only 异常
 * record with a later OutTime takes this entry (a CarIn that arrived late); otherwise an older 在场 record of the
 * plate in the lot is closed as 异常 '无出场记录' and a new 在场 record starts. Every read bounds rec_time, the
 * partition key (= coalesce(in_time, out_time)), so it touches one or two months, not all of them.
 */
export async function carIn(tx: Tx, lane: LaneContext, e: CarEvent): Promise<number> {
  const lotId = lane.lotId!;
  const [again] = await sqlRows<{ id: number }>(
    tx,
    sql`select id from car_pass_records where lot_id = ${lotId} and plate = ${e.plate} and in_lane_id = ${lane.id}
        and cmp_id = ${lane.cmpId} and in_time between ${minus(e.at, 60_000)} and ${minus(e.at, -60_000)}
        and rec_time between ${minus(e.at, 60_000)} and ${minus(e.at, -60_000)}
      order by id desc limit 1`,
  );
  if (again) return Number(again.id);
  const type = await lookupPassageType(tx, {
    cmpId: lane.cmpId,
    lotId,
    plate: e.plate,
    at: e.at,
    timeZone: lane.timeZone,
    expiredCard: Number(lane.rules.ExpiredCard ?? 1),
  });
  const [late] = await sqlRows<{ id: number; out_time: Date; paid_money: string | null }>(
    tx,
    sql`select id, out_time, paid_money::text from car_pass_records
      where lot_id = ${lotId} and plate = ${e.plate} and state = 3 and in_time is null and out_time >= ${e.at}
        and rec_time >= ${e.at} and cmp_id = ${lane.cmpId}
      order by out_time limit 1`,
  );
  if (late) {
    const tariff = (await loadTariff(tx, lane.cmpId, lotId))!;
    const fee = passageFee(tariff, type.VehicleType, e.at, new Date(late.out_time));
    await tx.execute(sql`update car_pass_records set in_lane_id = ${lane.id}, in_time = ${e.at}, in_photo = ${e.photo},
        rec_time = ${e.at}, state = ${CAR_RECORD_STATE.out}, abnormal_reason = '', vehicle_id = ${type.VehicleId},
        vehicle_type = ${type.VehicleType}, duration_minutes = ${fee.DurationMinutes}, fee_money = ${fee.FeeMoney},
        updated_at = now()
      where id = ${late.id} and cmp_id = ${lane.cmpId}`);
    return Number(late.id);
  }
  await tx.execute(sql`update car_pass_records set state = ${CAR_RECORD_STATE.abnormal}, abnormal_reason = '无出场记录',
      updated_at = now()
    where lot_id = ${lotId} and plate = ${e.plate} and state = 1 and in_time <= ${e.at} and cmp_id = ${lane.cmpId}
      and rec_time between ${minus(e.at, OPEN_DAYS_MS)} and ${e.at}`);
  const [row] = await sqlRows<{ id: number }>(
    tx,
    sql`insert into car_pass_records (cmp_id, community_id, lot_id, plate, vehicle_id, vehicle_type, in_lane_id, in_time,
        in_photo, state, rec_time)
      values (${lane.cmpId}, ${lane.communityId}, ${lotId}, ${e.plate}, ${type.VehicleId}, ${type.VehicleType}, ${lane.id},
        ${e.at}, ${e.photo}, 1, ${e.at})
      returning id`,
  );
  return Number(row!.id);
}

/** 实收 as taken, and 月卡 for a registered car that owes nothing when the device names no method. */
export function payOf(fee: { feeFen: number }, vehicleType: number, e: CarEvent) {
  const paid = e.paidMoney ?? '0.00';
  const method = e.payMethod
    ? e.payMethod
    : fee.feeFen === 0 && vehicleType !== VEHICLE_TYPE.temp
      ? 5
      : toFen(paid) > 0
        ? 1
        : 0;
  return { paid: fenToMoney(toFen(paid)), method };
}

/**
 * CarOut: the latest 在场 record becomes 已出场 with its duration, the fee of the type it entered as and the amount
 * paid; without one an out-only 异常 record '无入场记录' is written.
 */
export async function carOut(tx: Tx, lane: LaneContext, e: CarEvent): Promise<number> {
  const lotId = lane.lotId!;
  const open = await openRecord(tx, lane.cmpId, lotId, e.plate, e.at);
  if (open) {
    const tariff = (await loadTariff(tx, lane.cmpId, lotId))!;
    const fee = passageFee(tariff, open.vehicleType, open.inTime, e.at);
    const pay = payOf(fee, open.vehicleType, e);
    await tx.execute(sql`update car_pass_records set state = ${CAR_RECORD_STATE.out}, out_lane_id = ${lane.id},
        out_time = ${e.at}, out_photo = ${e.photo}, duration_minutes = ${fee.DurationMinutes}, fee_money = ${fee.FeeMoney},
        paid_money = ${pay.paid}, pay_method = ${pay.method}, updated_at = now()
      where id = ${open.id} and rec_time = ${open.recTime} and cmp_id = ${lane.cmpId}`);
    return open.id;
  }
  const type = await lookupPassageType(tx, {
    cmpId: lane.cmpId,
    lotId,
    plate: e.plate,
    at: e.at,
    timeZone: lane.timeZone,
    expiredCard: Number(lane.rules.ExpiredCard ?? 1),
  });
  const pay = payOf({ feeFen: 0 }, type.VehicleType, e);
  const [row] = await sqlRows<{ id: number }>(
    tx,
    sql`insert into car_pass_records (cmp_id, community_id, lot_id, plate, vehicle_id, vehicle_type, out_lane_id,
        out_time, out_photo, paid_money, pay_method, state, abnormal_reason, rec_time)
      values (${lane.cmpId}, ${lane.communityId}, ${lotId}, ${e.plate}, ${type.VehicleId}, ${type.VehicleType}, ${lane.id},
        ${e.at}, ${e.photo}, ${pay.paid}, ${pay.method}, ${CAR_RECORD_STATE.abnormal}, '无入场记录', ${e.at})
      returning id`,
  );
  return Number(row!.id);
}
