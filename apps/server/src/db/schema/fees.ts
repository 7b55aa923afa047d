import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { meters } from './meters';
import { users } from './org';
import { buildings, communities, rooms } from './properties';
import { cmpColumn, stamps } from './columns';

/**
 * Fee collection (domain/fees.md "Entities"). Money is numeric(14,2), unit prices numeric(12,4); codes are the
 * shared package's fee enums (packages/shared/src/api/fee-enums.ts). Payers of type 2/3 (parking spaces, vehicles)
 * and 4 (ad rentals) live in other modules' tables, so PayerId is a plain integer without a foreign key.
 */

const money = (name: string) => numeric(name, { precision: 14, scale: 2 }).notNull().default('0');
const tsz = (name: string) => timestamp(name, { withTimezone: true });
const day = (name: string) => date(name, { mode: 'string' });

export interface FeeTier {
  /** Cumulative upper bound of the band; null on the last band (no upper bound). */
  UpTo: string | null;
  UnitPrice: string;
}

export const feeItems = pgTable(
  'fee_items',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    itemName: varchar('item_name', { length: 30 }).notNull(),
    category: smallint('category').notNull(),
    kind: smallint('kind').notNull(),
    payerType: smallint('payer_type').notNull().default(1),
    isEnabled: boolean('is_enabled').notNull().default(true),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('fee_items_cmp_name_uq').on(t.cmpId, t.itemName),
    check('fee_items_category_ck', sql`${t.category} between 1 and 11`),
    check('fee_items_kind_ck', sql`${t.kind} between 1 and 4`),
    check('fee_items_payer_type_ck', sql`${t.payerType} between 1 and 5`),
  ],
);

export const feeStandards = pgTable(
  'fee_standards',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    itemId: integer('item_id')
      .notNull()
      .references(() => feeItems.id),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    standardName: varchar('standard_name', { length: 30 }).notNull(),
    priceMethod: smallint('price_method').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 4 }).notNull().default('0'),
    fixedMoney: money('fixed_money'),
    tiers: jsonb('tiers').$type<FeeTier[]>().notNull().default([]),
    formula: varchar('formula', { length: 200 }).notNull().default(''),
    cycleMonths: smallint('cycle_months').notNull().default(1),
    chargeMode: smallint('charge_mode').notNull().default(1),
    billDay: smallint('bill_day').notNull().default(1),
    dueDays: smallint('due_days').notNull().default(15),
    prorateFirst: boolean('prorate_first').notNull().default(false),
    graceDays: smallint('grace_days').notNull().default(0),
    lateFeeRate: numeric('late_fee_rate', { precision: 8, scale: 4 }).notNull().default('0'),
    lateFeeUnit: smallint('late_fee_unit').notNull().default(1),
    lateFeeCapMoney: money('late_fee_cap_money'),
    decimals: smallint('decimals').notNull().default(2),
    roundMode: smallint('round_mode').notNull().default(1),
    autoDeduct: boolean('auto_deduct').notNull().default(false),
    autoGenerate: boolean('auto_generate').notNull().default(false),
    autoBindOnHandover: boolean('auto_bind_on_handover').notNull().default(false),
    isEnabled: boolean('is_enabled').notNull().default(true),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('fee_standards_name_uq').on(t.cmpId, t.communityId, t.itemId, t.standardName),
    index('fee_standards_item_idx').on(t.itemId),
    index('fee_standards_community_idx').on(t.communityId),
    check('fee_standards_price_method_ck', sql`${t.priceMethod} between 1 and 6`),
    check('fee_standards_unit_price_ck', sql`${t.unitPrice} >= 0`),
    check('fee_standards_fixed_money_ck', sql`${t.fixedMoney} >= 0`),
    check('fee_standards_cycle_ck', sql`${t.cycleMonths} in (1, 2, 3, 6, 12)`),
    check('fee_standards_charge_mode_ck', sql`${t.chargeMode} in (1, 2)`),
    check('fee_standards_bill_day_ck', sql`${t.billDay} between 1 and 28`),
    check('fee_standards_due_days_ck', sql`${t.dueDays} between 0 and 365`),
    check('fee_standards_grace_days_ck', sql`${t.graceDays} between 0 and 365`),
    check('fee_standards_late_fee_ck', sql`${t.lateFeeRate} >= 0 and ${t.lateFeeCapMoney} >= 0`),
    check('fee_standards_late_fee_unit_ck', sql`${t.lateFeeUnit} in (1, 2)`),
    check('fee_standards_decimals_ck', sql`${t.decimals} between 0 and 2`),
    check('fee_standards_round_mode_ck', sql`${t.roundMode} between 1 and 3`),
  ],
);

export const feeBindings = pgTable(
  'fee_bindings',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    standardId: integer('standard_id')
      .notNull()
      .references(() => feeStandards.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => feeItems.id),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    buildingId: integer('building_id').references(() => buildings.id),
    payerType: smallint('payer_type').notNull(),
    payerId: integer('payer_id').notNull(),
    roomId: integer('room_id').references(() => rooms.id),
    startDate: day('start_date').notNull(),
    endDate: day('end_date'),
    state: smallint('state').notNull().default(1),
    ...stamps,
  },
  (t) => [
    // One active standard per item per payer.
    uniqueIndex('fee_bindings_active_uq')
      .on(t.cmpId, t.itemId, t.payerType, t.payerId)
      .where(sql`${t.state} = 1`),
    index('fee_bindings_standard_idx').on(t.standardId, t.state, t.buildingId),
    index('fee_bindings_item_idx').on(t.itemId),
    index('fee_bindings_scope_idx').on(t.cmpId, t.communityId, t.buildingId),
    index('fee_bindings_building_idx').on(t.buildingId),
    index('fee_bindings_room_idx').on(t.roomId),
    check('fee_bindings_payer_type_ck', sql`${t.payerType} between 1 and 5`),
    check('fee_bindings_state_ck', sql`${t.state} in (1, 2)`),
    check('fee_bindings_dates_ck', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const feeBillRuns = pgTable(
  'fee_bill_runs',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    standardIds: jsonb('standard_ids').$type<number[]>().notNull().default([]),
    periodFrom: varchar('period_from', { length: 7 }).notNull(),
    periodTo: varchar('period_to', { length: 7 }).notNull(),
    /** 1 批量出账 2 自动出账 (FeeBill.Source of its bills). */
    source: smallint('source').notNull().default(1),
    state: smallint('state').notNull().default(1),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    amountMoney: money('amount_money'),
    error: varchar('error', { length: 500 }).notNull().default(''),
    finishedAt: tsz('finished_at'),
    ...stamps,
  },
  (t) => [
    index('fee_bill_runs_scope_idx').on(t.cmpId, t.communityId, t.createdAt),
    index('fee_bill_runs_community_idx').on(t.communityId),
    check('fee_bill_runs_state_ck', sql`${t.state} between 1 and 5`),
    check('fee_bill_runs_counts_ck', sql`${t.done} <= ${t.total}`),
  ],
);

/** 'T' + this sequence is the Period of a one-off bill (临时收费, 押金), so each is its own key. */
export const feeTempPeriodSeq = pgSequence('fee_temp_period_seq');

export const feeBills = pgTable(
  'fee_bills',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    buildingId: integer('building_id').references(() => buildings.id),
    roomId: integer('room_id').references(() => rooms.id),
    payerType: smallint('payer_type').notNull(),
    payerId: integer('payer_id').notNull(),
    payerName: varchar('payer_name', { length: 80 }).notNull().default(''),
    itemId: integer('item_id')
      .notNull()
      .references(() => feeItems.id),
    standardId: integer('standard_id')
      .notNull()
      .references(() => feeStandards.id),
    period: varchar('period', { length: 20 }).notNull(),
    periodStart: day('period_start').notNull(),
    periodEnd: day('period_end').notNull(),
    billDate: day('bill_date').notNull(),
    dueDate: day('due_date').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 4 }).notNull().default('0'),
    unitPrice: numeric('unit_price', { precision: 12, scale: 4 }).notNull().default('0'),
    amountMoney: money('amount_money'),
    discountMoney: money('discount_money'),
    paidMoney: money('paid_money'),
    lateFeePaidMoney: money('late_fee_paid_money'),
    /** The late fee runs from max(DueDate + GraceDays, LateFeeFrom): a waiver or a partial payment moves it. */
    lateFeeFrom: day('late_fee_from'),
    state: smallint('state').notNull().default(1),
    runId: integer('run_id').references(() => feeBillRuns.id),
    source: smallint('source').notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('fee_bills_key_uq').on(t.cmpId, t.payerType, t.payerId, t.standardId, t.period),
    index('fee_bills_scope_idx').on(t.cmpId, t.communityId, t.state, t.dueDate),
    index('fee_bills_room_idx').on(t.roomId, t.state),
    index('fee_bills_payer_idx').on(t.cmpId, t.payerType, t.payerId, t.state),
    index('fee_bills_building_idx').on(t.buildingId),
    index('fee_bills_item_idx').on(t.itemId),
    index('fee_bills_standard_idx').on(t.standardId, t.period),
    index('fee_bills_run_idx').on(t.runId),
    check('fee_bills_payer_type_ck', sql`${t.payerType} between 1 and 5`),
    check('fee_bills_state_ck', sql`${t.state} between 1 and 4`),
    check('fee_bills_source_ck', sql`${t.source} between 1 and 5`),
    check(
      'fee_bills_money_ck',
      sql`${t.amountMoney} >= 0 and ${t.discountMoney} >= 0 and ${t.paidMoney} >= 0 and ${t.lateFeePaidMoney} >= 0`,
    ),
    check('fee_bills_settled_ck', sql`${t.discountMoney} + ${t.paidMoney} <= ${t.amountMoney}`),
    check('fee_bills_dates_ck', sql`${t.periodEnd} >= ${t.periodStart} and ${t.dueDate} >= ${t.billDate}`),
  ],
);

export const feePayments = pgTable(
  'fee_payments',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id').references(() => communities.id),
    receiptNo: varchar('receipt_no', { length: 20 }).notNull(),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    roomId: integer('room_id').references(() => rooms.id),
    payerType: smallint('payer_type').notNull().default(1),
    payerId: integer('payer_id').notNull().default(0),
    payerName: varchar('payer_name', { length: 80 }).notNull().default(''),
    payTime: tsz('pay_time').notNull(),
    /** null = 系统 (auto-deduct). */
    cashierId: integer('cashier_id').references(() => users.id),
    source: smallint('source').notNull(),
    dueMoney: money('due_money'),
    discountMoney: money('discount_money'),
    lateFeeMoney: money('late_fee_money'),
    prepaidUsedMoney: money('prepaid_used_money'),
    paidMoney: money('paid_money'),
    tenderedMoney: money('tendered_money'),
    changeMoney: money('change_money'),
    toPrepaidMoney: money('to_prepaid_money'),
    state: smallint('state').notNull().default(1),
    handoverId: integer('handover_id').references(() => feeHandovers.id),
    printCount: integer('print_count').notNull().default(0),
    discountReason: varchar('discount_reason', { length: 200 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('fee_payments_receipt_uq').on(t.cmpId, t.receiptNo),
    uniqueIndex('fee_payments_request_uq').on(t.cmpId, t.requestId),
    index('fee_payments_scope_idx').on(t.cmpId, t.communityId, t.payTime),
    index('fee_payments_posted_idx').on(t.cmpId, t.createdAt),
    index('fee_payments_cashier_idx').on(t.cashierId, t.handoverId),
    // 收费日报 per cashier per day (fee-reports.md "Indexes they need").
    index('fee_payments_cashier_time_idx').on(t.cmpId, t.cashierId, t.payTime),
    index('fee_payments_community_idx').on(t.communityId),
    index('fee_payments_room_idx').on(t.roomId),
    index('fee_payments_handover_idx').on(t.handoverId),
    check('fee_payments_source_ck', sql`${t.source} between 1 and 3`),
    check('fee_payments_state_ck', sql`${t.state} between 1 and 4`),
    check(
      'fee_payments_money_ck',
      sql`${t.dueMoney} >= 0 and ${t.discountMoney} >= 0 and ${t.lateFeeMoney} >= 0 and ${t.prepaidUsedMoney} >= 0 and ${t.paidMoney} >= 0 and ${t.tenderedMoney} >= 0 and ${t.changeMoney} >= 0 and ${t.toPrepaidMoney} >= 0`,
    ),
  ],
);

export const feeHandovers = pgTable(
  'fee_handovers',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    cashierId: integer('cashier_id')
      .notNull()
      .references(() => users.id),
    fromTime: tsz('from_time').notNull(),
    toTime: tsz('to_time').notNull(),
    paymentCount: integer('payment_count').notNull().default(0),
    cashMoney: money('cash_money'),
    wechatMoney: money('wechat_money'),
    alipayMoney: money('alipay_money'),
    posMoney: money('pos_money'),
    bankMoney: money('bank_money'),
    prepaidUsedMoney: money('prepaid_used_money'),
    refundMoney: money('refund_money'),
    totalMoney: money('total_money'),
    countedCashMoney: money('counted_cash_money'),
    diffMoney: money('diff_money'),
    state: smallint('state').notNull().default(1),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    confirmerId: integer('confirmer_id').references(() => users.id),
    confirmTime: tsz('confirm_time'),
    returnReason: varchar('return_reason', { length: 200 }).notNull().default(''),
    ...stamps,
  },
  (t) => [
    index('fee_handovers_cashier_idx').on(t.cashierId, t.toTime),
    index('fee_handovers_scope_idx').on(t.cmpId, t.state, t.createdAt),
    index('fee_handovers_confirmer_idx').on(t.confirmerId),
    check('fee_handovers_state_ck', sql`${t.state} between 1 and 3`),
    check('fee_handovers_time_ck', sql`${t.toTime} >= ${t.fromTime}`),
    check('fee_handovers_counted_ck', sql`${t.countedCashMoney} >= 0`),
  ],
);

export const feePrepaidAccounts = pgTable(
  'fee_prepaid_accounts',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    /** null = 通用 (answered as ItemId 0). */
    itemId: integer('item_id').references(() => feeItems.id),
    balanceMoney: money('balance_money'),
    lastTxnTime: tsz('last_txn_time'),
    ...stamps,
  },
  (t) => [
    unique('fee_prepaid_accounts_room_item_uq').on(t.cmpId, t.roomId, t.itemId).nullsNotDistinct(),
    index('fee_prepaid_accounts_scope_idx').on(t.cmpId, t.communityId),
    index('fee_prepaid_accounts_room_idx').on(t.roomId),
    index('fee_prepaid_accounts_item_idx').on(t.itemId),
    check('fee_prepaid_accounts_balance_ck', sql`${t.balanceMoney} >= 0`),
  ],
);

export const feeReversals = pgTable(
  'fee_reversals',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id').references(() => communities.id),
    reversalType: smallint('reversal_type').notNull(),
    paymentId: integer('payment_id').references(() => feePayments.id),
    accountId: integer('account_id').references(() => feePrepaidAccounts.id),
    /** [{PaymentLineId, RefundMoney}] of a 退款; a 作废 takes every line. */
    lines: jsonb('lines').$type<{ PaymentLineId: number; RefundMoney: string }[]>().notNull().default([]),
    amountMoney: money('amount_money'),
    refundMethod: smallint('refund_method'),
    refundNo: varchar('refund_no', { length: 20 }).notNull().default(''),
    reason: varchar('reason', { length: 200 }).notNull(),
    state: smallint('state').notNull().default(1),
    applicantId: integer('applicant_id').references(() => users.id),
    approverId: integer('approver_id').references(() => users.id),
    approveTime: tsz('approve_time'),
    rejectReason: varchar('reject_reason', { length: 200 }).notNull().default(''),
    ...stamps,
  },
  (t) => [
    // One open request per payment (and per prepaid account).
    uniqueIndex('fee_reversals_open_payment_uq')
      .on(t.paymentId)
      .where(sql`${t.state} = 1 and ${t.paymentId} is not null`),
    uniqueIndex('fee_reversals_open_account_uq')
      .on(t.accountId)
      .where(sql`${t.state} = 1 and ${t.accountId} is not null`),
    index('fee_reversals_scope_idx').on(t.cmpId, t.state, t.createdAt),
    index('fee_reversals_payment_idx').on(t.paymentId),
    index('fee_reversals_account_idx').on(t.accountId),
    index('fee_reversals_community_idx').on(t.communityId),
    index('fee_reversals_applicant_idx').on(t.applicantId),
    index('fee_reversals_approver_idx').on(t.approverId),
    uniqueIndex('fee_reversals_refund_no_uq')
      .on(t.cmpId, t.refundNo)
      .where(sql`${t.refundNo} <> ''`),
    check('fee_reversals_type_ck', sql`${t.reversalType} between 1 and 3`),
    check('fee_reversals_state_ck', sql`${t.state} between 1 and 4`),
    check('fee_reversals_method_ck', sql`${t.refundMethod} is null or ${t.refundMethod} between 1 and 4`),
    check('fee_reversals_reason_ck', sql`char_length(${t.reason}) between 4 and 200`),
    check('fee_reversals_target_ck', sql`${t.paymentId} is not null or ${t.accountId} is not null`),
    check('fee_reversals_amount_ck', sql`${t.amountMoney} >= 0`),
  ],
);

export const feePaymentLines = pgTable(
  'fee_payment_lines',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => feePayments.id),
    lineType: smallint('line_type').notNull(),
    billId: integer('bill_id').references(() => feeBills.id),
    accountId: integer('account_id').references(() => feePrepaidAccounts.id),
    principalMoney: money('principal_money'),
    lateFeeMoney: money('late_fee_money'),
    discountMoney: money('discount_money'),
    lineMoney: money('line_money'),
    refundedMoney: money('refunded_money'),
    /** The bill's LateFeeFrom before this line paid it: a void puts it back (the late fee runs as if never paid). */
    lateFeeFromBefore: day('late_fee_from_before'),
    ...stamps,
  },
  (t) => [
    index('fee_payment_lines_payment_idx').on(t.paymentId),
    index('fee_payment_lines_bill_idx').on(t.billId),
    index('fee_payment_lines_account_idx').on(t.accountId),
    check('fee_payment_lines_type_ck', sql`${t.lineType} between 1 and 3`),
    check(
      'fee_payment_lines_money_ck',
      sql`${t.principalMoney} >= 0 and ${t.lateFeeMoney} >= 0 and ${t.discountMoney} >= 0 and ${t.lineMoney} >= 0`,
    ),
    check('fee_payment_lines_refund_ck', sql`${t.refundedMoney} >= 0 and ${t.refundedMoney} <= ${t.lineMoney}`),
  ],
);

export const feePaymentTenders = pgTable(
  'fee_payment_tenders',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    paymentId: integer('payment_id').references(() => feePayments.id),
    reversalId: integer('reversal_id').references(() => feeReversals.id),
    method: smallint('method').notNull(),
    /** Negative for refunds and reversals. */
    amountMoney: numeric('amount_money', { precision: 14, scale: 2 }).notNull(),
    tradeNo: varchar('trade_no', { length: 64 }).notNull().default(''),
    /** Whose takings this is (the cashier of a payment, the approver's day for a reversal); null = 系统. */
    cashierId: integer('cashier_id').references(() => users.id),
    ...stamps,
  },
  (t) => [
    index('fee_payment_tenders_payment_idx').on(t.paymentId),
    index('fee_payment_tenders_reversal_idx').on(t.reversalId),
    index('fee_payment_tenders_cashier_idx').on(t.cashierId, t.createdAt),
    index('fee_payment_tenders_posted_idx').on(t.cmpId, t.createdAt),
    // 收款方式汇总 by method over a window (fee-reports.md "Indexes they need"; posting time is created_at).
    index('fee_payment_tenders_method_idx').on(t.cmpId, t.createdAt, t.method),
    check('fee_payment_tenders_method_ck', sql`${t.method} between 1 and 6`),
    check('fee_payment_tenders_owner_ck', sql`${t.paymentId} is not null or ${t.reversalId} is not null`),
  ],
);

/** Gapless receipt numbers: bumped inside the money transaction (SF for receipts, TK for refunds). */
export const feeReceiptSeqs = pgTable(
  'fee_receipt_seqs',
  {
    cmpId: cmpColumn(),
    prefix: varchar('prefix', { length: 4 }).notNull(),
    year: smallint('year').notNull(),
    lastNo: integer('last_no').notNull().default(0),
    ...stamps,
  },
  (t) => [
    primaryKey({ name: 'fee_receipt_seqs_pk', columns: [t.cmpId, t.prefix, t.year] }),
    check('fee_receipt_seqs_prefix_ck', sql`${t.prefix} in ('SF', 'TK')`),
    check('fee_receipt_seqs_no_ck', sql`${t.lastNo} between 0 and 999999`),
  ],
);

export const feeJournal = pgTable(
  'fee_journal',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    billId: integer('bill_id')
      .notNull()
      .references(() => feeBills.id),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    buildingId: integer('building_id'),
    roomId: integer('room_id'),
    itemId: integer('item_id').notNull(),
    /** 'YYYY-MM' of the bill's BillDate. */
    billMonth: varchar('bill_month', { length: 7 }).notNull(),
    dueDate: day('due_date').notNull(),
    eventTime: tsz('event_time').notNull().defaultNow(),
    eventType: smallint('event_type').notNull(),
    amountMoney: money('amount_money'),
    discountMoney: money('discount_money'),
    paidMoney: money('paid_money'),
    lateFeeMoney: money('late_fee_money'),
    paymentId: integer('payment_id').references(() => feePayments.id),
    paymentLineId: integer('payment_line_id').references(() => feePaymentLines.id),
    reversalId: integer('reversal_id').references(() => feeReversals.id),
    /** The SF receipt or TK refund number the event posted under. */
    receiptNo: varchar('receipt_no', { length: 20 }).notNull().default(''),
    ...stamps,
  },
  (t) => [
    index('fee_journal_month_idx').on(t.cmpId, t.communityId, t.billMonth),
    // Fee reports (fee-reports.md "Indexes they need"): accrual reports narrow by month and item.
    index('fee_journal_month_item_idx').on(t.cmpId, t.communityId, t.billMonth, t.itemId),
    index('fee_journal_event_idx').on(t.cmpId, t.communityId, t.eventTime),
    // 收费明细表 pages its cash rows (收款, 作废冲回, 退款) newest first across every community of the scope: this
    // index streams them in (event_time, id) order, so page N reads only the rows before it.
    index('fee_journal_cash_idx')
      .on(t.cmpId, t.eventTime, t.id)
      .where(sql`${t.eventType} in (5, 6, 7)`),
    index('fee_journal_bill_idx').on(t.billId),
    index('fee_journal_community_idx').on(t.communityId),
    index('fee_journal_payment_idx').on(t.paymentId),
    index('fee_journal_payment_line_idx').on(t.paymentLineId),
    index('fee_journal_reversal_idx').on(t.reversalId),
    check('fee_journal_event_type_ck', sql`${t.eventType} between 1 and 7`),
  ],
);

/**
 * FeeJournalMonth (fee-reports.md "Entities"): the journal summed per place, item, bill month, due date, posting month
 * (in the company's time zone) and event type, for the months a company has sealed (fee_journal_seals). A month is
 * sealed once closed, by the fee.journal-seal job; after that a trigger on fee_journal keeps its sums current in the
 * same transaction as any later write into it (a revoked bill run), so reports read sealed months here and the rest
 * from the journal (fee-reports/journal-source.ts). Payments post into the open month, which has no rollup row to
 * lock, so cashiers never queue on it. BuildingId 0 = none.
 */
export const feeJournalMonths = pgTable(
  'fee_journal_months',
  {
    cmpId: integer('cmp_id').notNull(),
    communityId: integer('community_id').notNull(),
    buildingId: integer('building_id').notNull(),
    itemId: integer('item_id').notNull(),
    billMonth: varchar('bill_month', { length: 7 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    eventMonth: varchar('event_month', { length: 7 }).notNull(),
    eventType: smallint('event_type').notNull(),
    amountMoney: money('amount_money'),
    discountMoney: money('discount_money'),
    paidMoney: money('paid_money'),
    lateFeeMoney: money('late_fee_money'),
    rowCount: integer('row_count').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'fee_journal_months_pk',
      columns: [t.cmpId, t.communityId, t.buildingId, t.itemId, t.billMonth, t.dueDate, t.eventMonth, t.eventType],
    }),
    index('fee_journal_months_event_idx').on(t.cmpId, t.eventMonth),
  ],
);

/** Per company, the last month fee_journal_months holds (sealed by the fee.journal-seal job once it has closed). */
export const feeJournalSeals = pgTable('fee_journal_seals', {
  cmpId: integer('cmp_id').primaryKey(),
  sealedMonth: varchar('sealed_month', { length: 7 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const feePrepaidTxns = pgTable(
  'fee_prepaid_txns',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    accountId: integer('account_id')
      .notNull()
      .references(() => feePrepaidAccounts.id),
    txnType: smallint('txn_type').notNull(),
    amountMoney: numeric('amount_money', { precision: 14, scale: 2 }).notNull(),
    balanceAfterMoney: numeric('balance_after_money', { precision: 14, scale: 2 }).notNull(),
    paymentId: integer('payment_id').references(() => feePayments.id),
    billId: integer('bill_id').references(() => feeBills.id),
    reversalId: integer('reversal_id').references(() => feeReversals.id),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...stamps,
  },
  (t) => [
    index('fee_prepaid_txns_account_idx').on(t.accountId, t.createdAt),
    index('fee_prepaid_txns_scope_idx').on(t.cmpId, t.createdAt),
    index('fee_prepaid_txns_payment_idx').on(t.paymentId),
    index('fee_prepaid_txns_bill_idx').on(t.billId),
    index('fee_prepaid_txns_reversal_idx').on(t.reversalId),
    check('fee_prepaid_txns_type_ck', sql`${t.txnType} between 1 and 5`),
    check('fee_prepaid_txns_balance_ck', sql`${t.balanceAfterMoney} >= 0`),
  ],
);

export const feeMeterReadings = pgTable(
  'fee_meter_readings',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id),
    roomId: integer('room_id').references(() => rooms.id),
    period: varchar('period', { length: 7 }).notNull(),
    prevReading: numeric('prev_reading', { precision: 12, scale: 2 }).notNull(),
    currReading: numeric('curr_reading', { precision: 12, scale: 2 }).notNull(),
    multiplier: numeric('multiplier', { precision: 8, scale: 2 }).notNull().default('1.00'),
    usage: numeric('usage', { precision: 14, scale: 2 }).notNull(),
    isReplace: boolean('is_replace').notNull().default(false),
    oldEndReading: numeric('old_end_reading', { precision: 12, scale: 2 }),
    newStartReading: numeric('new_start_reading', { precision: 12, scale: 2 }),
    isRollover: boolean('is_rollover').notNull().default(false),
    isAbnormal: boolean('is_abnormal').notNull().default(false),
    readDate: day('read_date').notNull(),
    state: smallint('state').notNull().default(1),
    billId: integer('bill_id').references(() => feeBills.id),
    /** 1 抄表 2 导入 3 交房. */
    source: smallint('source').notNull().default(1),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: tsz('approved_at'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('fee_meter_readings_period_uq')
      .on(t.meterId, t.period)
      .where(sql`${t.state} <> 4`),
    index('fee_meter_readings_scope_idx').on(t.cmpId, t.communityId, t.period),
    index('fee_meter_readings_meter_idx').on(t.meterId),
    index('fee_meter_readings_community_idx').on(t.communityId),
    index('fee_meter_readings_room_idx').on(t.roomId),
    index('fee_meter_readings_bill_idx').on(t.billId),
    index('fee_meter_readings_approver_idx').on(t.approvedBy),
    check('fee_meter_readings_state_ck', sql`${t.state} between 1 and 4`),
    check('fee_meter_readings_usage_ck', sql`${t.usage} >= 0`),
  ],
);

export const feeMeterRecharges = pgTable(
  'fee_meter_recharges',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id),
    roomId: integer('room_id').references(() => rooms.id),
    paymentId: integer('payment_id').references(() => feePayments.id),
    amountMoney: money('amount_money'),
    unitPrice: numeric('unit_price', { precision: 12, scale: 4 }).notNull(),
    kwh: numeric('kwh', { precision: 14, scale: 2 }).notNull(),
    state: smallint('state').notNull().default(1),
    failReason: varchar('fail_reason', { length: 200 }).notNull().default(''),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    confirmedAt: tsz('confirmed_at'),
    ...stamps,
  },
  (t) => [
    index('fee_meter_recharges_meter_idx').on(t.meterId, t.state),
    index('fee_meter_recharges_scope_idx').on(t.cmpId, t.communityId, t.createdAt),
    index('fee_meter_recharges_community_idx').on(t.communityId),
    index('fee_meter_recharges_room_idx').on(t.roomId),
    index('fee_meter_recharges_payment_idx').on(t.paymentId),
    index('fee_meter_recharges_confirmer_idx').on(t.confirmedBy),
    check('fee_meter_recharges_state_ck', sql`${t.state} between 1 and 4`),
    check('fee_meter_recharges_money_ck', sql`${t.amountMoney} > 0 and ${t.kwh} >= 0 and ${t.unitPrice} > 0`),
  ],
);

export const feeDunningLogs = pgTable(
  'fee_dunning_logs',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    channel: smallint('channel').notNull(),
    arrearsMoney: money('arrears_money'),
    months: smallint('months').notNull().default(0),
    smsRecordId: integer('sms_record_id'),
    result: varchar('result', { length: 200 }).notNull().default(''),
    ...stamps,
  },
  (t) => [
    index('fee_dunning_logs_room_idx').on(t.roomId, t.channel, t.createdAt),
    index('fee_dunning_logs_scope_idx').on(t.cmpId, t.communityId, t.createdAt),
    index('fee_dunning_logs_community_idx').on(t.communityId),
    check('fee_dunning_logs_channel_ck', sql`${t.channel} between 1 and 4`),
  ],
);

export const feeAuditLogs = pgTable(
  'fee_audit_logs',
  {
    id: serial('id').primaryKey(),
    cmpId: cmpColumn(),
    action: varchar('action', { length: 40 }).notNull(),
    /** The table the row belongs to ('fee_bills', 'fee_payments' …). */
    entity: varchar('entity', { length: 40 }).notNull(),
    entityId: integer('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    userId: integer('user_id').references(() => users.id),
    ...stamps,
  },
  (t) => [
    index('fee_audit_logs_entity_idx').on(t.cmpId, t.entity, t.entityId),
    index('fee_audit_logs_user_idx').on(t.userId),
  ],
);
