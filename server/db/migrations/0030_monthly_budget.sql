ALTER TABLE "campaigns" ADD COLUMN "monthly_budget" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "month" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "month_for_tasks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "month_spent_base" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paused_short" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_monthly_idx" ON "campaigns" USING btree ("month") WHERE "campaigns"."monthly_budget" is not null;
