-- API keys (issue 36): a producer's programs act for them with `Authorization: Bearer tk_…`. Only the
-- key's SHA-256 is kept (the key is 32 random bytes, so a fast hash is enough); `prefix` tells keys apart
-- on screen. Each use counts in a one-minute window on the key's own row (its rate limit, shared by every
-- instance) and marks when and from where it was last used. Revoked and expired keys answer 401 at once.
CREATE TABLE "api_keys" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "prefix" text NOT NULL,
  "secret_hash" text NOT NULL,
  "scopes" text[] NOT NULL,
  "ip_allow" text[] NOT NULL DEFAULT '{}',
  "expires_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "revoked_at" timestamp with time zone,
  "last_used_at" timestamp with time zone,
  "last_used_ip" text,
  "window_started_at" timestamp with time zone NOT NULL DEFAULT now(),
  "window_uses" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_idx" ON "api_keys" ("secret_hash");
--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" ("user_id", "created_at");
