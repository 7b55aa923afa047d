import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { communities, rooms } from './properties';
import { cmpColumn, stamps } from './columns';

/** Meter (properties.md): type 1水 2电 3燃气; status 1正常 0停用. Readings and prices belong to fees. */
export const meters = pgTable(
  'meters',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    roomId: integer('room_id').references(() => rooms.id),
    meterType: smallint('meter_type').notNull(),
    meterNo: varchar('meter_no', { length: 30 }).notNull(),
    multiplier: numeric('multiplier', { precision: 8, scale: 2 }).notNull().default('1.00'),
    initialReading: numeric('initial_reading', { precision: 12, scale: 2 }).notNull().default('0'),
    lastReading: numeric('last_reading', { precision: 12, scale: 2 }).notNull().default('0'),
    lastReadTime: timestamp('last_read_time', { withTimezone: true }),
    isPrepaid: boolean('is_prepaid').notNull().default(false),
    deviceSn: varchar('device_sn', { length: 50 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    ...stamps,
  },
  (t) => [
    uniqueIndex('meters_cmp_type_no_uq').on(t.cmpId, t.meterType, t.meterNo),
    index('meters_community_idx').on(t.communityId, t.meterType),
    index('meters_room_idx').on(t.roomId),
  ],
);

/** Action 1绑定 2解绑, with the reading at that moment. */
export const meterBindLogs = pgTable(
  'meter_bind_logs',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    action: smallint('action').notNull(),
    reading: numeric('reading', { precision: 12, scale: 2 }).notNull().default('0'),
    ...stamps,
  },
  (t) => [
    index('meter_bind_logs_meter_idx').on(t.meterId),
    index('meter_bind_logs_room_idx').on(t.roomId),
    index('meter_bind_logs_cmp_idx').on(t.cmpId),
  ],
);
