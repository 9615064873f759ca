DROP INDEX "campaigns_owner_status_created_idx";--> statement-breakpoint
DROP INDEX "campaigns_owner_created_idx";--> statement-breakpoint
CREATE INDEX "campaigns_owner_status_created_idx" ON "campaigns" USING btree ("owner_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_owner_created_idx" ON "campaigns" USING btree ("owner_id","created_at","id");