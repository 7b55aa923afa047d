CREATE TABLE "job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" varchar(60) NOT NULL,
	"run_key" varchar(40) NOT NULL,
	"state" varchar(10) DEFAULT 'running' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_job_key_uq" ON "job_runs" USING btree ("job","run_key");