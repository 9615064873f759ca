ALTER TABLE "pricing" ADD COLUMN "refill_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The guarantee's defaults (lib/campaigns/pricing.ts DEFAULT_REFILL_DAYS) for the prices already set.
UPDATE "pricing" SET "refill_days" = 30 WHERE "action" IN ('subscribe', 'follow', 'like', 'comment');
