CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"booster_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"action" text NOT NULL,
	"type" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text NOT NULL,
	"budget" bigint NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"reward" bigint NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"post_link" text NOT NULL,
	"proof" text,
	"denial_reason" text,
	"reward_transfer_id" uuid,
	"margin_transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "activities_progress_range" CHECK ("activities"."progress" between 0 and 100),
	CONSTRAINT "activities_amounts" CHECK ("activities"."quantity" > 0 and "activities"."budget" >= 0 and "activities"."reward" >= 0 and "activities"."reward" <= "activities"."budget" and "activities"."cost" between 0 and "activities"."budget")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_booster_id_users_id_fk" FOREIGN KEY ("booster_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_reward_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reward_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_margin_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("margin_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_campaign_created_idx" ON "activities" USING btree ("campaign_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activities_booster_created_idx" ON "activities" USING btree ("booster_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activities_status_created_idx" ON "activities" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_one_live_per_line_idx" ON "activities" USING btree ("campaign_id","booster_id","metric") WHERE "activities"."status" <> 'denied';