-- Trigram indexes for the substring searches (core/filters likeText). PGlite loads the extension in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "communities_name_trgm_idx" ON "communities" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "communities_address_trgm_idx" ON "communities" USING gin ("address" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "rooms_full_name_trgm_idx" ON "rooms" USING gin ("full_name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "rooms_room_no_trgm_idx" ON "rooms" USING gin ("room_no" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "residents_name_trgm_idx" ON "residents" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "residents_mobile_trgm_idx" ON "residents" USING gin ("mobile" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "residents_id_no_trgm_idx" ON "residents" USING gin ("id_no" gin_trgm_ops) WITH (gin_pending_list_limit=64);
