ALTER TABLE "payout_events" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reason_code" text;--> statement-breakpoint
-- The bank's refusals used to be stored as English words around the provider's code, shown as such
-- inside Persian pages: keep the provider's code as the detail and say the rest by code.
UPDATE "payouts" SET "reason_code" = 'bank_refused', "reason" = NULLIF(substring("reason" from '\((.*)\)$'), '') WHERE "reason" LIKE 'The bank refused the transfer%';--> statement-breakpoint
UPDATE "payout_events" SET "reason_code" = 'bank_refused', "note" = NULLIF(substring("note" from '\((.*)\)$'), '') WHERE "note" LIKE 'The bank refused the transfer%';
--> statement-breakpoint
UPDATE "payouts" SET "reason_code" = CASE "status" WHEN 'failed' THEN 'bank_failed' ELSE 'bank_returned' END WHERE "rail" = 'jibit' AND "reason_code" IS NULL AND "status" IN ('failed', 'reversed');
