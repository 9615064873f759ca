CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"network" text NOT NULL,
	"strategy" text NOT NULL,
	"link" text NOT NULL,
	"follower_count" integer NOT NULL,
	"hours" integer,
	"percentage" integer,
	"status" text NOT NULL,
	"invoice" jsonb NOT NULL,
	"budget" bigint NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "campaigns_progress_range" CHECK ("campaigns"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "pricing" (
	"network" text NOT NULL,
	"action" text NOT NULL,
	"price" bigint NOT NULL,
	"booster_share" real NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_price_positive" CHECK ("pricing"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_owner_status_created_idx" ON "campaigns" USING btree ("owner_id","status","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_owner_created_idx" ON "campaigns" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_status_created_idx" ON "campaigns" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_one_trial_per_owner_idx" ON "campaigns" USING btree ("owner_id") WHERE "campaigns"."strategy" = 'trial';--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_network_action_idx" ON "pricing" USING btree ("network","action");--> statement-breakpoint
CREATE INDEX "transactions_campaign_idx" ON "transactions" USING btree ("campaign_id","created_at");