ALTER TABLE "lanes" ADD COLUMN "device_key_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "lanes" ADD COLUMN "key_time" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lanes_sn_idx" ON "lanes" USING btree ("device_sn");