CREATE TABLE "att_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"group_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"due" boolean DEFAULT true NOT NULL,
	"due_on" timestamp with time zone NOT NULL,
	"due_off" timestamp with time zone NOT NULL,
	"on_time" timestamp with time zone,
	"on_punch_id" integer,
	"on_state" smallint NOT NULL,
	"late_minutes" integer DEFAULT 0 NOT NULL,
	"on_outside" boolean DEFAULT false NOT NULL,
	"on_source" smallint DEFAULT 0 NOT NULL,
	"on_make_up" boolean DEFAULT false NOT NULL,
	"off_time" timestamp with time zone,
	"off_punch_id" integer,
	"off_state" smallint NOT NULL,
	"early_minutes" integer DEFAULT 0 NOT NULL,
	"off_outside" boolean DEFAULT false NOT NULL,
	"off_source" smallint DEFAULT 0 NOT NULL,
	"off_make_up" boolean DEFAULT false NOT NULL,
	"present" boolean DEFAULT false NOT NULL,
	"leave_days" numeric(3, 1) DEFAULT '0' NOT NULL,
	"leave_detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"absent_days" numeric(3, 1) DEFAULT '0' NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "att_group_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "att_group_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "att_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"kind" smallint NOT NULL,
	"shift_id" integer,
	"work_days" varchar(20) DEFAULT '' NOT NULL,
	"use_holidays" boolean DEFAULT true NOT NULL,
	"allow_outside" boolean DEFAULT false NOT NULL,
	"leader_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "att_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" smallint NOT NULL,
	"name" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "att_leaves" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"hours" numeric(8, 2) DEFAULT '0' NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "att_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"address" varchar(100) DEFAULT '' NOT NULL,
	"lng" numeric(10, 6) NOT NULL,
	"lat" numeric(10, 6) NOT NULL,
	"radius" integer DEFAULT 300 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "att_punch_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"punch_time" timestamp with time zone NOT NULL,
	"source" smallint NOT NULL,
	"lng" numeric(10, 6),
	"lat" numeric(10, 6),
	"ssid" varchar(32) DEFAULT '' NOT NULL,
	"bssid" varchar(17) DEFAULT '' NOT NULL,
	"place_name" varchar(40) DEFAULT '' NOT NULL,
	"outside" boolean DEFAULT false NOT NULL,
	"photo_path" varchar(255) DEFAULT '' NOT NULL,
	"device_sn" varchar(50) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"make_up" boolean DEFAULT false NOT NULL,
	"kind" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "att_roster" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"shift_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "att_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"work_start" varchar(5) NOT NULL,
	"work_end" varchar(5) NOT NULL,
	"cross_day" boolean DEFAULT false NOT NULL,
	"rest_start" varchar(5) DEFAULT '' NOT NULL,
	"rest_end" varchar(5) DEFAULT '' NOT NULL,
	"on_before" smallint DEFAULT 120 NOT NULL,
	"off_after" smallint DEFAULT 240 NOT NULL,
	"late_grace" smallint DEFAULT 5 NOT NULL,
	"early_grace" smallint DEFAULT 0 NOT NULL,
	"miss_after" smallint DEFAULT 120 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "att_wifis" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"ssid" varchar(32) NOT NULL,
	"bssid" varchar(17) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "att_days" ADD CONSTRAINT "att_days_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_days" ADD CONSTRAINT "att_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_days" ADD CONSTRAINT "att_days_shift_id_att_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."att_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_group_members" ADD CONSTRAINT "att_group_members_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_group_members" ADD CONSTRAINT "att_group_members_group_id_att_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."att_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_group_members" ADD CONSTRAINT "att_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_group_shifts" ADD CONSTRAINT "att_group_shifts_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_group_shifts" ADD CONSTRAINT "att_group_shifts_group_id_att_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."att_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_group_shifts" ADD CONSTRAINT "att_group_shifts_shift_id_att_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."att_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_groups" ADD CONSTRAINT "att_groups_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_groups" ADD CONSTRAINT "att_groups_shift_id_att_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."att_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_groups" ADD CONSTRAINT "att_groups_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_holidays" ADD CONSTRAINT "att_holidays_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_leaves" ADD CONSTRAINT "att_leaves_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_leaves" ADD CONSTRAINT "att_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_places" ADD CONSTRAINT "att_places_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_places" ADD CONSTRAINT "att_places_group_id_att_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."att_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_punch_logs" ADD CONSTRAINT "att_punch_logs_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_punch_logs" ADD CONSTRAINT "att_punch_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_roster" ADD CONSTRAINT "att_roster_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_roster" ADD CONSTRAINT "att_roster_group_id_att_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."att_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_roster" ADD CONSTRAINT "att_roster_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_roster" ADD CONSTRAINT "att_roster_shift_id_att_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."att_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_shifts" ADD CONSTRAINT "att_shifts_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_wifis" ADD CONSTRAINT "att_wifis_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "att_wifis" ADD CONSTRAINT "att_wifis_group_id_att_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."att_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "att_days_user_day_uq" ON "att_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "att_days_cmp_day_idx" ON "att_days" USING btree ("cmp_id","day");--> statement-breakpoint
CREATE INDEX "att_days_group_idx" ON "att_days" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "att_days_shift_idx" ON "att_days" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "att_group_members_user_uq" ON "att_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "att_group_members_group_idx" ON "att_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "att_group_shifts_uq" ON "att_group_shifts" USING btree ("group_id","shift_id");--> statement-breakpoint
CREATE INDEX "att_group_shifts_shift_idx" ON "att_group_shifts" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "att_groups_name_uq" ON "att_groups" USING btree ("cmp_id","name");--> statement-breakpoint
CREATE INDEX "att_groups_shift_idx" ON "att_groups" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "att_groups_leader_idx" ON "att_groups" USING btree ("leader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "att_holidays_day_uq" ON "att_holidays" USING btree ("cmp_id","day");--> statement-breakpoint
CREATE INDEX "att_leaves_user_time_idx" ON "att_leaves" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "att_leaves_cmp_idx" ON "att_leaves" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "att_places_group_idx" ON "att_places" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "att_punch_logs_user_time_uq" ON "att_punch_logs" USING btree ("user_id","punch_time");--> statement-breakpoint
CREATE INDEX "att_punch_logs_cmp_time_idx" ON "att_punch_logs" USING btree ("cmp_id","punch_time");--> statement-breakpoint
CREATE UNIQUE INDEX "att_roster_user_day_uq" ON "att_roster" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "att_roster_group_day_idx" ON "att_roster" USING btree ("group_id","day");--> statement-breakpoint
CREATE INDEX "att_roster_shift_idx" ON "att_roster" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "att_shifts_name_uq" ON "att_shifts" USING btree ("cmp_id","name");--> statement-breakpoint
CREATE INDEX "att_wifis_group_idx" ON "att_wifis" USING btree ("group_id");