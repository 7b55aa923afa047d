CREATE SEQUENCE "public"."fee_temp_period_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "fee_audit_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"action" varchar(40) NOT NULL,
	"entity" varchar(40) NOT NULL,
	"entity_id" integer NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "fee_bill_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"standard_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"period_from" varchar(7) NOT NULL,
	"period_to" varchar(7) NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"amount_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"error" varchar(500) DEFAULT '' NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_bill_runs_state_ck" CHECK ("fee_bill_runs"."state" between 1 and 5),
	CONSTRAINT "fee_bill_runs_counts_ck" CHECK ("fee_bill_runs"."done" <= "fee_bill_runs"."total")
);
--> statement-breakpoint
CREATE TABLE "fee_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"building_id" integer,
	"room_id" integer,
	"payer_type" smallint NOT NULL,
	"payer_id" integer NOT NULL,
	"payer_name" varchar(80) DEFAULT '' NOT NULL,
	"item_id" integer NOT NULL,
	"standard_id" integer NOT NULL,
	"period" varchar(20) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"quantity" numeric(14, 4) DEFAULT '0' NOT NULL,
	"unit_price" numeric(12, 4) DEFAULT '0' NOT NULL,
	"amount_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"late_fee_paid_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"late_fee_from" date,
	"state" smallint DEFAULT 1 NOT NULL,
	"run_id" integer,
	"source" smallint NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_bills_payer_type_ck" CHECK ("fee_bills"."payer_type" between 1 and 5),
	CONSTRAINT "fee_bills_state_ck" CHECK ("fee_bills"."state" between 1 and 4),
	CONSTRAINT "fee_bills_source_ck" CHECK ("fee_bills"."source" between 1 and 5),
	CONSTRAINT "fee_bills_money_ck" CHECK ("fee_bills"."amount_money" >= 0 and "fee_bills"."discount_money" >= 0 and "fee_bills"."paid_money" >= 0 and "fee_bills"."late_fee_paid_money" >= 0),
	CONSTRAINT "fee_bills_settled_ck" CHECK ("fee_bills"."discount_money" + "fee_bills"."paid_money" <= "fee_bills"."amount_money"),
	CONSTRAINT "fee_bills_dates_ck" CHECK ("fee_bills"."period_end" >= "fee_bills"."period_start" and "fee_bills"."due_date" >= "fee_bills"."bill_date")
);
--> statement-breakpoint
CREATE TABLE "fee_bindings" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"standard_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"building_id" integer,
	"payer_type" smallint NOT NULL,
	"payer_id" integer NOT NULL,
	"room_id" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"state" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_bindings_payer_type_ck" CHECK ("fee_bindings"."payer_type" between 1 and 5),
	CONSTRAINT "fee_bindings_state_ck" CHECK ("fee_bindings"."state" in (1, 2)),
	CONSTRAINT "fee_bindings_dates_ck" CHECK ("fee_bindings"."end_date" is null or "fee_bindings"."end_date" >= "fee_bindings"."start_date")
);
--> statement-breakpoint
CREATE TABLE "fee_dunning_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"arrears_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"months" smallint DEFAULT 0 NOT NULL,
	"sms_record_id" integer,
	"result" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_dunning_logs_channel_ck" CHECK ("fee_dunning_logs"."channel" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "fee_handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"cashier_id" integer NOT NULL,
	"from_time" timestamp with time zone NOT NULL,
	"to_time" timestamp with time zone NOT NULL,
	"payment_count" integer DEFAULT 0 NOT NULL,
	"cash_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"wechat_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"alipay_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"pos_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bank_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"prepaid_used_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refund_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"counted_cash_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"diff_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"confirmer_id" integer,
	"confirm_time" timestamp with time zone,
	"return_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_handovers_state_ck" CHECK ("fee_handovers"."state" between 1 and 3),
	CONSTRAINT "fee_handovers_time_ck" CHECK ("fee_handovers"."to_time" >= "fee_handovers"."from_time"),
	CONSTRAINT "fee_handovers_counted_ck" CHECK ("fee_handovers"."counted_cash_money" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"item_name" varchar(30) NOT NULL,
	"category" smallint NOT NULL,
	"kind" smallint NOT NULL,
	"payer_type" smallint DEFAULT 1 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_items_category_ck" CHECK ("fee_items"."category" between 1 and 11),
	CONSTRAINT "fee_items_kind_ck" CHECK ("fee_items"."kind" between 1 and 4),
	CONSTRAINT "fee_items_payer_type_ck" CHECK ("fee_items"."payer_type" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "fee_journal" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"building_id" integer,
	"room_id" integer,
	"item_id" integer NOT NULL,
	"bill_month" varchar(7) NOT NULL,
	"due_date" date NOT NULL,
	"event_time" timestamp with time zone DEFAULT now() NOT NULL,
	"event_type" smallint NOT NULL,
	"amount_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"late_fee_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payment_id" integer,
	"payment_line_id" integer,
	"reversal_id" integer,
	"receipt_no" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_journal_event_type_ck" CHECK ("fee_journal"."event_type" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "fee_meter_readings" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"room_id" integer,
	"period" varchar(7) NOT NULL,
	"prev_reading" numeric(12, 2) NOT NULL,
	"curr_reading" numeric(12, 2) NOT NULL,
	"multiplier" numeric(8, 2) DEFAULT '1.00' NOT NULL,
	"usage" numeric(14, 2) NOT NULL,
	"is_replace" boolean DEFAULT false NOT NULL,
	"old_end_reading" numeric(12, 2),
	"new_start_reading" numeric(12, 2),
	"is_rollover" boolean DEFAULT false NOT NULL,
	"is_abnormal" boolean DEFAULT false NOT NULL,
	"read_date" date NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"bill_id" integer,
	"source" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_meter_readings_state_ck" CHECK ("fee_meter_readings"."state" between 1 and 4),
	CONSTRAINT "fee_meter_readings_usage_ck" CHECK ("fee_meter_readings"."usage" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_meter_recharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"room_id" integer,
	"payment_id" integer,
	"amount_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"unit_price" numeric(12, 4) NOT NULL,
	"kwh" numeric(14, 2) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"fail_reason" varchar(200) DEFAULT '' NOT NULL,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_meter_recharges_state_ck" CHECK ("fee_meter_recharges"."state" between 1 and 4),
	CONSTRAINT "fee_meter_recharges_money_ck" CHECK ("fee_meter_recharges"."amount_money" > 0 and "fee_meter_recharges"."kwh" >= 0 and "fee_meter_recharges"."unit_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_payment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"line_type" smallint NOT NULL,
	"bill_id" integer,
	"account_id" integer,
	"principal_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"late_fee_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"line_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refunded_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_payment_lines_type_ck" CHECK ("fee_payment_lines"."line_type" between 1 and 3),
	CONSTRAINT "fee_payment_lines_money_ck" CHECK ("fee_payment_lines"."principal_money" >= 0 and "fee_payment_lines"."late_fee_money" >= 0 and "fee_payment_lines"."discount_money" >= 0 and "fee_payment_lines"."line_money" >= 0),
	CONSTRAINT "fee_payment_lines_refund_ck" CHECK ("fee_payment_lines"."refunded_money" >= 0 and "fee_payment_lines"."refunded_money" <= "fee_payment_lines"."line_money")
);
--> statement-breakpoint
CREATE TABLE "fee_payment_tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"payment_id" integer,
	"reversal_id" integer,
	"method" smallint NOT NULL,
	"amount_money" numeric(14, 2) NOT NULL,
	"trade_no" varchar(64) DEFAULT '' NOT NULL,
	"cashier_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_payment_tenders_method_ck" CHECK ("fee_payment_tenders"."method" between 1 and 6),
	CONSTRAINT "fee_payment_tenders_owner_ck" CHECK ("fee_payment_tenders"."payment_id" is not null or "fee_payment_tenders"."reversal_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "fee_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer,
	"receipt_no" varchar(20) NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"room_id" integer,
	"payer_type" smallint DEFAULT 1 NOT NULL,
	"payer_id" integer DEFAULT 0 NOT NULL,
	"payer_name" varchar(80) DEFAULT '' NOT NULL,
	"pay_time" timestamp with time zone NOT NULL,
	"cashier_id" integer,
	"source" smallint NOT NULL,
	"due_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discount_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"late_fee_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"prepaid_used_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tendered_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"change_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"to_prepaid_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"handover_id" integer,
	"print_count" integer DEFAULT 0 NOT NULL,
	"discount_reason" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_payments_source_ck" CHECK ("fee_payments"."source" between 1 and 3),
	CONSTRAINT "fee_payments_state_ck" CHECK ("fee_payments"."state" between 1 and 4),
	CONSTRAINT "fee_payments_money_ck" CHECK ("fee_payments"."due_money" >= 0 and "fee_payments"."discount_money" >= 0 and "fee_payments"."late_fee_money" >= 0 and "fee_payments"."prepaid_used_money" >= 0 and "fee_payments"."paid_money" >= 0 and "fee_payments"."tendered_money" >= 0 and "fee_payments"."change_money" >= 0 and "fee_payments"."to_prepaid_money" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_prepaid_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"item_id" integer,
	"balance_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"last_txn_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_prepaid_accounts_room_item_uq" UNIQUE NULLS NOT DISTINCT("cmp_id","room_id","item_id"),
	CONSTRAINT "fee_prepaid_accounts_balance_ck" CHECK ("fee_prepaid_accounts"."balance_money" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_prepaid_txns" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"txn_type" smallint NOT NULL,
	"amount_money" numeric(14, 2) NOT NULL,
	"balance_after_money" numeric(14, 2) NOT NULL,
	"payment_id" integer,
	"bill_id" integer,
	"reversal_id" integer,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_prepaid_txns_type_ck" CHECK ("fee_prepaid_txns"."txn_type" between 1 and 5),
	CONSTRAINT "fee_prepaid_txns_balance_ck" CHECK ("fee_prepaid_txns"."balance_after_money" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_receipt_seqs" (
	"cmp_id" integer NOT NULL,
	"prefix" varchar(4) NOT NULL,
	"year" smallint NOT NULL,
	"last_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_receipt_seqs_pk" PRIMARY KEY("cmp_id","prefix","year"),
	CONSTRAINT "fee_receipt_seqs_prefix_ck" CHECK ("fee_receipt_seqs"."prefix" in ('SF', 'TK')),
	CONSTRAINT "fee_receipt_seqs_no_ck" CHECK ("fee_receipt_seqs"."last_no" between 0 and 999999)
);
--> statement-breakpoint
CREATE TABLE "fee_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer,
	"reversal_type" smallint NOT NULL,
	"payment_id" integer,
	"account_id" integer,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refund_method" smallint,
	"refund_no" varchar(20) DEFAULT '' NOT NULL,
	"reason" varchar(200) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"applicant_id" integer,
	"approver_id" integer,
	"approve_time" timestamp with time zone,
	"reject_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_reversals_type_ck" CHECK ("fee_reversals"."reversal_type" between 1 and 3),
	CONSTRAINT "fee_reversals_state_ck" CHECK ("fee_reversals"."state" between 1 and 4),
	CONSTRAINT "fee_reversals_method_ck" CHECK ("fee_reversals"."refund_method" is null or "fee_reversals"."refund_method" between 1 and 4),
	CONSTRAINT "fee_reversals_reason_ck" CHECK (char_length("fee_reversals"."reason") between 4 and 200),
	CONSTRAINT "fee_reversals_target_ck" CHECK ("fee_reversals"."payment_id" is not null or "fee_reversals"."account_id" is not null),
	CONSTRAINT "fee_reversals_amount_ck" CHECK ("fee_reversals"."amount_money" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_standards" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"standard_name" varchar(30) NOT NULL,
	"price_method" smallint NOT NULL,
	"unit_price" numeric(12, 4) DEFAULT '0' NOT NULL,
	"fixed_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"formula" varchar(200) DEFAULT '' NOT NULL,
	"cycle_months" smallint DEFAULT 1 NOT NULL,
	"charge_mode" smallint DEFAULT 1 NOT NULL,
	"bill_day" smallint DEFAULT 1 NOT NULL,
	"due_days" smallint DEFAULT 15 NOT NULL,
	"prorate_first" boolean DEFAULT false NOT NULL,
	"grace_days" smallint DEFAULT 0 NOT NULL,
	"late_fee_rate" numeric(8, 4) DEFAULT '0' NOT NULL,
	"late_fee_unit" smallint DEFAULT 1 NOT NULL,
	"late_fee_cap_money" numeric(14, 2) DEFAULT '0' NOT NULL,
	"decimals" smallint DEFAULT 2 NOT NULL,
	"round_mode" smallint DEFAULT 1 NOT NULL,
	"auto_deduct" boolean DEFAULT false NOT NULL,
	"auto_generate" boolean DEFAULT false NOT NULL,
	"auto_bind_on_handover" boolean DEFAULT false NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "fee_standards_price_method_ck" CHECK ("fee_standards"."price_method" between 1 and 6),
	CONSTRAINT "fee_standards_unit_price_ck" CHECK ("fee_standards"."unit_price" >= 0),
	CONSTRAINT "fee_standards_fixed_money_ck" CHECK ("fee_standards"."fixed_money" >= 0),
	CONSTRAINT "fee_standards_cycle_ck" CHECK ("fee_standards"."cycle_months" in (1, 2, 3, 6, 12)),
	CONSTRAINT "fee_standards_charge_mode_ck" CHECK ("fee_standards"."charge_mode" in (1, 2)),
	CONSTRAINT "fee_standards_bill_day_ck" CHECK ("fee_standards"."bill_day" between 1 and 28),
	CONSTRAINT "fee_standards_due_days_ck" CHECK ("fee_standards"."due_days" between 0 and 365),
	CONSTRAINT "fee_standards_grace_days_ck" CHECK ("fee_standards"."grace_days" between 0 and 365),
	CONSTRAINT "fee_standards_late_fee_ck" CHECK ("fee_standards"."late_fee_rate" >= 0 and "fee_standards"."late_fee_cap_money" >= 0),
	CONSTRAINT "fee_standards_late_fee_unit_ck" CHECK ("fee_standards"."late_fee_unit" in (1, 2)),
	CONSTRAINT "fee_standards_decimals_ck" CHECK ("fee_standards"."decimals" between 0 and 2),
	CONSTRAINT "fee_standards_round_mode_ck" CHECK ("fee_standards"."round_mode" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "fee_audit_logs" ADD CONSTRAINT "fee_audit_logs_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_audit_logs" ADD CONSTRAINT "fee_audit_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bill_runs" ADD CONSTRAINT "fee_bill_runs_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bill_runs" ADD CONSTRAINT "fee_bill_runs_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bills" ADD CONSTRAINT "fee_bills_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bills" ADD CONSTRAINT "fee_bills_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bills" ADD CONSTRAINT "fee_bills_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bills" ADD CONSTRAINT "fee_bills_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bills" ADD CONSTRAINT "fee_bills_item_id_fee_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."fee_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bills" ADD CONSTRAINT "fee_bills_standard_id_fee_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."fee_standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bills" ADD CONSTRAINT "fee_bills_run_id_fee_bill_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."fee_bill_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bindings" ADD CONSTRAINT "fee_bindings_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bindings" ADD CONSTRAINT "fee_bindings_standard_id_fee_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."fee_standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bindings" ADD CONSTRAINT "fee_bindings_item_id_fee_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."fee_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bindings" ADD CONSTRAINT "fee_bindings_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bindings" ADD CONSTRAINT "fee_bindings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bindings" ADD CONSTRAINT "fee_bindings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_dunning_logs" ADD CONSTRAINT "fee_dunning_logs_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_dunning_logs" ADD CONSTRAINT "fee_dunning_logs_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_dunning_logs" ADD CONSTRAINT "fee_dunning_logs_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_handovers" ADD CONSTRAINT "fee_handovers_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_handovers" ADD CONSTRAINT "fee_handovers_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_handovers" ADD CONSTRAINT "fee_handovers_confirmer_id_users_id_fk" FOREIGN KEY ("confirmer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_journal" ADD CONSTRAINT "fee_journal_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_journal" ADD CONSTRAINT "fee_journal_bill_id_fee_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."fee_bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_journal" ADD CONSTRAINT "fee_journal_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_journal" ADD CONSTRAINT "fee_journal_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_journal" ADD CONSTRAINT "fee_journal_payment_line_id_fee_payment_lines_id_fk" FOREIGN KEY ("payment_line_id") REFERENCES "public"."fee_payment_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_journal" ADD CONSTRAINT "fee_journal_reversal_id_fee_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."fee_reversals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_meter_readings" ADD CONSTRAINT "fee_meter_readings_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_meter_readings" ADD CONSTRAINT "fee_meter_readings_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_meter_readings" ADD CONSTRAINT "fee_meter_readings_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_meter_readings" ADD CONSTRAINT "fee_meter_readings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_meter_readings" ADD CONSTRAINT "fee_meter_readings_bill_id_fee_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."fee_bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_meter_readings" ADD CONSTRAINT "fee_meter_readings_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_meter_recharges" ADD CONSTRAINT "fee_meter_recharges_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_meter_recharges" ADD CONSTRAINT "fee_meter_recharges_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_meter_recharges" ADD CONSTRAINT "fee_meter_recharges_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_meter_recharges" ADD CONSTRAINT "fee_meter_recharges_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_meter_recharges" ADD CONSTRAINT "fee_meter_recharges_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_meter_recharges" ADD CONSTRAINT "fee_meter_recharges_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_lines" ADD CONSTRAINT "fee_payment_lines_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_lines" ADD CONSTRAINT "fee_payment_lines_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_lines" ADD CONSTRAINT "fee_payment_lines_bill_id_fee_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."fee_bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_lines" ADD CONSTRAINT "fee_payment_lines_account_id_fee_prepaid_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fee_prepaid_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_tenders" ADD CONSTRAINT "fee_payment_tenders_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_tenders" ADD CONSTRAINT "fee_payment_tenders_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_tenders" ADD CONSTRAINT "fee_payment_tenders_reversal_id_fee_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."fee_reversals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payment_tenders" ADD CONSTRAINT "fee_payment_tenders_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_handover_id_fee_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."fee_handovers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_prepaid_accounts" ADD CONSTRAINT "fee_prepaid_accounts_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_prepaid_accounts" ADD CONSTRAINT "fee_prepaid_accounts_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_prepaid_accounts" ADD CONSTRAINT "fee_prepaid_accounts_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_prepaid_accounts" ADD CONSTRAINT "fee_prepaid_accounts_item_id_fee_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."fee_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_prepaid_txns" ADD CONSTRAINT "fee_prepaid_txns_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_prepaid_txns" ADD CONSTRAINT "fee_prepaid_txns_account_id_fee_prepaid_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fee_prepaid_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_prepaid_txns" ADD CONSTRAINT "fee_prepaid_txns_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_prepaid_txns" ADD CONSTRAINT "fee_prepaid_txns_bill_id_fee_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."fee_bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_prepaid_txns" ADD CONSTRAINT "fee_prepaid_txns_reversal_id_fee_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."fee_reversals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipt_seqs" ADD CONSTRAINT "fee_receipt_seqs_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_reversals" ADD CONSTRAINT "fee_reversals_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_reversals" ADD CONSTRAINT "fee_reversals_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_reversals" ADD CONSTRAINT "fee_reversals_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_reversals" ADD CONSTRAINT "fee_reversals_account_id_fee_prepaid_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fee_prepaid_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_reversals" ADD CONSTRAINT "fee_reversals_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_reversals" ADD CONSTRAINT "fee_reversals_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_standards" ADD CONSTRAINT "fee_standards_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_standards" ADD CONSTRAINT "fee_standards_item_id_fee_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."fee_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_standards" ADD CONSTRAINT "fee_standards_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_audit_logs_entity_idx" ON "fee_audit_logs" USING btree ("cmp_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "fee_audit_logs_user_idx" ON "fee_audit_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fee_bill_runs_scope_idx" ON "fee_bill_runs" USING btree ("cmp_id","community_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_bill_runs_community_idx" ON "fee_bill_runs" USING btree ("community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_bills_key_uq" ON "fee_bills" USING btree ("cmp_id","payer_type","payer_id","standard_id","period");--> statement-breakpoint
CREATE INDEX "fee_bills_scope_idx" ON "fee_bills" USING btree ("cmp_id","community_id","state","due_date");--> statement-breakpoint
CREATE INDEX "fee_bills_room_idx" ON "fee_bills" USING btree ("room_id","state");--> statement-breakpoint
CREATE INDEX "fee_bills_payer_idx" ON "fee_bills" USING btree ("cmp_id","payer_type","payer_id","state");--> statement-breakpoint
CREATE INDEX "fee_bills_building_idx" ON "fee_bills" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "fee_bills_item_idx" ON "fee_bills" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "fee_bills_standard_idx" ON "fee_bills" USING btree ("standard_id","period");--> statement-breakpoint
CREATE INDEX "fee_bills_run_idx" ON "fee_bills" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_bindings_active_uq" ON "fee_bindings" USING btree ("cmp_id","item_id","payer_type","payer_id") WHERE "fee_bindings"."state" = 1;--> statement-breakpoint
CREATE INDEX "fee_bindings_standard_idx" ON "fee_bindings" USING btree ("standard_id","state","building_id");--> statement-breakpoint
CREATE INDEX "fee_bindings_item_idx" ON "fee_bindings" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "fee_bindings_scope_idx" ON "fee_bindings" USING btree ("cmp_id","community_id","building_id");--> statement-breakpoint
CREATE INDEX "fee_bindings_building_idx" ON "fee_bindings" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "fee_bindings_room_idx" ON "fee_bindings" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "fee_dunning_logs_room_idx" ON "fee_dunning_logs" USING btree ("room_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "fee_dunning_logs_scope_idx" ON "fee_dunning_logs" USING btree ("cmp_id","community_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_dunning_logs_community_idx" ON "fee_dunning_logs" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "fee_handovers_cashier_idx" ON "fee_handovers" USING btree ("cashier_id","to_time");--> statement-breakpoint
CREATE INDEX "fee_handovers_scope_idx" ON "fee_handovers" USING btree ("cmp_id","state","created_at");--> statement-breakpoint
CREATE INDEX "fee_handovers_confirmer_idx" ON "fee_handovers" USING btree ("confirmer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_items_cmp_name_uq" ON "fee_items" USING btree ("cmp_id","item_name");--> statement-breakpoint
CREATE INDEX "fee_journal_month_idx" ON "fee_journal" USING btree ("cmp_id","community_id","bill_month");--> statement-breakpoint
CREATE INDEX "fee_journal_event_idx" ON "fee_journal" USING btree ("cmp_id","community_id","event_time");--> statement-breakpoint
CREATE INDEX "fee_journal_bill_idx" ON "fee_journal" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "fee_journal_community_idx" ON "fee_journal" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "fee_journal_payment_idx" ON "fee_journal" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "fee_journal_payment_line_idx" ON "fee_journal" USING btree ("payment_line_id");--> statement-breakpoint
CREATE INDEX "fee_journal_reversal_idx" ON "fee_journal" USING btree ("reversal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_meter_readings_period_uq" ON "fee_meter_readings" USING btree ("meter_id","period") WHERE "fee_meter_readings"."state" <> 4;--> statement-breakpoint
CREATE INDEX "fee_meter_readings_scope_idx" ON "fee_meter_readings" USING btree ("cmp_id","community_id","period");--> statement-breakpoint
CREATE INDEX "fee_meter_readings_meter_idx" ON "fee_meter_readings" USING btree ("meter_id");--> statement-breakpoint
CREATE INDEX "fee_meter_readings_community_idx" ON "fee_meter_readings" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "fee_meter_readings_room_idx" ON "fee_meter_readings" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "fee_meter_readings_bill_idx" ON "fee_meter_readings" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "fee_meter_readings_approver_idx" ON "fee_meter_readings" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "fee_meter_recharges_meter_idx" ON "fee_meter_recharges" USING btree ("meter_id","state");--> statement-breakpoint
CREATE INDEX "fee_meter_recharges_scope_idx" ON "fee_meter_recharges" USING btree ("cmp_id","community_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_meter_recharges_community_idx" ON "fee_meter_recharges" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "fee_meter_recharges_room_idx" ON "fee_meter_recharges" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "fee_meter_recharges_payment_idx" ON "fee_meter_recharges" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "fee_meter_recharges_confirmer_idx" ON "fee_meter_recharges" USING btree ("confirmed_by");--> statement-breakpoint
CREATE INDEX "fee_payment_lines_payment_idx" ON "fee_payment_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "fee_payment_lines_bill_idx" ON "fee_payment_lines" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "fee_payment_lines_account_idx" ON "fee_payment_lines" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "fee_payment_tenders_payment_idx" ON "fee_payment_tenders" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "fee_payment_tenders_reversal_idx" ON "fee_payment_tenders" USING btree ("reversal_id");--> statement-breakpoint
CREATE INDEX "fee_payment_tenders_cashier_idx" ON "fee_payment_tenders" USING btree ("cashier_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_payment_tenders_posted_idx" ON "fee_payment_tenders" USING btree ("cmp_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_receipt_uq" ON "fee_payments" USING btree ("cmp_id","receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_request_uq" ON "fee_payments" USING btree ("cmp_id","request_id");--> statement-breakpoint
CREATE INDEX "fee_payments_scope_idx" ON "fee_payments" USING btree ("cmp_id","community_id","pay_time");--> statement-breakpoint
CREATE INDEX "fee_payments_posted_idx" ON "fee_payments" USING btree ("cmp_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_payments_cashier_idx" ON "fee_payments" USING btree ("cashier_id","handover_id");--> statement-breakpoint
CREATE INDEX "fee_payments_community_idx" ON "fee_payments" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "fee_payments_room_idx" ON "fee_payments" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "fee_payments_handover_idx" ON "fee_payments" USING btree ("handover_id");--> statement-breakpoint
CREATE INDEX "fee_prepaid_accounts_scope_idx" ON "fee_prepaid_accounts" USING btree ("cmp_id","community_id");--> statement-breakpoint
CREATE INDEX "fee_prepaid_accounts_room_idx" ON "fee_prepaid_accounts" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "fee_prepaid_accounts_item_idx" ON "fee_prepaid_accounts" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "fee_prepaid_txns_account_idx" ON "fee_prepaid_txns" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_prepaid_txns_scope_idx" ON "fee_prepaid_txns" USING btree ("cmp_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_prepaid_txns_payment_idx" ON "fee_prepaid_txns" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "fee_prepaid_txns_bill_idx" ON "fee_prepaid_txns" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "fee_prepaid_txns_reversal_idx" ON "fee_prepaid_txns" USING btree ("reversal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_reversals_open_payment_uq" ON "fee_reversals" USING btree ("payment_id") WHERE "fee_reversals"."state" = 1 and "fee_reversals"."payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_reversals_open_account_uq" ON "fee_reversals" USING btree ("account_id") WHERE "fee_reversals"."state" = 1 and "fee_reversals"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "fee_reversals_scope_idx" ON "fee_reversals" USING btree ("cmp_id","state","created_at");--> statement-breakpoint
CREATE INDEX "fee_reversals_payment_idx" ON "fee_reversals" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "fee_reversals_account_idx" ON "fee_reversals" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "fee_reversals_community_idx" ON "fee_reversals" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "fee_reversals_applicant_idx" ON "fee_reversals" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "fee_reversals_approver_idx" ON "fee_reversals" USING btree ("approver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_reversals_refund_no_uq" ON "fee_reversals" USING btree ("cmp_id","refund_no") WHERE "fee_reversals"."refund_no" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "fee_standards_name_uq" ON "fee_standards" USING btree ("cmp_id","community_id","item_id","standard_name");--> statement-breakpoint
CREATE INDEX "fee_standards_item_idx" ON "fee_standards" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "fee_standards_community_idx" ON "fee_standards" USING btree ("community_id");