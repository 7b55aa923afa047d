CREATE INDEX "fee_journal_month_item_idx" ON "fee_journal" USING btree ("cmp_id","community_id","bill_month","item_id");--> statement-breakpoint
CREATE INDEX "fee_payment_tenders_method_idx" ON "fee_payment_tenders" USING btree ("cmp_id","created_at","method");--> statement-breakpoint
CREATE INDEX "fee_payments_cashier_time_idx" ON "fee_payments" USING btree ("cmp_id","cashier_id","pay_time");