-- What a person came for (issue 34): grow a channel or page, earn, or both; null until they choose.
ALTER TABLE "users" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_purpose_check" CHECK ("purpose" IN ('grow', 'earn', 'both'));
