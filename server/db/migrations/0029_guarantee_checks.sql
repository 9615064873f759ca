ALTER TABLE "campaigns" ADD COLUMN "guarantee_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "guarantee_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "refill" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "activities_guarantee_due_idx" ON "activities" USING btree ("campaign_id") WHERE "activities"."status" = 'completed' and "activities"."check_method" = 'api' and "activities"."guarantee_checked_at" is null;--> statement-breakpoint
CREATE INDEX "activities_guarantee_drops_idx" ON "activities" USING btree ("dropped_at","campaign_id") WHERE "activities"."guarantee_checked_at" is not null and "activities"."denial_code" = 'dropped';