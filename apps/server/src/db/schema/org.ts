import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { communities } from './properties';

const audit = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by'),
};

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  shortName: varchar('short_name', { length: 20 }).notNull().default(''),
  logo: varchar('logo', { length: 255 }).notNull().default(''),
  contact: varchar('contact', { length: 30 }).notNull().default(''),
  contactTel: varchar('contact_tel', { length: 20 }).notNull().default(''),
  address: varchar('address', { length: 100 }).notNull().default(''),
  licenceNo: varchar('licence_no', { length: 18 }).notNull().default(''),
  siteTitle: varchar('site_title', { length: 30 }).notNull().default('邻里智慧物业'),
  intro: varchar('intro', { length: 500 }).notNull().default(''),
  timeZone: varchar('time_zone', { length: 40 }).notNull().default('Asia/Shanghai'),
  state: smallint('state').notNull().default(1),
  /** The seeded demo company: the only one whose demo accounts the change-roles action (spec §4) switches to. */
  isDemo: boolean('is_demo').notNull().default(false),
  ...audit,
});

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    cmpId: integer('cmp_id')
      .notNull()
      .references(() => companies.id),
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 30 }).notNull(),
    type: smallint('type').notNull().default(3),
    leaderId: integer('leader_id'),
    tel: varchar('tel', { length: 20 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...audit,
  },
  (t) => [uniqueIndex('departments_sibling_name_uq').on(t.cmpId, t.parentId, t.name)],
);

export const positions = pgTable(
  'positions',
  {
    id: serial('id').primaryKey(),
    cmpId: integer('cmp_id')
      .notNull()
      .references(() => companies.id),
    name: varchar('name', { length: 30 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    isSystem: boolean('is_system').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('positions_cmp_name_uq').on(t.cmpId, t.name)],
);

/** A position grants a role key (group or screen) and, for screens, a comma list of button keys. */
export const positionRights = pgTable(
  'position_rights',
  {
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    roleKey: varchar('role_key', { length: 40 }).notNull(),
    btn: varchar('btn', { length: 400 }).notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.positionId, t.roleKey] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    cmpId: integer('cmp_id')
      .notNull()
      .references(() => companies.id),
    account: varchar('account', { length: 20 }).notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull().default(''),
    email: varchar('email', { length: 60 }).notNull().default(''),
    gender: smallint('gender').notNull().default(0),
    logo: varchar('logo', { length: 255 }).notNull().default(''),
    dptId: integer('dpt_id').references(() => departments.id),
    pwdHash: text('pwd_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    allCommunity: boolean('all_community').notNull().default(false),
    state: smallint('state').notNull().default(1),
    isDel: boolean('is_del').notNull().default(false),
    failCount: integer('fail_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 64 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...audit,
  },
  (t) => [
    // Login names carry no company, so an account is unique across the whole system (stored lower-cased).
    uniqueIndex('users_account_uq').on(t.account),
    // Phone login finds the person by phone: unique among live accounts.
    uniqueIndex('users_phone_live_uq')
      .on(t.phone)
      .where(sql`${t.isDel} = false and ${t.phone} <> ''`),
    index('users_cmp_idx').on(t.cmpId),
    index('users_dpt_idx').on(t.dptId),
  ],
);

export const userPositions = pgTable(
  'user_positions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.positionId] }), index('user_positions_position_idx').on(t.positionId)],
);

/** The communities a staff member serves when AllCommunity is off (data scope, core/scope.ts). */
export const userCommunities = pgTable(
  'user_communities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.communityId] }),
    index('user_communities_community_idx').on(t.communityId),
  ],
);

/** 员工档案: the HR file of a person; linked to at most one staff account through user_id. */
export const employeeArchives = pgTable(
  'employee_archives',
  {
    id: serial('id').primaryKey(),
    cmpId: integer('cmp_id')
      .notNull()
      .references(() => companies.id),
    employeeNo: varchar('employee_no', { length: 20 }).notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    /** 1 男, 2 女. */
    gender: smallint('gender').notNull(),
    idCard: varchar('id_card', { length: 18 }).notNull().default(''),
    birthDate: date('birth_date', { mode: 'string' }),
    phone: varchar('phone', { length: 11 }).notNull().default(''),
    nation: varchar('nation', { length: 20 }).notNull().default(''),
    nativePlace: varchar('native_place', { length: 50 }).notNull().default(''),
    education: varchar('education', { length: 10 }).notNull().default(''),
    school: varchar('school', { length: 50 }).notNull().default(''),
    major: varchar('major', { length: 50 }).notNull().default(''),
    address: varchar('address', { length: 100 }).notNull().default(''),
    photo: varchar('photo', { length: 255 }).notNull().default(''),
    dptId: integer('dpt_id').references(() => departments.id),
    jobTitle: varchar('job_title', { length: 30 }).notNull().default(''),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    probationEnd: date('probation_end', { mode: 'string' }),
    contractType: varchar('contract_type', { length: 10 }).notNull().default(''),
    contractStart: date('contract_start', { mode: 'string' }),
    contractEnd: date('contract_end', { mode: 'string' }),
    emergencyName: varchar('emergency_name', { length: 20 }).notNull().default(''),
    emergencyRelation: varchar('emergency_relation', { length: 20 }).notNull().default(''),
    emergencyPhone: varchar('emergency_phone', { length: 20 }).notNull().default(''),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    /** 1 在职, 2 离职. */
    status: smallint('status').notNull().default(1),
    leaveDate: date('leave_date', { mode: 'string' }),
    leaveReason: varchar('leave_reason', { length: 200 }).notNull().default(''),
    userId: integer('user_id').references(() => users.id),
    ...audit,
  },
  (t) => [
    uniqueIndex('employee_archives_no_uq').on(t.cmpId, t.employeeNo),
    // One 在职 file per person (ID card) in a company; a rehire after 离职 gets the same number back.
    uniqueIndex('employee_archives_idcard_live_uq')
      .on(t.cmpId, t.idCard)
      .where(sql`${t.status} = 1 and ${t.idCard} <> ''`),
    uniqueIndex('employee_archives_user_uq').on(t.userId),
    index('employee_archives_dpt_idx').on(t.dptId),
    index('employee_archives_contract_idx').on(t.cmpId, t.contractEnd),
  ],
);

export const archiveFiles = pgTable(
  'archive_files',
  {
    id: serial('id').primaryKey(),
    cmpId: integer('cmp_id')
      .notNull()
      .references(() => companies.id),
    archiveId: integer('archive_id')
      .notNull()
      .references(() => employeeArchives.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    filePath: varchar('file_path', { length: 255 }).notNull(),
    size: integer('size').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [index('archive_files_archive_idx').on(t.archiveId), index('archive_files_cmp_idx').on(t.cmpId)],
);
