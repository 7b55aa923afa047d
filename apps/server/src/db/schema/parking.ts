import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { communities, rooms } from './properties';
import { lanes, residents } from './residents';
import { cmpColumn, stamps } from './columns';

/** parking-access.md: money is numeric(10,2). */
const money = (name: string) => numeric(name, { precision: 10, scale: 2 }).notNull().default('0');

/**
 * ParkingLot with its temp tariff (domain/parking-access.md "Entities", "Temp fee"). LotType 1地上 2地下;
 * Status 1启用 0停用. DailyCapMoney 0 means no cap.
 */
export const parkingLots = pgTable(
  'parking_lots',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    name: varchar('name', { length: 30 }).notNull(),
    code: varchar('code', { length: 20 }).notNull().default(''),
    lotType: smallint('lot_type').notNull().default(1),
    spaceCount: integer('space_count').notNull(),
    tempEnabled: boolean('temp_enabled').notNull().default(true),
    freeMinutes: integer('free_minutes').notNull().default(0),
    firstMinutes: integer('first_minutes').notNull().default(60),
    firstMoney: money('first_money'),
    unitMinutes: integer('unit_minutes').notNull().default(60),
    unitMoney: money('unit_money'),
    dailyCapMoney: money('daily_cap_money'),
    expiredAsTemp: boolean('expired_as_temp').notNull().default(true),
    status: smallint('status').notNull().default(1),
    ...stamps,
  },
  (t) => [
    uniqueIndex('parking_lots_community_name_uq').on(t.communityId, t.name),
    index('parking_lots_cmp_community_idx').on(t.cmpId, t.communityId),
  ],
);

/** ParkingSpace: SpaceType 1普通 2子母 3充电; Status 1空闲 2已售 3已租 4自用. */
export const parkingSpaces = pgTable(
  'parking_spaces',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => parkingLots.id),
    spaceNo: varchar('space_no', { length: 20 }).notNull(),
    spaceType: smallint('space_type').notNull().default(1),
    area: numeric('area', { precision: 10, scale: 2 }),
    status: smallint('status').notNull().default(1),
    ownerResidentId: integer('owner_resident_id').references(() => residents.id),
    roomId: integer('room_id').references(() => rooms.id),
    rentStart: date('rent_start', { mode: 'string' }),
    rentEnd: date('rent_end', { mode: 'string' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('parking_spaces_lot_no_uq').on(t.lotId, t.spaceNo),
    index('parking_spaces_lot_status_idx').on(t.lotId, t.status),
    index('parking_spaces_cmp_community_idx').on(t.cmpId, t.communityId, t.lotId, t.spaceNo),
    index('parking_spaces_owner_idx').on(t.ownerResidentId),
    index('parking_spaces_room_idx').on(t.roomId),
  ],
);

/**
 * Vehicle: PlateColor 1蓝 2黄 3绿 4白 5黑; VehicleType 1月租 2产权 3临时 4内部 5免费; Status 1正常 2停用 3黑名单.
 * Plates are unique per lot among the rows not deleted.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => parkingLots.id),
    plate: varchar('plate', { length: 10 }).notNull(),
    plateColor: smallint('plate_color').notNull().default(1),
    ownerResidentId: integer('owner_resident_id').references(() => residents.id),
    ownerName: varchar('owner_name', { length: 30 }).notNull().default(''),
    ownerMobile: varchar('owner_mobile', { length: 20 }).notNull().default(''),
    roomId: integer('room_id').references(() => rooms.id),
    vehicleType: smallint('vehicle_type').notNull(),
    spaceId: integer('space_id').references(() => parkingSpaces.id),
    validStart: date('valid_start', { mode: 'string' }),
    validEnd: date('valid_end', { mode: 'string' }),
    brand: varchar('brand', { length: 30 }).notNull().default(''),
    color: varchar('color', { length: 20 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    /** Why it was last 停用/拉黑 (Vehicle/SetStatus Reason). */
    statusReason: varchar('status_reason', { length: 100 }).notNull().default(''),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex('vehicles_lot_plate_uq')
      .on(t.lotId, t.plate)
      .where(sql`not ${t.isDeleted}`),
    index('vehicles_cmp_plate_idx').on(t.cmpId, t.plate),
    index('vehicles_cmp_valid_end_idx').on(t.cmpId, t.validEnd),
    index('vehicles_cmp_community_idx').on(t.cmpId, t.communityId, t.id),
    index('vehicles_owner_idx').on(t.ownerResidentId),
    index('vehicles_room_idx').on(t.roomId),
    index('vehicles_space_idx').on(t.spaceId),
    // 车牌 (contains) filters: trigram GIN with the small pending list PGlite needs (see migration 0008).
    index('vehicles_plate_trgm_idx').using('gin', t.plate.op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 }),
  ],
);

/** One row per renewal of a vehicle's monthly card; Months 0 when an end date was given. */
export const vehicleRenewals = pgTable(
  'vehicle_renewals',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    oldEnd: date('old_end', { mode: 'string' }),
    newEnd: date('new_end', { mode: 'string' }).notNull(),
    months: smallint('months').notNull().default(0),
    /** The cashier's payment (fees.md 停车费); null for a renewal from this screen. */
    paymentId: integer('payment_id'),
    ...stamps,
  },
  (t) => [
    index('vehicle_renewals_vehicle_idx').on(t.vehicleId),
    index('vehicle_renewals_cmp_payment_idx').on(t.cmpId, t.paymentId),
  ],
);

/**
 * CarPassRecord: State 1在场 2已出场 3异常; PayMethod 0无 1现金 2微信 3支付宝 4免费放行 5月卡.
 * Range-partitioned by month on RecTime (migration 0011 declares the partitions), the list's time: InTime, or
 * OutTime for an out-only record — never null, as a partition key must be.
 */
export const carPassRecords = pgTable(
  'car_pass_records',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => parkingLots.id),
    plate: varchar('plate', { length: 10 }).notNull(),
    origPlate: varchar('orig_plate', { length: 10 }).notNull().default(''),
    vehicleId: integer('vehicle_id').references(() => vehicles.id),
    vehicleType: smallint('vehicle_type').notNull().default(3),
    inLaneId: integer('in_lane_id').references(() => lanes.id),
    inTime: timestamp('in_time', { withTimezone: true }),
    inPhoto: varchar('in_photo', { length: 255 }).notNull().default(''),
    outLaneId: integer('out_lane_id').references(() => lanes.id),
    outTime: timestamp('out_time', { withTimezone: true }),
    outPhoto: varchar('out_photo', { length: 255 }).notNull().default(''),
    durationMinutes: integer('duration_minutes'),
    feeMoney: money('fee_money'),
    paidMoney: money('paid_money'),
    payMethod: smallint('pay_method').notNull().default(0),
    state: smallint('state').notNull().default(1),
    abnormalReason: varchar('abnormal_reason', { length: 50 }).notNull().default(''),
    /** 手动出场 / 修正车牌 reasons. */
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    recTime: timestamp('rec_time', { withTimezone: true }).notNull(),
    ...stamps,
  },
  (t) => [
    primaryKey({ name: 'car_pass_records_pk', columns: [t.id, t.recTime] }),
    index('car_pass_records_cmp_time_idx').on(t.cmpId, t.recTime.desc()),
    index('car_pass_records_lot_plate_state_idx').on(t.lotId, t.plate, t.state),
    // 在场 counts (Summary, lot full, the 03:00 超长停放 sweep) read only the few open records.
    index('car_pass_records_in_lot_idx')
      .on(t.lotId, t.inTime)
      .where(sql`${t.state} = 1`),
    index('car_pass_records_vehicle_idx').on(t.vehicleId),
    index('car_pass_records_in_lane_idx').on(t.inLaneId),
    index('car_pass_records_out_lane_idx').on(t.outLaneId),
    index('car_pass_records_community_idx').on(t.communityId),
  ],
);
