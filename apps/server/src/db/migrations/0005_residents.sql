CREATE TABLE "face_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"resident_id" integer NOT NULL,
	"img_path" varchar(255) NOT NULL,
	"thumb_path" varchar(255) DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "face_syncs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"face_id" integer NOT NULL,
	"resident_id" integer NOT NULL,
	"lane_id" integer NOT NULL,
	"op" smallint DEFAULT 1 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"try_count" integer DEFAULT 0 NOT NULL,
	"last_try_time" timestamp with time zone,
	"fail_code" varchar(30) DEFAULT '' NOT NULL,
	"fail_reason" varchar(100) DEFAULT '' NOT NULL,
	"done_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "lanes" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"kind" smallint DEFAULT 2 NOT NULL,
	"device_sn" varchar(50) NOT NULL,
	"brand" varchar(10) DEFAULT '' NOT NULL,
	"has_face" boolean DEFAULT false NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"last_seen_time" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"app_user_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"id_no" varchar(30) DEFAULT '' NOT NULL,
	"role" smallint NOT NULL,
	"relation" varchar(20) DEFAULT '' NOT NULL,
	"lease_end" date,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"review_user_id" integer,
	"review_time" timestamp with time zone,
	"reject_reason" varchar(100) DEFAULT '' NOT NULL,
	"resident_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "resident_tag_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"resident_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "resident_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"cmp_id" integer NOT NULL,
	"name" varchar(8) NOT NULL,
	"color" varchar(20) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "resident_rooms" ADD COLUMN "lease_start" date;--> statement-breakpoint
ALTER TABLE "resident_rooms" ADD COLUMN "lease_end" date;--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "avatar" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "emergency_name" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "emergency_mobile" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "app_user_id" integer;--> statement-breakpoint
ALTER TABLE "face_images" ADD CONSTRAINT "face_images_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_images" ADD CONSTRAINT "face_images_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_syncs" ADD CONSTRAINT "face_syncs_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_syncs" ADD CONSTRAINT "face_syncs_face_id_face_images_id_fk" FOREIGN KEY ("face_id") REFERENCES "public"."face_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_syncs" ADD CONSTRAINT "face_syncs_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_syncs" ADD CONSTRAINT "face_syncs_lane_id_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "public"."lanes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lanes" ADD CONSTRAINT "lanes_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lanes" ADD CONSTRAINT "lanes_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_review_user_id_users_id_fk" FOREIGN KEY ("review_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_tag_links" ADD CONSTRAINT "resident_tag_links_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_tag_links" ADD CONSTRAINT "resident_tag_links_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_tag_links" ADD CONSTRAINT "resident_tag_links_tag_id_resident_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."resident_tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_tags" ADD CONSTRAINT "resident_tags_cmp_id_companies_id_fk" FOREIGN KEY ("cmp_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "face_images_active_uq" ON "face_images" USING btree ("resident_id") WHERE "face_images"."status" = 1;--> statement-breakpoint
CREATE INDEX "face_images_resident_idx" ON "face_images" USING btree ("resident_id");--> statement-breakpoint
CREATE INDEX "face_images_cmp_idx" ON "face_images" USING btree ("cmp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "face_syncs_face_lane_op_uq" ON "face_syncs" USING btree ("face_id","lane_id","op");--> statement-breakpoint
CREATE INDEX "face_syncs_lane_state_idx" ON "face_syncs" USING btree ("lane_id","state");--> statement-breakpoint
CREATE INDEX "face_syncs_resident_idx" ON "face_syncs" USING btree ("resident_id");--> statement-breakpoint
CREATE INDEX "face_syncs_cmp_idx" ON "face_syncs" USING btree ("cmp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lanes_cmp_sn_uq" ON "lanes" USING btree ("cmp_id","device_sn");--> statement-breakpoint
CREATE INDEX "lanes_community_idx" ON "lanes" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "registrations_cmp_status_idx" ON "registrations" USING btree ("cmp_id","status","created_at");--> statement-breakpoint
CREATE INDEX "registrations_community_idx" ON "registrations" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "registrations_room_idx" ON "registrations" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "registrations_review_user_idx" ON "registrations" USING btree ("review_user_id");--> statement-breakpoint
CREATE INDEX "registrations_resident_idx" ON "registrations" USING btree ("resident_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_pending_uq" ON "registrations" USING btree ("app_user_id","room_id") WHERE "registrations"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "resident_tag_links_uq" ON "resident_tag_links" USING btree ("resident_id","tag_id");--> statement-breakpoint
CREATE INDEX "resident_tag_links_tag_idx" ON "resident_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "resident_tag_links_cmp_idx" ON "resident_tag_links" USING btree ("cmp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resident_tags_cmp_name_uq" ON "resident_tags" USING btree ("cmp_id","name");--> statement-breakpoint
CREATE INDEX "resident_rooms_role_idx" ON "resident_rooms" USING btree ("cmp_id","community_id","role");--> statement-breakpoint
CREATE INDEX "resident_rooms_lease_idx" ON "resident_rooms" USING btree ("lease_end") WHERE "resident_rooms"."role" = 3;