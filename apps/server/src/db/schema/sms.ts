import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { residents } from './residents';

/**
 * SMS (domain/sms-attendance.md "Entities"). The balance counts 条 (charged parts), never money: it only changes
 * under a row lock of the account, with a balance-log row per change.
 */
export const smsAccounts = pgTable(
  'sms_accounts',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    balance: integer('balance').notNull().default(0),
    unitPrice: numeric('unit_price', { precision: 10, scale: 4 }).notNull().default('0.0800'),
    /** The day the low-balance warning last went out (once a day). */
    warnedOn: varchar('warned_on', { length: 10 }).notNull().default(''),
    ...stamps,
  },
  (t) => [uniqueIndex('sms_accounts_cmp_uq').on(t.cmpId), check('sms_accounts_balance_ck', sql`${t.balance} >= 0`)],
);

/** Kind 1充值 2发送扣减 3失败退回 4取消退回 5差额退回; Delta signed, Balance after. */
export const smsBalanceLogs = pgTable(
  'sms_balance_logs',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    kind: smallint('kind').notNull(),
    delta: integer('delta').notNull(),
    balance: integer('balance').notNull(),
    /** 'batch' | 'record' | 'recharge'. */
    refType: varchar('ref_type', { length: 10 }).notNull(),
    refId: integer('ref_id').notNull(),
    refNo: varchar('ref_no', { length: 30 }).notNull().default(''),
    ...stamps,
  },
  (t) => [
    index('sms_balance_logs_cmp_idx').on(t.cmpId, t.createdAt),
    index('sms_balance_logs_ref_idx').on(t.refType, t.refId),
  ],
);

/** Package 1–4, PayMethod 1对公转账 2微信 3支付宝, State 1待支付 2已支付 3已取消. */
export const smsRecharges = pgTable(
  'sms_recharges',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    orderNo: varchar('order_no', { length: 30 }).notNull(),
    package: smallint('package').notNull(),
    count: integer('count').notNull(),
    payMoney: numeric('pay_money', { precision: 14, scale: 2 }).notNull(),
    payMethod: smallint('pay_method').notNull(),
    state: smallint('state').notNull().default(1),
    payRef: varchar('pay_ref', { length: 64 }).notNull().default(''),
    confirmerId: integer('confirmer_id').references(() => users.id),
    confirmTime: timestamp('confirm_time', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('sms_recharges_order_uq').on(t.orderNo),
    index('sms_recharges_cmp_idx').on(t.cmpId, t.createdAt),
    index('sms_recharges_confirmer_idx').on(t.confirmerId),
  ],
);

/** State 1待审核 2已通过 3已驳回 (set by hand after the provider's review). Name without 【】. */
export const smsSigns = pgTable(
  'sms_signs',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    name: varchar('name', { length: 12 }).notNull(),
    state: smallint('state').notNull().default(1),
    ...stamps,
  },
  (t) => [uniqueIndex('sms_signs_cmp_name_uq').on(t.cmpId, t.name)],
);

/** Kind 1通知 2催缴 3营销; State as signs. */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    name: varchar('name', { length: 30 }).notNull(),
    kind: smallint('kind').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    providerCode: varchar('provider_code', { length: 40 }).notNull().default(''),
    state: smallint('state').notNull().default(1),
    ...stamps,
  },
  (t) => [uniqueIndex('sms_templates_cmp_name_uq').on(t.cmpId, t.name)],
);

/** The company's channel: Kind 1阿里云 2腾讯云 3日志通道. One row per company (the active one). */
export const smsProviders = pgTable(
  'sms_providers',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    kind: smallint('kind').notNull().default(3),
    key: varchar('key', { length: 100 }).notNull().default(''),
    /** AES-256-GCM of the secret (core of sms-secret.ts); never answered. */
    secretEnc: varchar('secret_enc', { length: 400 }).notNull().default(''),
    appId: varchar('app_id', { length: 40 }).notNull().default(''),
    callbackToken: varchar('callback_token', { length: 64 }).notNull().default(''),
    active: boolean('active').notNull().default(true),
    ...stamps,
  },
  (t) => [
    uniqueIndex('sms_providers_active_uq')
      .on(t.cmpId)
      .where(sql`${t.active}`),
  ],
);

/** State 1待发送 2发送中 3已完成 4已取消. Segments = 条 charged so far (net of the difference refund). */
export const smsBatches = pgTable(
  'sms_batches',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    batchNo: varchar('batch_no', { length: 30 }).notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => smsTemplates.id),
    signId: integer('sign_id')
      .notNull()
      .references(() => smsSigns.id),
    target: jsonb('target').$type<unknown>().notNull(),
    vars: jsonb('vars').$type<Record<string, string>>().notNull().default({}),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    total: integer('total').notNull().default(0),
    segments: integer('segments').notNull().default(0),
    success: integer('success').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    state: smallint('state').notNull().default(1),
    /** When its records were written (the expansion runs once). */
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('sms_batches_no_uq').on(t.batchNo),
    index('sms_batches_cmp_idx').on(t.cmpId, t.createdAt),
    index('sms_batches_due_idx').on(t.state, t.sendAt),
    index('sms_batches_template_idx').on(t.templateId),
    index('sms_batches_sign_idx').on(t.signId),
  ],
);

/** Source 1群发 2快递通知 3合同催收 4欠费催缴 5测试 6月卡到期; State 1发送中 2成功 3失败. */
export const smsRecords = pgTable(
  'sms_records',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    batchId: integer('batch_id').references(() => smsBatches.id),
    source: smallint('source').notNull(),
    sourceId: integer('source_id'),
    phone: varchar('phone', { length: 20 }).notNull(),
    residentId: integer('resident_id').references(() => residents.id),
    name: varchar('name', { length: 30 }).notNull().default(''),
    /** The signed text as it goes out (【签名】内容). */
    content: varchar('content', { length: 1000 }).notNull(),
    segments: smallint('segments').notNull(),
    /** Whether its segments were charged (a record over the balance at expansion fails uncharged). */
    charged: boolean('charged').notNull().default(true),
    state: smallint('state').notNull().default(1),
    failReason: varchar('fail_reason', { length: 100 }).notNull().default(''),
    provider: varchar('provider', { length: 20 }).notNull().default(''),
    bizId: varchar('biz_id', { length: 64 }).notNull().default(''),
    /** Handed to the provider; null while queued. */
    sendTime: timestamp('send_time', { withTimezone: true }),
    reportTime: timestamp('report_time', { withTimezone: true }),
    /** The record a 重发 copied. */
    resendOf: integer('resend_of'),
    ...stamps,
  },
  (t) => [
    index('sms_records_cmp_time_idx').on(t.cmpId, t.createdAt),
    index('sms_records_cmp_phone_idx').on(t.cmpId, t.phone),
    index('sms_records_batch_idx').on(t.batchId, t.id),
    index('sms_records_biz_idx').on(t.provider, t.bizId),
    index('sms_records_resident_idx').on(t.residentId),
    index('sms_records_pending_idx')
      .on(t.sendTime)
      .where(sql`${t.state} = 1`),
  ],
);
