CREATE TABLE "handover_appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"appt_no" varchar(20) NOT NULL,
	"community_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"resident_id" integer,
	"contact_name" varchar(30) DEFAULT '' NOT NULL,
	"contact_mobile" varchar(20) DEFAULT '' NOT NULL,
	"appt_date" date NOT NULL,
	"slot_start" varchar(5) NOT NULL,
	"slot_end" varchar(5) NOT NULL,
	"source" smallint DEFAULT 2 NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"reception_user_id" integer,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"parent_id" integer,
	"confirmed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"inspect_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "handover_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closed_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lead_days" smallint DEFAULT 1 NOT NULL,
	"max_days_ahead" smallint DEFAULT 30 NOT NULL,
	"inspect_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"key_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "handover_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"inspect_results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meter_readings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signature_img" varchar(255) DEFAULT '' NOT NULL,
	"owner_signed" boolean DEFAULT false NOT NULL,
	"room_status_after" smallint NOT NULL,
	"handover_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"file_name" varchar(255) DEFAULT '' NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mode" smallint DEFAULT 1 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"ok" integer DEFAULT 0 NOT NULL,
	"error" integer DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error_file" varchar(255) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"expire_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "meter_bind_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"action" smallint NOT NULL,
	"reading" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "meters" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"room_id" integer,
	"meter_type" smallint NOT NULL,
	"meter_no" varchar(30) NOT NULL,
	"multiplier" numeric(8, 2) DEFAULT '1.00' NOT NULL,
	"initial_reading" numeric(12, 2) DEFAULT '0' NOT NULL,
	"last_reading" numeric(12, 2) DEFAULT '0' NOT NULL,
	"last_read_time" timestamp with time zone,
	"is_prepaid" boolean DEFAULT false NOT NULL,
	"device_sn" varchar(50) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "building_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"unit_no" smallint NOT NULL,
	"name" varchar(20) NOT NULL,
	"floors_above" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"code" varchar(20) DEFAULT '' NOT NULL,
	"building_type" smallint DEFAULT 1 NOT NULL,
	"floors_above" smallint NOT NULL,
	"floors_below" smallint DEFAULT 0 NOT NULL,
	"has_lift" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "room_status_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"source" smallint NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"floor" smallint NOT NULL,
	"room_no" varchar(20) NOT NULL,
	"full_name" varchar(80) NOT NULL,
	"room_type" smallint DEFAULT 1 NOT NULL,
	"bedrooms" smallint DEFAULT 0 NOT NULL,
	"livingrooms" smallint DEFAULT 0 NOT NULL,
	"bathrooms" smallint DEFAULT 0 NOT NULL,
	"decoration" smallint DEFAULT 0 NOT NULL,
	"build_area" numeric(10, 2) NOT NULL,
	"inner_area" numeric(10, 2),
	"fee_coefficient" numeric(5, 2) DEFAULT '1.00' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"owner_resident_id" integer,
	"handover_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "resident_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"resident_id" integer NOT NULL,
	"role" smallint DEFAULT 1 NOT NULL,
	"relation" varchar(20) DEFAULT '' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"move_in_date" date,
	"move_out_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "residents" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"gender" smallint DEFAULT 0 NOT NULL,
	"mobile" varchar(20) DEFAULT '' NOT NULL,
	"id_type" smallint DEFAULT 1 NOT NULL,
	"id_no" varchar(30) DEFAULT '' NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "handover_appointments" ADD CONSTRAINT "handover_appointments_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_appointments" ADD CONSTRAINT "handover_appointments_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_appointments" ADD CONSTRAINT "handover_appointments_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_appointments" ADD CONSTRAINT "handover_appointments_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_appointments" ADD CONSTRAINT "handover_appointments_reception_user_id_users_id_fk" FOREIGN KEY ("reception_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_configs" ADD CONSTRAINT "handover_configs_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_configs" ADD CONSTRAINT "handover_configs_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_records" ADD CONSTRAINT "handover_records_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_records" ADD CONSTRAINT "handover_records_appointment_id_handover_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."handover_appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_records" ADD CONSTRAINT "handover_records_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_bind_logs" ADD CONSTRAINT "meter_bind_logs_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_bind_logs" ADD CONSTRAINT "meter_bind_logs_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_bind_logs" ADD CONSTRAINT "meter_bind_logs_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_units" ADD CONSTRAINT "building_units_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_units" ADD CONSTRAINT "building_units_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_units" ADD CONSTRAINT "building_units_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_status_logs" ADD CONSTRAINT "room_status_logs_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_status_logs" ADD CONSTRAINT "room_status_logs_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_unit_id_building_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."building_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_owner_resident_id_residents_id_fk" FOREIGN KEY ("owner_resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_rooms" ADD CONSTRAINT "resident_rooms_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_rooms" ADD CONSTRAINT "resident_rooms_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_rooms" ADD CONSTRAINT "resident_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_rooms" ADD CONSTRAINT "resident_rooms_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residents" ADD CONSTRAINT "residents_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handover_appointments_no_uq" ON "handover_appointments" USING btree ("cmp_id","appt_no");--> statement-breakpoint
CREATE INDEX "handover_appointments_slot_idx" ON "handover_appointments" USING btree ("community_id","appt_date","slot_start");--> statement-breakpoint
CREATE INDEX "handover_appointments_room_idx" ON "handover_appointments" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handover_appointments_active_room_uq" ON "handover_appointments" USING btree ("room_id") WHERE "handover_appointments"."status" in (1, 2, 3, 4);--> statement-breakpoint
CREATE INDEX "handover_appointments_resident_idx" ON "handover_appointments" USING btree ("resident_id");--> statement-breakpoint
CREATE INDEX "handover_appointments_reception_idx" ON "handover_appointments" USING btree ("reception_user_id");--> statement-breakpoint
CREATE INDEX "handover_appointments_parent_idx" ON "handover_appointments" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handover_configs_community_uq" ON "handover_configs" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "handover_configs_cmp_idx" ON "handover_configs" USING btree ("cmp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handover_records_appointment_uq" ON "handover_records" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "handover_records_room_idx" ON "handover_records" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "handover_records_cmp_idx" ON "handover_records" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "import_batches_cmp_kind_idx" ON "import_batches" USING btree ("cmp_id","kind");--> statement-breakpoint
CREATE INDEX "import_batches_expire_idx" ON "import_batches" USING btree ("status","expire_time");--> statement-breakpoint
CREATE INDEX "meter_bind_logs_meter_idx" ON "meter_bind_logs" USING btree ("meter_id");--> statement-breakpoint
CREATE INDEX "meter_bind_logs_room_idx" ON "meter_bind_logs" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "meter_bind_logs_cmp_idx" ON "meter_bind_logs" USING btree ("cmp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meters_cmp_type_no_uq" ON "meters" USING btree ("cmp_id","meter_type","meter_no");--> statement-breakpoint
CREATE INDEX "meters_community_idx" ON "meters" USING btree ("community_id","meter_type");--> statement-breakpoint
CREATE INDEX "meters_room_idx" ON "meters" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "building_units_building_no_uq" ON "building_units" USING btree ("building_id","unit_no");--> statement-breakpoint
CREATE INDEX "building_units_cmp_idx" ON "building_units" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "building_units_community_idx" ON "building_units" USING btree ("community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_community_name_uq" ON "buildings" USING btree ("community_id","name");--> statement-breakpoint
CREATE INDEX "buildings_cmp_idx" ON "buildings" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "room_status_logs_room_idx" ON "room_status_logs" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "room_status_logs_cmp_idx" ON "room_status_logs" USING btree ("cmp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_unit_no_uq" ON "rooms" USING btree ("unit_id","room_no");--> statement-breakpoint
CREATE INDEX "rooms_scope_idx" ON "rooms" USING btree ("cmp_id","community_id","building_id","status");--> statement-breakpoint
CREATE INDEX "rooms_community_idx" ON "rooms" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "rooms_building_floor_idx" ON "rooms" USING btree ("building_id","floor");--> statement-breakpoint
CREATE INDEX "rooms_owner_idx" ON "rooms" USING btree ("owner_resident_id");--> statement-breakpoint
CREATE INDEX "rooms_full_name_idx" ON "rooms" USING btree ("full_name" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "resident_rooms_active_uq" ON "resident_rooms" USING btree ("room_id","resident_id") WHERE "resident_rooms"."move_out_date" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "resident_rooms_primary_owner_uq" ON "resident_rooms" USING btree ("room_id") WHERE "resident_rooms"."role" = 1 and "resident_rooms"."is_primary" and "resident_rooms"."move_out_date" is null;--> statement-breakpoint
CREATE INDEX "resident_rooms_room_idx" ON "resident_rooms" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "resident_rooms_resident_idx" ON "resident_rooms" USING btree ("resident_id");--> statement-breakpoint
CREATE INDEX "resident_rooms_cmp_idx" ON "resident_rooms" USING btree ("cmp_id","community_id");--> statement-breakpoint
CREATE INDEX "resident_rooms_community_idx" ON "resident_rooms" USING btree ("community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "residents_cmp_mobile_uq" ON "residents" USING btree ("cmp_id","mobile") WHERE not "residents"."is_deleted" and "residents"."mobile" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "residents_cmp_idno_uq" ON "residents" USING btree ("cmp_id","id_type","id_no") WHERE not "residents"."is_deleted" and "residents"."id_no" <> '';--> statement-breakpoint
CREATE INDEX "residents_cmp_name_idx" ON "residents" USING btree ("cmp_id","name");