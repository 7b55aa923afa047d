import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './org';
import { communities, rooms } from './properties';
import { residents } from './residents';
import { cmpColumn, stamps } from './columns';

export interface HandoverSlot {
  Start: string;
  End: string;
  Capacity: number;
}

/** 时段设置, one per community. Weekdays 1 (Mon) … 7 (Sun). */
export const handoverConfigs = pgTable(
  'handover_configs',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    slots: jsonb('slots').$type<HandoverSlot[]>().notNull().default([]),
    closedDates: jsonb('closed_dates').$type<string[]>().notNull().default([]),
    leadDays: smallint('lead_days').notNull().default(1),
    maxDaysAhead: smallint('max_days_ahead').notNull().default(30),
    inspectItems: jsonb('inspect_items').$type<string[]>().notNull().default([]),
    keyItems: jsonb('key_items').$type<{ Name: string; Qty: number }[]>().notNull().default([]),
    ...stamps,
  },
  (t) => [
    uniqueIndex('handover_configs_community_uq').on(t.communityId),
    index('handover_configs_cmp_idx').on(t.cmpId),
  ],
);

/**
 * Status 1待确认 2已确认 3已签到 4验房中 5已交房 6待整改 7已拒绝 8已取消 9未到场; Source 1业主APP 2后台代约.
 * A room has at most one appointment in 1–4 (the partial unique index).
 */
export const handoverAppointments = pgTable(
  'handover_appointments',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    apptNo: varchar('appt_no', { length: 20 }).notNull(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    residentId: integer('resident_id').references(() => residents.id),
    contactName: varchar('contact_name', { length: 30 }).notNull().default(''),
    contactMobile: varchar('contact_mobile', { length: 20 }).notNull().default(''),
    apptDate: date('appt_date', { mode: 'string' }).notNull(),
    slotStart: varchar('slot_start', { length: 5 }).notNull(),
    slotEnd: varchar('slot_end', { length: 5 }).notNull(),
    source: smallint('source').notNull().default(2),
    status: smallint('status').notNull().default(2),
    receptionUserId: integer('reception_user_id').references(() => users.id),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    parentId: integer('parent_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    inspectAt: timestamp('inspect_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('handover_appointments_no_uq').on(t.cmpId, t.apptNo),
    index('handover_appointments_slot_idx').on(t.communityId, t.apptDate, t.slotStart),
    index('handover_appointments_room_idx').on(t.roomId),
    uniqueIndex('handover_appointments_active_room_uq')
      .on(t.roomId)
      .where(sql`${t.status} in (1, 2, 3, 4)`),
    index('handover_appointments_resident_idx').on(t.residentId),
    index('handover_appointments_reception_idx').on(t.receptionUserId),
    index('handover_appointments_parent_idx').on(t.parentId),
  ],
);

export const handoverRecords = pgTable(
  'handover_records',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => handoverAppointments.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    inspectResults: jsonb('inspect_results').$type<unknown[]>().notNull().default([]),
    keys: jsonb('keys').$type<unknown[]>().notNull().default([]),
    meterReadings: jsonb('meter_readings').$type<unknown[]>().notNull().default([]),
    signatureImg: varchar('signature_img', { length: 255 }).notNull().default(''),
    ownerSigned: boolean('owner_signed').notNull().default(false),
    roomStatusAfter: smallint('room_status_after').notNull(),
    handoverDate: date('handover_date', { mode: 'string' }).notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('handover_records_appointment_uq').on(t.appointmentId),
    index('handover_records_room_idx').on(t.roomId),
    index('handover_records_cmp_idx').on(t.cmpId),
  ],
);
