import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { cmpColumn, stamps } from './columns';
import { users } from './org';

/** Attendance (sms-attendance.md "Entities"): shifts, groups and their rules, raw punches, leaves, computed days. */

export const attShifts = pgTable(
  'att_shifts',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    name: varchar('name', { length: 20 }).notNull(),
    /** 'HH:mm' in the company's zone; an end at or before the start is the next day (跨天). */
    workStart: varchar('work_start', { length: 5 }).notNull(),
    workEnd: varchar('work_end', { length: 5 }).notNull(),
    crossDay: boolean('cross_day').notNull().default(false),
    restStart: varchar('rest_start', { length: 5 }).notNull().default(''),
    restEnd: varchar('rest_end', { length: 5 }).notNull().default(''),
    onBefore: smallint('on_before').notNull().default(120),
    offAfter: smallint('off_after').notNull().default(240),
    lateGrace: smallint('late_grace').notNull().default(5),
    earlyGrace: smallint('early_grace').notNull().default(0),
    missAfter: smallint('miss_after').notNull().default(120),
    ...stamps,
  },
  (t) => [uniqueIndex('att_shifts_name_uq').on(t.cmpId, t.name)],
);

export const attGroups = pgTable(
  'att_groups',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    name: varchar('name', { length: 30 }).notNull(),
    /** 1 固定班制, 2 排班制. */
    kind: smallint('kind').notNull(),
    shiftId: integer('shift_id').references(() => attShifts.id),
    /** '1,2,3,4,5' (1 = Monday). */
    workDays: varchar('work_days', { length: 20 }).notNull().default(''),
    useHolidays: boolean('use_holidays').notNull().default(true),
    allowOutside: boolean('allow_outside').notNull().default(false),
    leaderId: integer('leader_id').references(() => users.id),
    ...stamps,
  },
  (t) => [
    uniqueIndex('att_groups_name_uq').on(t.cmpId, t.name),
    index('att_groups_shift_idx').on(t.shiftId),
    index('att_groups_leader_idx').on(t.leaderId),
  ],
);

/** The shifts a 排班制 group may roster. */
export const attGroupShifts = pgTable(
  'att_group_shifts',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    groupId: integer('group_id')
      .notNull()
      .references(() => attGroups.id),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => attShifts.id),
    ...stamps,
  },
  (t) => [
    uniqueIndex('att_group_shifts_uq').on(t.groupId, t.shiftId),
    index('att_group_shifts_shift_idx').on(t.shiftId),
  ],
);

export const attGroupMembers = pgTable(
  'att_group_members',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    groupId: integer('group_id')
      .notNull()
      .references(() => attGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ...stamps,
  },
  (t) => [uniqueIndex('att_group_members_user_uq').on(t.userId), index('att_group_members_group_idx').on(t.groupId)],
);

export const attPlaces = pgTable(
  'att_places',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    groupId: integer('group_id')
      .notNull()
      .references(() => attGroups.id),
    name: varchar('name', { length: 30 }).notNull(),
    address: varchar('address', { length: 100 }).notNull().default(''),
    lng: numeric('lng', { precision: 10, scale: 6 }).notNull(),
    lat: numeric('lat', { precision: 10, scale: 6 }).notNull(),
    radius: integer('radius').notNull().default(300),
    ...stamps,
  },
  (t) => [index('att_places_group_idx').on(t.groupId)],
);

export const attWifis = pgTable(
  'att_wifis',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    groupId: integer('group_id')
      .notNull()
      .references(() => attGroups.id),
    ssid: varchar('ssid', { length: 32 }).notNull(),
    bssid: varchar('bssid', { length: 17 }).notNull().default(''),
    ...stamps,
  },
  (t) => [index('att_wifis_group_idx').on(t.groupId)],
);

/** A 排班制 member's shift on a day; shift null = 休息. */
export const attRoster = pgTable(
  'att_roster',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    groupId: integer('group_id')
      .notNull()
      .references(() => attGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    shiftId: integer('shift_id').references(() => attShifts.id),
    ...stamps,
  },
  (t) => [
    uniqueIndex('att_roster_user_day_uq').on(t.userId, t.day),
    index('att_roster_group_day_idx').on(t.groupId, t.day),
    index('att_roster_shift_idx').on(t.shiftId),
  ],
);

export const attHolidays = pgTable(
  'att_holidays',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 1 休, 2 班 (a make-up workday). */
    kind: smallint('kind').notNull(),
    name: varchar('name', { length: 20 }).notNull().default(''),
    ...stamps,
  },
  (t) => [uniqueIndex('att_holidays_day_uq').on(t.cmpId, t.day)],
);

/** A raw punch: never edited; only a 补卡 may be deleted. */
export const attPunchLogs = pgTable(
  'att_punch_logs',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    punchTime: timestamp('punch_time', { withTimezone: true }).notNull(),
    /** 1 APP, 2 考勤机, 3 补卡, 4 导入. */
    source: smallint('source').notNull(),
    lng: numeric('lng', { precision: 10, scale: 6 }),
    lat: numeric('lat', { precision: 10, scale: 6 }),
    ssid: varchar('ssid', { length: 32 }).notNull().default(''),
    bssid: varchar('bssid', { length: 17 }).notNull().default(''),
    placeName: varchar('place_name', { length: 40 }).notNull().default(''),
    outside: boolean('outside').notNull().default(false),
    photoPath: varchar('photo_path', { length: 255 }).notNull().default(''),
    deviceSn: varchar('device_sn', { length: 50 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    makeUp: boolean('make_up').notNull().default(false),
    /** A 补卡 names the punch it stands for: 1 上班, 2 下班 (0 otherwise). */
    kind: smallint('kind').notNull().default(0),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('att_punch_logs_user_time_uq').on(t.userId, t.punchTime),
    index('att_punch_logs_cmp_time_idx').on(t.cmpId, t.punchTime),
  ],
);

export const attLeaves = pgTable(
  'att_leaves',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 1 事假 … 7 其他. */
    kind: smallint('kind').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    hours: numeric('hours', { precision: 8, scale: 2 }).notNull().default('0'),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    ...stamps,
  },
  (t) => [index('att_leaves_user_time_idx').on(t.userId, t.startTime), index('att_leaves_cmp_idx').on(t.cmpId)],
);

/**
 * A computed day of a group member whose rule gives a shift (one per user and day). The states are punch State
 * codes; minutes are whole minutes; leave and absent days are halves.
 */
export const attDays = pgTable(
  'att_days',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** The group the day was computed with; kept when the group is deleted later (no foreign key). */
    groupId: integer('group_id').notNull(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => attShifts.id),
    due: boolean('due').notNull().default(true),
    dueOn: timestamp('due_on', { withTimezone: true }).notNull(),
    dueOff: timestamp('due_off', { withTimezone: true }).notNull(),
    onTime: timestamp('on_time', { withTimezone: true }),
    onPunchId: integer('on_punch_id'),
    onState: smallint('on_state').notNull(),
    lateMinutes: integer('late_minutes').notNull().default(0),
    onOutside: boolean('on_outside').notNull().default(false),
    onSource: smallint('on_source').notNull().default(0),
    onMakeUp: boolean('on_make_up').notNull().default(false),
    offTime: timestamp('off_time', { withTimezone: true }),
    offPunchId: integer('off_punch_id'),
    offState: smallint('off_state').notNull(),
    earlyMinutes: integer('early_minutes').notNull().default(0),
    offOutside: boolean('off_outside').notNull().default(false),
    offSource: smallint('off_source').notNull().default(0),
    offMakeUp: boolean('off_make_up').notNull().default(false),
    present: boolean('present').notNull().default(false),
    leaveDays: numeric('leave_days', { precision: 3, scale: 1 }).notNull().default('0'),
    /** {"1": 0.5, …}: leave days per leave Kind. */
    leaveDetail: jsonb('leave_detail').$type<Record<string, number>>().notNull().default({}),
    absentDays: numeric('absent_days', { precision: 3, scale: 1 }).notNull().default('0'),
    final: boolean('final').notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex('att_days_user_day_uq').on(t.userId, t.day),
    index('att_days_cmp_day_idx').on(t.cmpId, t.day),
    index('att_days_group_idx').on(t.groupId),
    index('att_days_shift_idx').on(t.shiftId),
  ],
);
