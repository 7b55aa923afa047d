CREATE TABLE "access_card_lanes" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"lane_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "access_card_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "access_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"card_no" varchar(20) NOT NULL,
	"card_type" smallint NOT NULL,
	"holder_kind" smallint DEFAULT 1 NOT NULL,
	"holder_resident_id" integer,
	"holder_user_id" integer,
	"holder_name" varchar(30) DEFAULT '' NOT NULL,
	"holder_mobile" varchar(20) DEFAULT '' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"replaced_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "card_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"action" varchar(10) NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "card_pass_records" (
	"id" bigserial NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"lane_id" integer NOT NULL,
	"direction" smallint DEFAULT 1 NOT NULL,
	"method" smallint NOT NULL,
	"card_no" varchar(20) DEFAULT '' NOT NULL,
	"card_id" integer,
	"resident_id" integer,
	"person_name" varchar(30) DEFAULT '' NOT NULL,
	"room_text" varchar(100) DEFAULT '' NOT NULL,
	"result" smallint NOT NULL,
	"deny_reason" varchar(50) DEFAULT '' NOT NULL,
	"photo_path" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"occur_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "card_pass_records_pk" PRIMARY KEY("id","occur_time")
) PARTITION BY RANGE ("occur_time");
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"lane_id" integer NOT NULL,
	"event_id" varchar(64) NOT NULL,
	"event_type" varchar(16) NOT NULL,
	"occur_time" timestamp with time zone NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_time" timestamp with time zone DEFAULT now() NOT NULL,
	"record_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "device_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"lane_id" integer NOT NULL,
	"op" varchar(12) NOT NULL,
	"ref_id" integer NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"sent_time" timestamp with time zone,
	"ack_time" timestamp with time zone,
	"code" varchar(30) DEFAULT '' NOT NULL,
	"reason" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "lane_rate_windows" (
	"lane_id" integer PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"window_sec" bigint NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_pass_records" (
	"id" bigserial NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"plate" varchar(10) NOT NULL,
	"orig_plate" varchar(10) DEFAULT '' NOT NULL,
	"vehicle_id" integer,
	"vehicle_type" smallint DEFAULT 3 NOT NULL,
	"in_lane_id" integer,
	"in_time" timestamp with time zone,
	"in_photo" varchar(255) DEFAULT '' NOT NULL,
	"out_lane_id" integer,
	"out_time" timestamp with time zone,
	"out_photo" varchar(255) DEFAULT '' NOT NULL,
	"duration_minutes" integer,
	"fee_money" numeric(10, 2) DEFAULT '0' NOT NULL,
	"paid_money" numeric(10, 2) DEFAULT '0' NOT NULL,
	"pay_method" smallint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"abnormal_reason" varchar(50) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"rec_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "car_pass_records_pk" PRIMARY KEY("id","rec_time")
) PARTITION BY RANGE ("rec_time");
--> statement-breakpoint
CREATE TABLE "parking_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"code" varchar(20) DEFAULT '' NOT NULL,
	"lot_type" smallint DEFAULT 1 NOT NULL,
	"space_count" integer NOT NULL,
	"temp_enabled" boolean DEFAULT true NOT NULL,
	"free_minutes" integer DEFAULT 0 NOT NULL,
	"first_minutes" integer DEFAULT 60 NOT NULL,
	"first_money" numeric(10, 2) DEFAULT '0' NOT NULL,
	"unit_minutes" integer DEFAULT 60 NOT NULL,
	"unit_money" numeric(10, 2) DEFAULT '0' NOT NULL,
	"daily_cap_money" numeric(10, 2) DEFAULT '0' NOT NULL,
	"expired_as_temp" boolean DEFAULT true NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "parking_spaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"space_no" varchar(20) NOT NULL,
	"space_type" smallint DEFAULT 1 NOT NULL,
	"area" numeric(10, 2),
	"status" smallint DEFAULT 1 NOT NULL,
	"owner_resident_id" integer,
	"room_id" integer,
	"rent_start" date,
	"rent_end" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "vehicle_renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"old_end" date,
	"new_end" date NOT NULL,
	"months" smallint DEFAULT 0 NOT NULL,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"plate" varchar(10) NOT NULL,
	"plate_color" smallint DEFAULT 1 NOT NULL,
	"owner_resident_id" integer,
	"owner_name" varchar(30) DEFAULT '' NOT NULL,
	"owner_mobile" varchar(20) DEFAULT '' NOT NULL,
	"room_id" integer,
	"vehicle_type" smallint NOT NULL,
	"space_id" integer,
	"valid_start" date,
	"valid_end" date,
	"brand" varchar(30) DEFAULT '' NOT NULL,
	"color" varchar(20) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"status_reason" varchar(100) DEFAULT '' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "lanes" ADD COLUMN "lot_id" integer;--> statement-breakpoint
ALTER TABLE "lanes" ADD COLUMN "direction" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "lanes" ADD COLUMN "building_id" integer;--> statement-breakpoint
ALTER TABLE "lanes" ADD COLUMN "unit_id" integer;--> statement-breakpoint
ALTER TABLE "lanes" ADD COLUMN "rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lanes" ADD COLUMN "firmware" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lanes" ADD COLUMN "ip" varchar(45) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_card_lanes" ADD CONSTRAINT "access_card_lanes_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_card_lanes" ADD CONSTRAINT "access_card_lanes_card_id_access_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."access_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_card_lanes" ADD CONSTRAINT "access_card_lanes_lane_id_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "public"."lanes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_card_rooms" ADD CONSTRAINT "access_card_rooms_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_card_rooms" ADD CONSTRAINT "access_card_rooms_card_id_access_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."access_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_card_rooms" ADD CONSTRAINT "access_card_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_cards" ADD CONSTRAINT "access_cards_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_cards" ADD CONSTRAINT "access_cards_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_cards" ADD CONSTRAINT "access_cards_holder_resident_id_residents_id_fk" FOREIGN KEY ("holder_resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_cards" ADD CONSTRAINT "access_cards_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_logs" ADD CONSTRAINT "card_logs_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_logs" ADD CONSTRAINT "card_logs_card_id_access_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."access_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_pass_records" ADD CONSTRAINT "card_pass_records_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_pass_records" ADD CONSTRAINT "card_pass_records_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_pass_records" ADD CONSTRAINT "card_pass_records_lane_id_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "public"."lanes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_lane_id_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "public"."lanes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tasks" ADD CONSTRAINT "device_tasks_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tasks" ADD CONSTRAINT "device_tasks_lane_id_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "public"."lanes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_rate_windows" ADD CONSTRAINT "lane_rate_windows_lane_id_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "public"."lanes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_rate_windows" ADD CONSTRAINT "lane_rate_windows_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_pass_records" ADD CONSTRAINT "car_pass_records_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_pass_records" ADD CONSTRAINT "car_pass_records_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_pass_records" ADD CONSTRAINT "car_pass_records_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_pass_records" ADD CONSTRAINT "car_pass_records_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_pass_records" ADD CONSTRAINT "car_pass_records_in_lane_id_lanes_id_fk" FOREIGN KEY ("in_lane_id") REFERENCES "public"."lanes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_pass_records" ADD CONSTRAINT "car_pass_records_out_lane_id_lanes_id_fk" FOREIGN KEY ("out_lane_id") REFERENCES "public"."lanes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_lots" ADD CONSTRAINT "parking_lots_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_lots" ADD CONSTRAINT "parking_lots_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_owner_resident_id_residents_id_fk" FOREIGN KEY ("owner_resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_renewals" ADD CONSTRAINT "vehicle_renewals_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_renewals" ADD CONSTRAINT "vehicle_renewals_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_owner_resident_id_residents_id_fk" FOREIGN KEY ("owner_resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_space_id_parking_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."parking_spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_card_lanes_uq" ON "access_card_lanes" USING btree ("card_id","lane_id");--> statement-breakpoint
CREATE INDEX "access_card_lanes_lane_idx" ON "access_card_lanes" USING btree ("lane_id");--> statement-breakpoint
CREATE INDEX "access_card_lanes_cmp_idx" ON "access_card_lanes" USING btree ("cmp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_card_rooms_uq" ON "access_card_rooms" USING btree ("card_id","room_id");--> statement-breakpoint
CREATE INDEX "access_card_rooms_room_idx" ON "access_card_rooms" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "access_card_rooms_cmp_idx" ON "access_card_rooms" USING btree ("cmp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_cards_cmp_card_no_uq" ON "access_cards" USING btree ("cmp_id","card_no") WHERE "access_cards"."status" <> 3;--> statement-breakpoint
CREATE INDEX "access_cards_cmp_card_no_idx" ON "access_cards" USING btree ("cmp_id","card_no");--> statement-breakpoint
CREATE INDEX "access_cards_cmp_valid_to_idx" ON "access_cards" USING btree ("cmp_id","valid_to");--> statement-breakpoint
CREATE INDEX "access_cards_cmp_community_idx" ON "access_cards" USING btree ("cmp_id","community_id","id");--> statement-breakpoint
CREATE INDEX "access_cards_holder_resident_idx" ON "access_cards" USING btree ("holder_resident_id");--> statement-breakpoint
CREATE INDEX "access_cards_holder_user_idx" ON "access_cards" USING btree ("holder_user_id");--> statement-breakpoint
CREATE INDEX "card_logs_card_idx" ON "card_logs" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "card_logs_cmp_idx" ON "card_logs" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "card_pass_records_cmp_time_idx" ON "card_pass_records" USING btree ("cmp_id","occur_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "card_pass_records_cmp_card_time_idx" ON "card_pass_records" USING btree ("cmp_id","card_no","occur_time");--> statement-breakpoint
CREATE INDEX "card_pass_records_lane_time_idx" ON "card_pass_records" USING btree ("lane_id","occur_time");--> statement-breakpoint
CREATE INDEX "card_pass_records_community_idx" ON "card_pass_records" USING btree ("community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_events_lane_event_uq" ON "device_events" USING btree ("lane_id","event_id");--> statement-breakpoint
CREATE INDEX "device_events_lane_time_idx" ON "device_events" USING btree ("lane_id","occur_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_events_received_idx" ON "device_events" USING btree ("received_time");--> statement-breakpoint
CREATE INDEX "device_events_cmp_idx" ON "device_events" USING btree ("cmp_id");--> statement-breakpoint
CREATE INDEX "device_tasks_lane_state_idx" ON "device_tasks" USING btree ("lane_id","state","id");--> statement-breakpoint
CREATE INDEX "device_tasks_open_idx" ON "device_tasks" USING btree ("created_at") WHERE "device_tasks"."state" in (0, 1);--> statement-breakpoint
CREATE INDEX "device_tasks_cmp_ref_idx" ON "device_tasks" USING btree ("cmp_id","ref_id");--> statement-breakpoint
CREATE INDEX "car_pass_records_cmp_time_idx" ON "car_pass_records" USING btree ("cmp_id","rec_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "car_pass_records_lot_plate_state_idx" ON "car_pass_records" USING btree ("lot_id","plate","state");--> statement-breakpoint
CREATE INDEX "car_pass_records_in_lot_idx" ON "car_pass_records" USING btree ("lot_id","in_time") WHERE "car_pass_records"."state" = 1;--> statement-breakpoint
CREATE INDEX "car_pass_records_vehicle_idx" ON "car_pass_records" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "car_pass_records_in_lane_idx" ON "car_pass_records" USING btree ("in_lane_id");--> statement-breakpoint
CREATE INDEX "car_pass_records_out_lane_idx" ON "car_pass_records" USING btree ("out_lane_id");--> statement-breakpoint
CREATE INDEX "car_pass_records_community_idx" ON "car_pass_records" USING btree ("community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_lots_community_name_uq" ON "parking_lots" USING btree ("community_id","name");--> statement-breakpoint
CREATE INDEX "parking_lots_cmp_community_idx" ON "parking_lots" USING btree ("cmp_id","community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_spaces_lot_no_uq" ON "parking_spaces" USING btree ("lot_id","space_no");--> statement-breakpoint
CREATE INDEX "parking_spaces_lot_status_idx" ON "parking_spaces" USING btree ("lot_id","status");--> statement-breakpoint
CREATE INDEX "parking_spaces_cmp_community_idx" ON "parking_spaces" USING btree ("cmp_id","community_id","lot_id","space_no");--> statement-breakpoint
CREATE INDEX "parking_spaces_owner_idx" ON "parking_spaces" USING btree ("owner_resident_id");--> statement-breakpoint
CREATE INDEX "parking_spaces_room_idx" ON "parking_spaces" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "vehicle_renewals_vehicle_idx" ON "vehicle_renewals" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_renewals_cmp_payment_idx" ON "vehicle_renewals" USING btree ("cmp_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_lot_plate_uq" ON "vehicles" USING btree ("lot_id","plate") WHERE not "vehicles"."is_deleted";--> statement-breakpoint
CREATE INDEX "vehicles_cmp_plate_idx" ON "vehicles" USING btree ("cmp_id","plate");--> statement-breakpoint
CREATE INDEX "vehicles_cmp_valid_end_idx" ON "vehicles" USING btree ("cmp_id","valid_end");--> statement-breakpoint
CREATE INDEX "vehicles_cmp_community_idx" ON "vehicles" USING btree ("cmp_id","community_id","id");--> statement-breakpoint
CREATE INDEX "vehicles_owner_idx" ON "vehicles" USING btree ("owner_resident_id");--> statement-breakpoint
CREATE INDEX "vehicles_room_idx" ON "vehicles" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "vehicles_space_idx" ON "vehicles" USING btree ("space_id");--> statement-breakpoint
CREATE INDEX "vehicles_plate_trgm_idx" ON "vehicles" USING gin ("plate" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
ALTER TABLE "lanes" ADD CONSTRAINT "lanes_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lanes" ADD CONSTRAINT "lanes_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lanes" ADD CONSTRAINT "lanes_unit_id_building_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."building_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lanes_lot_idx" ON "lanes" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "lanes_building_idx" ON "lanes" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "lanes_unit_idx" ON "lanes" USING btree ("unit_id");--> statement-breakpoint
-- Both record tables are range-partitioned by month (parking-access.md "Entities"): a default partition takes any
-- month not yet declared, and linli_month_partitions declares months ahead (the 03:00 clean-up calls it too).
-- A month whose rows already sit in the default partition is left there rather than failing the caller.
CREATE OR REPLACE FUNCTION linli_month_partitions(parent text, first_month date, months int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  m date;
  part text;
BEGIN
  FOR i IN 0 .. months - 1 LOOP
    m := (date_trunc('month', first_month) + make_interval(months => i))::date;
    part := parent || '_p' || to_char(m, 'YYYYMM');
    IF to_regclass(part) IS NULL THEN
      BEGIN
        EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, parent,
          m::text || ' 00:00:00+00', (m + interval '1 month')::date::text || ' 00:00:00+00');
      EXCEPTION WHEN check_violation THEN
        NULL;
      END;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TABLE "car_pass_records_pdefault" PARTITION OF "car_pass_records" DEFAULT;
--> statement-breakpoint
CREATE TABLE "card_pass_records_pdefault" PARTITION OF "card_pass_records" DEFAULT;
--> statement-breakpoint
SELECT linli_month_partitions('car_pass_records', (now() - interval '1 month')::date, 15);
--> statement-breakpoint
SELECT linli_month_partitions('card_pass_records', (now() - interval '1 month')::date, 15);
