import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
  date,
} from 'drizzle-orm/pg-core';
import { users } from './org';
import { communities, rooms } from './properties';
import { lanes, residents } from './residents';
import { cmpColumn, stamps } from './columns';

/**
 * AccessCard (domain/parking-access.md "Entities"): CardType 1业主卡 2租户卡 3员工卡 4临时卡; HolderKind 1住户 2员工
 * 3其他; Status 1正常 2挂失 3注销. A number is unique among the cards not 注销.
 */
export const accessCards = pgTable(
  'access_cards',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    cardNo: varchar('card_no', { length: 20 }).notNull(),
    cardType: smallint('card_type').notNull(),
    holderKind: smallint('holder_kind').notNull().default(1),
    holderResidentId: integer('holder_resident_id').references(() => residents.id),
    holderUserId: integer('holder_user_id').references(() => users.id),
    holderName: varchar('holder_name', { length: 30 }).notNull().default(''),
    holderMobile: varchar('holder_mobile', { length: 20 }).notNull().default(''),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(1),
    replacedById: integer('replaced_by_id'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('access_cards_cmp_card_no_uq')
      .on(t.cmpId, t.cardNo)
      .where(sql`${t.status} <> 3`),
    index('access_cards_cmp_card_no_idx').on(t.cmpId, t.cardNo),
    index('access_cards_cmp_valid_to_idx').on(t.cmpId, t.validTo),
    index('access_cards_cmp_community_idx').on(t.cmpId, t.communityId, t.id),
    index('access_cards_holder_resident_idx').on(t.holderResidentId),
    index('access_cards_holder_user_idx').on(t.holderUserId),
  ],
);

export const accessCardRooms = pgTable(
  'access_card_rooms',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    cardId: integer('card_id')
      .notNull()
      .references(() => accessCards.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    ...stamps,
  },
  (t) => [
    uniqueIndex('access_card_rooms_uq').on(t.cardId, t.roomId),
    index('access_card_rooms_room_idx').on(t.roomId),
    index('access_card_rooms_cmp_idx').on(t.cmpId),
  ],
);

export const accessCardLanes = pgTable(
  'access_card_lanes',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    cardId: integer('card_id')
      .notNull()
      .references(() => accessCards.id),
    laneId: integer('lane_id')
      .notNull()
      .references(() => lanes.id),
    ...stamps,
  },
  (t) => [
    uniqueIndex('access_card_lanes_uq').on(t.cardId, t.laneId),
    index('access_card_lanes_lane_idx').on(t.laneId),
    index('access_card_lanes_cmp_idx').on(t.cmpId),
  ],
);

/** CardLog: what was done to a card (发卡/修改/挂失/解挂/注销/补卡) and why. */
export const cardLogs = pgTable(
  'card_logs',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    cardId: integer('card_id')
      .notNull()
      .references(() => accessCards.id),
    action: varchar('action', { length: 10 }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    ...stamps,
  },
  (t) => [index('card_logs_card_idx').on(t.cardId), index('card_logs_cmp_idx').on(t.cmpId)],
);

/**
 * DeviceEvent: what a device posted, idempotent by (LaneId, EventId); RecordId is the car or card record it made.
 * Kept 180 days (the 03:00 clean-up purges by ReceivedTime).
 */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cmpId: cmpColumn(),
    laneId: integer('lane_id')
      .notNull()
      .references(() => lanes.id),
    eventId: varchar('event_id', { length: 64 }).notNull(),
    eventType: varchar('event_type', { length: 16 }).notNull(),
    occurTime: timestamp('occur_time', { withTimezone: true }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    receivedTime: timestamp('received_time', { withTimezone: true }).notNull().defaultNow(),
    recordId: bigint('record_id', { mode: 'number' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('device_events_lane_event_uq').on(t.laneId, t.eventId),
    index('device_events_lane_time_idx').on(t.laneId, t.occurTime.desc()),
    index('device_events_received_idx').on(t.receivedTime),
    index('device_events_cmp_idx').on(t.cmpId),
  ],
);

/**
 * DeviceTask: a card pushed to or removed from a device. Op CardAdd/CardDelete (faces keep their face_syncs);
 * State 0待发 1已发 2成功 3失败.
 */
export const deviceTasks = pgTable(
  'device_tasks',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    laneId: integer('lane_id')
      .notNull()
      .references(() => lanes.id),
    op: varchar('op', { length: 12 }).notNull(),
    refId: integer('ref_id').notNull(),
    state: smallint('state').notNull().default(0),
    sentTime: timestamp('sent_time', { withTimezone: true }),
    ackTime: timestamp('ack_time', { withTimezone: true }),
    code: varchar('code', { length: 30 }).notNull().default(''),
    reason: varchar('reason', { length: 100 }).notNull().default(''),
    ...stamps,
  },
  (t) => [
    index('device_tasks_lane_state_idx').on(t.laneId, t.state, t.id),
    // The 03:00 clean-up fails tasks unacknowledged for 24 h.
    index('device_tasks_open_idx')
      .on(t.createdAt)
      .where(sql`${t.state} in (0, 1)`),
    index('device_tasks_cmp_ref_idx').on(t.cmpId, t.refId),
  ],
);

/**
 * The per-device request window, shared by every app process (at most 20 requests/s per device): one row per lane,
 * WindowSec the current second, Hits the requests counted in it.
 */
export const laneRateWindows = pgTable('lane_rate_windows', {
  laneId: integer('lane_id')
    .primaryKey()
    .references(() => lanes.id),
  cmpId: cmpColumn(),
  windowSec: bigint('window_sec', { mode: 'number' }).notNull(),
  hits: integer('hits').notNull().default(0),
});

/**
 * CardPassRecord: Method 1刷卡 2人脸 3二维码 4远程; Result 1通过 2拒绝. Range-partitioned by month on OccurTime
 * (migration 0011).
 */
export const cardPassRecords = pgTable(
  'card_pass_records',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    laneId: integer('lane_id')
      .notNull()
      .references(() => lanes.id),
    direction: smallint('direction').notNull().default(1),
    method: smallint('method').notNull(),
    cardNo: varchar('card_no', { length: 20 }).notNull().default(''),
    cardId: integer('card_id'),
    residentId: integer('resident_id'),
    personName: varchar('person_name', { length: 30 }).notNull().default(''),
    roomText: varchar('room_text', { length: 100 }).notNull().default(''),
    result: smallint('result').notNull(),
    denyReason: varchar('deny_reason', { length: 50 }).notNull().default(''),
    photoPath: varchar('photo_path', { length: 255 }).notNull().default(''),
    /** 远程开闸's reason. */
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    occurTime: timestamp('occur_time', { withTimezone: true }).notNull(),
    ...stamps,
  },
  (t) => [
    primaryKey({ name: 'card_pass_records_pk', columns: [t.id, t.occurTime] }),
    index('card_pass_records_cmp_time_idx').on(t.cmpId, t.occurTime.desc()),
    index('card_pass_records_cmp_card_time_idx').on(t.cmpId, t.cardNo, t.occurTime),
    index('card_pass_records_lane_time_idx').on(t.laneId, t.occurTime),
    index('card_pass_records_community_idx').on(t.communityId),
  ],
);
