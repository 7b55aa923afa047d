CREATE TABLE "sign_in_guards" (
	"key" varchar(80) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_guards_window_idx" ON "sign_in_guards" USING btree ("window_start");--> statement-breakpoint
-- A demo database seeded before this column existed: its company is the one the demo seed wrote.
UPDATE "companies" SET "is_demo" = true WHERE "name" = '邻里物业' AND "intro" = '演示企业：用于体验邻里智慧物业的全部功能。';
