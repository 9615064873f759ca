ALTER TABLE "users" ADD COLUMN "iban_check" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "iban_owner_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "iban_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_events" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "inquired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payout_events_to_notify_idx" ON "payout_events" USING btree ("created_at") WHERE "payout_events"."notified_at" is null and "payout_events"."status" in ('confirmed', 'failed');--> statement-breakpoint
-- Steps settled before this migration were never meant to send an SMS.
UPDATE "payout_events" SET "notified_at" = "created_at" WHERE "status" in ('confirmed', 'failed');
