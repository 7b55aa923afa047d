CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"max_attempts" smallint DEFAULT 3 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"locked_by" varchar(60) DEFAULT '' NOT NULL,
	"dedupe_key" varchar(120),
	"lock_key" varchar(60),
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text DEFAULT '' NOT NULL,
	"cmp_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
-- Periods already claimed stay claimed: a daily job that ran today before the upgrade does not run again.
INSERT INTO "jobs" ("name", "state", "dedupe_key", "lock_key", "error", "created_at", "updated_at", "finished_at")
	SELECT "job", CASE WHEN "state" = 'failed' THEN 'failed' ELSE 'done' END, "job" || ':' || "run_key", "job", "error",
		"started_at", coalesce("finished_at", "started_at"), coalesce("finished_at", "started_at")
	FROM "job_runs";--> statement-breakpoint
DROP TABLE "job_runs" CASCADE;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "kind" varchar(20) DEFAULT 'image' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "ref_table" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "ref_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "jobs_cmp_idx" ON "jobs" USING btree ("cmp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_uq" ON "jobs" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_lock_running_uq" ON "jobs" USING btree ("lock_key") WHERE state = 'running';--> statement-breakpoint
CREATE INDEX "face_images_img_path_idx" ON "face_images" USING btree ("img_path");--> statement-breakpoint
CREATE INDEX "uploads_ref_idx" ON "uploads" USING btree ("ref_table","ref_id");