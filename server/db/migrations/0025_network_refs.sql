ALTER TABLE "campaigns" ADD COLUMN "network_channel_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "network_missing_on" date;