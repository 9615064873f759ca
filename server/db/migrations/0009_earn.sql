ALTER TABLE "activities" ADD COLUMN "denial_code" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "check_method" text DEFAULT 'review' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "proof_username" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "revision_note" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "revisions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "appeal_note" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "appealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "dropped_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "activities_review_queue_idx" ON "activities" USING btree ("submitted_at","id") WHERE "activities"."status" = 'awaiting_review';--> statement-breakpoint
CREATE INDEX "activities_release_due_idx" ON "activities" USING btree ("release_at","id") WHERE "activities"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_revisions_once" CHECK ("activities"."revisions" between 0 and 1);--> statement-breakpoint
-- Work approved before retention existed is held for the same period from its approval.
UPDATE "activities" SET "approved_at" = coalesce("reviewed_at", "updated_at"), "release_at" = coalesce("reviewed_at", "updated_at") + interval '7 days', "decided_by" = 'admin' WHERE "status" = 'approved';
--> statement-breakpoint
-- Denials from before reason codes: expiries as such, a reviewer's as "other" (so they can be appealed).
UPDATE "activities" SET "denial_code" = CASE WHEN "denial_reason" = 'expired' THEN 'expired' ELSE 'other' END, "decided_by" = CASE WHEN "denial_reason" = 'expired' THEN NULL ELSE 'admin' END WHERE "status" = 'denied';
