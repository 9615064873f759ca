ALTER TABLE "memberships" ADD COLUMN "replaces" uuid;--> statement-breakpoint
-- Parallel opens could leave several sessions of one activity open: all but the newest end now.
UPDATE "watch_sessions" SET "ended_at" = now() WHERE "ended_at" IS NULL AND "id" NOT IN (SELECT DISTINCT ON ("activity_id") "id" FROM "watch_sessions" WHERE "ended_at" IS NULL ORDER BY "activity_id", "started_at" DESC, "id");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_sessions_one_open_idx" ON "watch_sessions" USING btree ("activity_id") WHERE "watch_sessions"."ended_at" is null;
