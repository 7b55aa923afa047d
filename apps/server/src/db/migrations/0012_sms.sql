CREATE TABLE "sms_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"unit_price" numeric(10, 4) DEFAULT '0.0800' NOT NULL,
	"warned_on" varchar(10) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "sms_accounts_balance_ck" CHECK ("sms_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_balance_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"delta" integer NOT NULL,
	"balance" integer NOT NULL,
	"ref_type" varchar(10) NOT NULL,
	"ref_id" integer NOT NULL,
	"ref_no" varchar(30) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "sms_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"batch_no" varchar(30) NOT NULL,
	"template_id" integer NOT NULL,
	"sign_id" integer NOT NULL,
	"target" jsonb NOT NULL,
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL,
	"success" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"expanded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "sms_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"kind" smallint DEFAULT 3 NOT NULL,
	"key" varchar(100) DEFAULT '' NOT NULL,
	"secret_enc" varchar(400) DEFAULT '' NOT NULL,
	"app_id" varchar(40) DEFAULT '' NOT NULL,
	"callback_token" varchar(64) DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "sms_recharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"order_no" varchar(30) NOT NULL,
	"package" smallint NOT NULL,
	"count" integer NOT NULL,
	"pay_money" numeric(14, 2) NOT NULL,
	"pay_method" smallint NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"pay_ref" varchar(64) DEFAULT '' NOT NULL,
	"confirmer_id" integer,
	"confirm_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "sms_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"batch_id" integer,
	"source" smallint NOT NULL,
	"source_id" integer,
	"phone" varchar(20) NOT NULL,
	"resident_id" integer,
	"name" varchar(30) DEFAULT '' NOT NULL,
	"content" varchar(600) NOT NULL,
	"segments" smallint NOT NULL,
	"charged" boolean DEFAULT true NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"fail_reason" varchar(100) DEFAULT '' NOT NULL,
	"provider" varchar(20) DEFAULT '' NOT NULL,
	"biz_id" varchar(64) DEFAULT '' NOT NULL,
	"send_time" timestamp with time zone,
	"report_time" timestamp with time zone,
	"resend_of" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "sms_signs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"name" varchar(12) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"kind" smallint NOT NULL,
	"content" varchar(500) NOT NULL,
	"provider_code" varchar(40) DEFAULT '' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "sms_accounts" ADD CONSTRAINT "sms_accounts_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_balance_logs" ADD CONSTRAINT "sms_balance_logs_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_batches" ADD CONSTRAINT "sms_batches_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_batches" ADD CONSTRAINT "sms_batches_template_id_sms_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."sms_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_batches" ADD CONSTRAINT "sms_batches_sign_id_sms_signs_id_fk" FOREIGN KEY ("sign_id") REFERENCES "public"."sms_signs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_providers" ADD CONSTRAINT "sms_providers_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_recharges" ADD CONSTRAINT "sms_recharges_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_recharges" ADD CONSTRAINT "sms_recharges_confirmer_id_users_id_fk" FOREIGN KEY ("confirmer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_records" ADD CONSTRAINT "sms_records_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_records" ADD CONSTRAINT "sms_records_batch_id_sms_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sms_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_records" ADD CONSTRAINT "sms_records_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_signs" ADD CONSTRAINT "sms_signs_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_accounts_cmp_uq" ON "sms_accounts" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "sms_balance_logs_cmp_idx" ON "sms_balance_logs" USING btree ("cmp_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_balance_logs_ref_idx" ON "sms_balance_logs" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_batches_no_uq" ON "sms_batches" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "sms_batches_cmp_idx" ON "sms_batches" USING btree ("cmp_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_batches_due_idx" ON "sms_batches" USING btree ("state","send_at");--> statement-breakpoint
CREATE INDEX "sms_batches_template_idx" ON "sms_batches" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "sms_batches_sign_idx" ON "sms_batches" USING btree ("sign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_providers_active_uq" ON "sms_providers" USING btree ("cmp_id") WHERE "sms_providers"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "sms_recharges_order_uq" ON "sms_recharges" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "sms_recharges_cmp_idx" ON "sms_recharges" USING btree ("cmp_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_recharges_confirmer_idx" ON "sms_recharges" USING btree ("confirmer_id");--> statement-breakpoint
CREATE INDEX "sms_records_cmp_time_idx" ON "sms_records" USING btree ("cmp_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_records_cmp_phone_idx" ON "sms_records" USING btree ("cmp_id","phone");--> statement-breakpoint
CREATE INDEX "sms_records_batch_idx" ON "sms_records" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "sms_records_biz_idx" ON "sms_records" USING btree ("provider","biz_id");--> statement-breakpoint
CREATE INDEX "sms_records_resident_idx" ON "sms_records" USING btree ("resident_id");--> statement-breakpoint
CREATE INDEX "sms_records_pending_idx" ON "sms_records" USING btree ("send_time") WHERE "sms_records"."state" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_signs_cmp_name_uq" ON "sms_signs" USING btree ("cmp_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_templates_cmp_name_uq" ON "sms_templates" USING btree ("cmp_id","name");