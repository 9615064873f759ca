-- Signed webhooks (issue 36 item 4): a producer's HTTPS endpoints and the events each hears. `secret` is
-- the HMAC key deliveries are signed with (the receiver holds it too, so it is kept, not hashed).
-- `failing_since` marks when deliveries began to fail; 24 hours later the endpoint is disabled.
CREATE TABLE "webhook_endpoints" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "events" text[] NOT NULL,
  "secret" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "failing_since" timestamp with time zone,
  "disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user_idx" ON "webhook_endpoints" ("user_id");
--> statement-breakpoint
-- One row per delivery, written in the transaction of the change it announces (an outbox): nothing is
-- lost between a commit and its delivery. `dedupe_key` makes a replayed change write nothing twice.
-- `retry_from` starts the 24 hours of retries (a resend starts them again); `claimed_until` keeps one
-- instance's attempt from being taken by another while it runs.
CREATE TABLE "webhook_deliveries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "event" text NOT NULL,
  "data" jsonb NOT NULL,
  "dedupe_key" text NOT NULL,
  "state" text NOT NULL DEFAULT 'pending',
  "attempts" integer NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "retry_from" timestamp with time zone NOT NULL DEFAULT now(),
  "next_attempt_at" timestamp with time zone NOT NULL DEFAULT now(),
  "claimed_until" timestamp with time zone,
  "last_status" integer,
  "last_error" text,
  "delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_dedupe_idx" ON "webhook_deliveries" ("endpoint_id", "dedupe_key");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "state" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" ("endpoint_id", "created_at");
--> statement-breakpoint
-- What each campaign's units.* deliveries have announced so far (delivered, dropped, refilled totals of
-- campaign_delivery_days): the minute's job announces what grew since.
CREATE TABLE "webhook_unit_marks" (
  "campaign_id" uuid PRIMARY KEY REFERENCES "campaigns"("id") ON DELETE CASCADE,
  "delivered" integer NOT NULL DEFAULT 0,
  "dropped" integer NOT NULL DEFAULT 0,
  "refilled" integer NOT NULL DEFAULT 0
);
