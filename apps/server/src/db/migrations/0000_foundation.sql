CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"short_name" varchar(20) DEFAULT '' NOT NULL,
	"logo" varchar(255) DEFAULT '' NOT NULL,
	"contact" varchar(30) DEFAULT '' NOT NULL,
	"contact_tel" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(100) DEFAULT '' NOT NULL,
	"licence_no" varchar(18) DEFAULT '' NOT NULL,
	"site_title" varchar(30) DEFAULT '邻里智慧物业' NOT NULL,
	"intro" varchar(500) DEFAULT '' NOT NULL,
	"time_zone" varchar(40) DEFAULT 'Asia/Shanghai' NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(30) NOT NULL,
	"type" smallint DEFAULT 3 NOT NULL,
	"leader_id" integer,
	"tel" varchar(20) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "position_rights" (
	"position_id" integer NOT NULL,
	"role_key" varchar(40) NOT NULL,
	"btn" varchar(400) DEFAULT '' NOT NULL,
	CONSTRAINT "position_rights_position_id_role_key_pk" PRIMARY KEY("position_id","role_key")
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "user_positions" (
	"user_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	CONSTRAINT "user_positions_user_id_position_id_pk" PRIMARY KEY("user_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"account" varchar(20) NOT NULL,
	"name" varchar(20) NOT NULL,
	"phone" varchar(11) DEFAULT '' NOT NULL,
	"email" varchar(60) DEFAULT '' NOT NULL,
	"gender" smallint DEFAULT 0 NOT NULL,
	"logo" varchar(255) DEFAULT '' NOT NULL,
	"dpt_id" integer,
	"pwd_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"all_community" boolean DEFAULT false NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"is_del" boolean DEFAULT false NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_time" timestamp with time zone,
	"last_login_ip" varchar(64) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer,
	"user_id" integer,
	"action" varchar(40) NOT NULL,
	"entity" varchar(40) DEFAULT '' NOT NULL,
	"entity_id" integer,
	"detail" jsonb,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"contents" varchar(300) NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(11) NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"cmp_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"way" varchar(10) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer,
	"phone" varchar(11) NOT NULL,
	"content" varchar(500) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"msg_type" integer NOT NULL,
	"source_id" integer DEFAULT 0 NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_ignored" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"stored_path" varchar(255) NOT NULL,
	"mime" varchar(80) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_stored_path_unique" UNIQUE("stored_path")
);
--> statement-breakpoint
CREATE TABLE "user_custom" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"prefs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_often_funcs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"path" varchar(120) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_rights" ADD CONSTRAINT "position_rights_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_positions" ADD CONSTRAINT "user_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_positions" ADD CONSTRAINT "user_positions_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dpt_id_departments_id_fk" FOREIGN KEY ("dpt_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_messages" ADD CONSTRAINT "sys_messages_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_messages" ADD CONSTRAINT "sys_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_custom" ADD CONSTRAINT "user_custom_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_often_funcs" ADD CONSTRAINT "user_often_funcs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_sibling_name_uq" ON "departments" USING btree ("cmp_id","parent_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_cmp_name_uq" ON "positions" USING btree ("cmp_id","name");--> statement-breakpoint
CREATE INDEX "user_positions_position_idx" ON "user_positions" USING btree ("position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_uq" ON "users" USING btree ("account");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_live_uq" ON "users" USING btree ("phone") WHERE "users"."is_del" = false and "users"."phone" <> '';--> statement-breakpoint
CREATE INDEX "users_cmp_idx" ON "users" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "users_dpt_idx" ON "users" USING btree ("dpt_id");--> statement-breakpoint
CREATE INDEX "audit_log_cmp_idx" ON "audit_log" USING btree ("cmp_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","action","created_at");--> statement-breakpoint
CREATE INDEX "feedback_cmp_idx" ON "feedback" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "phone_codes_phone_idx" ON "phone_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_cmp_idx" ON "sessions" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_cmp_idx" ON "sms_outbox" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "sys_messages_user_idx" ON "sys_messages" USING btree ("user_id","is_read","created_at");--> statement-breakpoint
CREATE INDEX "sys_messages_cmp_idx" ON "sys_messages" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "uploads_cmp_idx" ON "uploads" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_often_funcs_user_idx" ON "user_often_funcs" USING btree ("user_id","sort");