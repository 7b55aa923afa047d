import {
  CAR_RECORD_STATES,
  codeName,
  durationText,
  normalisePlate,
  PAY_METHODS,
  timeRangeFilter,
  VEHICLE_TYPES,
  zFlag,
  zOptionalText,
} from '@linli/shared';
import { and, eq, gt, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Auth } from '../../core/auth';
import { likeText, optionalInt } from '../../core/filters';
import { pagingFields } from '../../core/paging';
import { inScope } from '../../core/scope';
import { fmtTime } from '../../core/time';
import type { Tx } from '../../db/client';
import { carPassRecords, communities, lanes, parkingLots } from '../../db/schema';
import { timeRange } from './time-range';

/** 车行记录's filters, rows and their view, shared by List, Get and Export. */

export const carRecordFilter = {
  ...pagingFields,
  CommunityId: optionalInt(),
  LotId: optionalInt(),
  Plate: zOptionalText(10, '车牌'),
  ...timeRangeFilter,
  VehicleType: optionalInt(),
  State: optionalInt(),
  FeeOnly: z.preprocess((v) => (v === '' || v == null ? false : v), zFlag()),
};
export const CarRecordFilters = z.object(carRecordFilter);
export type CarRecordFilters = z.infer<typeof CarRecordFilters>;

/** The record's time is InTime, or OutTime for an out-only record (rec_time); the default range is 30 days. */
export function carRecordWhere(auth: Auth, f: Partial<CarRecordFilters>, now: Date | null): SQL | undefined {
  const range = now ? timeRange(f, auth.timeZone, now, 30) : null;
  const plate = f.Plate ? normalisePlate(f.Plate) : '';
  return and(
    eq(carPassRecords.cmpId, auth.cmpId),
    inScope(auth, carPassRecords.communityId),
    range ? gte(carPassRecords.recTime, range.from) : undefined,
    range ? lt(carPassRecords.recTime, range.to) : undefined,
    f.CommunityId ? eq(carPassRecords.communityId, f.CommunityId) : undefined,
    f.LotId ? eq(carPassRecords.lotId, f.LotId) : undefined,
    plate ? ilike(carPassRecords.plate, likeText(plate)) : undefined,
    f.VehicleType ? eq(carPassRecords.vehicleType, f.VehicleType) : undefined,
    f.State ? eq(carPassRecords.state, f.State) : undefined,
    f.FeeOnly ? gt(carPassRecords.feeMoney, '0') : undefined,
  );
}

const inLane = alias(lanes, 'in_lane');
const outLane = alias(lanes, 'out_lane');

export const carRecordSelect = (db: Tx) =>
  db
    .select({
      Id: carPassRecords.id,
      CommunityId: carPassRecords.communityId,
      CommunityName: communities.name,
      LotId: carPassRecords.lotId,
      LotName: parkingLots.name,
      Plate: carPassRecords.plate,
      OrigPlate: carPassRecords.origPlate,
      VehicleId: carPassRecords.vehicleId,
      VehicleType: carPassRecords.vehicleType,
      InLaneId: carPassRecords.inLaneId,
      InLaneName: inLane.name,
      InTime: carPassRecords.inTime,
      InPhoto: carPassRecords.inPhoto,
      OutLaneId: carPassRecords.outLaneId,
      OutLaneName: outLane.name,
      OutTime: carPassRecords.outTime,
      OutPhoto: carPassRecords.outPhoto,
      DurationMinutes: carPassRecords.durationMinutes,
      FeeMoney: carPassRecords.feeMoney,
      PaidMoney: carPassRecords.paidMoney,
      PayMethod: carPassRecords.payMethod,
      State: carPassRecords.state,
      AbnormalReason: carPassRecords.abnormalReason,
      Remark: carPassRecords.remark,
      RecTime: carPassRecords.recTime,
    })
    .from(carPassRecords)
    .innerJoin(parkingLots, eq(parkingLots.id, carPassRecords.lotId))
    .innerJoin(communities, eq(communities.id, carPassRecords.communityId))
    .leftJoin(inLane, eq(inLane.id, carPassRecords.inLaneId))
    .leftJoin(outLane, eq(outLane.id, carPassRecords.outLaneId))
    .$dynamic();

export type CarRecordRaw = Awaited<ReturnType<ReturnType<typeof carRecordSelect>['execute']>>[number];

export const carRecordView = (r: CarRecordRaw, tz: string) => ({
  ...r,
  InLaneName: r.InLaneName ?? '',
  OutLaneName: r.OutLaneName ?? '',
  VehicleTypeName: codeName(VEHICLE_TYPES, r.VehicleType),
  InTime: fmtTime(r.InTime, tz),
  OutTime: fmtTime(r.OutTime, tz),
  RecTime: fmtTime(r.RecTime, tz),
  DurationText: durationText(r.DurationMinutes),
  FeeMoney: r.FeeMoney ?? '0.00',
  PaidMoney: r.PaidMoney ?? '0.00',
  PayMethodName: codeName(PAY_METHODS, r.PayMethod),
  StateName: codeName(CAR_RECORD_STATES, r.State),
});
export type CarRecordView = ReturnType<typeof carRecordView>;
