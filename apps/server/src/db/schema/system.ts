import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, users } from './org';

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cmpId: integer('cmp_id')
      .notNull()
      .references(() => companies.id),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    way: varchar('way', { length: 10 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_cmp_idx').on(t.cmpId)],
);

export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 11 }).notNull(),
    purpose: varchar('purpose', { length: 10 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    tries: integer('tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * Sign-in attempts per account name or phone, across server processes: the per-account rate window, and the
 * failure count and lock of names that have no live account (a real account keeps its own in users), so an unknown
 * name answers and locks exactly like a known one. No company: the name may belong to none.
 */
export const signInGuards = pgTable(
  'sign_in_guards',
  {
    key: varchar('key', { length: 80 }).primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    failCount: integer('fail_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('sign_in_guards_window_idx').on(t.windowStart)],
);

/** Every SMS the product sends; the default provider only writes here and to the log. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    cmpId: integer('cmp_id').references(() => companies.id),
    phone: varchar('phone', { length: 11 }).notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    state: smallint('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_cmp_idx').on(t.cmpId), index('sms_outbox_phone_idx').on(t.phone)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    cmpId: integer('cmp_id').references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    action: varchar('action', { length: 40 }).notNull(),
    entity: varchar('entity', { length: 40 }).notNull().default(''),
    entityId: integer('entity_id'),
    detail: jsonb('detail'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_cmp_idx').on(t.cmpId, t.createdAt),
    index('audit_log_user_idx').on(t.userId, t.action, t.createdAt),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    cmpId: integer('cmp_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    storedPath: varchar('stored_path', { length: 255 }).notNull().unique(),
    mime: varchar('mime', { length: 80 }).notNull(),
    size: integer('size').notNull(),
    /** 'image' | 'document' (Img/PostFiles tp 2/3). */
    kind: varchar('kind', { length: 20 }).notNull().default('image'),
    /** The row that uses the file, once a save referenced it (core/upload-refs.ts). */
    refTable: varchar('ref_table', { length: 40 }).notNull().default(''),
    refId: integer('ref_id'),
    /** Set when the record using it is deleted: the file is no longer served. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_cmp_idx').on(t.cmpId),
    index('uploads_user_idx').on(t.userId),
    index('uploads_ref_idx').on(t.refTable, t.refId),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    cmpId: integer('cmp_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contents: varchar('contents', { length: 300 }).notNull(),
    images: jsonb('images').$type<{ ImgName: string; ImgPath: string }[]>().notNull().default([]),
    state: smallint('state').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_cmp_idx').on(t.cmpId), index('feedback_user_idx').on(t.userId)],
);

/** Reminders and notices for one staff member (spec §4 MsgType table). */
export const sysMessages = pgTable(
  'sys_messages',
  {
    id: serial('id').primaryKey(),
    cmpId: integer('cmp_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull().default(''),
    msgType: integer('msg_type').notNull(),
    sourceId: integer('source_id').notNull().default(0),
    isRead: boolean('is_read').notNull().default(false),
    isIgnored: boolean('is_ignored').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sys_messages_user_idx').on(t.userId, t.isRead, t.createdAt),
    index('sys_messages_cmp_idx').on(t.cmpId),
  ],
);

export const userCustom = pgTable('user_custom', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prefs: jsonb('prefs').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userOftenFuncs = pgTable(
  'user_often_funcs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 120 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('user_often_funcs_user_idx').on(t.userId, t.sort)],
);

export type SessionRow = typeof sessions.$inferSelect;

/** Platform-wide announcements (系统通知): written by the platform, read by every company's staff. */
export const sysNotices = pgTable('sys_notices', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  content: text('content').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sysNoticeReads = pgTable(
  'sys_notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => sysNotices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('sys_notice_reads_user_idx').on(t.userId)],
);
