CREATE TABLE "app_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"price" bigint NOT NULL,
	"period_days" integer NOT NULL,
	"withdrawals_per_period" integer NOT NULL,
	"invitations_per_period" integer NOT NULL,
	"retention_days" integer,
	"daily_task_bonus" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_plans_price_positive" CHECK ("membership_plans"."price" > 0),
	CONSTRAINT "membership_plans_period" CHECK ("membership_plans"."period_days" in (30, 90)),
	CONSTRAINT "membership_plans_limits" CHECK ("membership_plans"."withdrawals_per_period" >= 0 and "membership_plans"."invitations_per_period" >= 0)
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"withdrawals_allowed" integer NOT NULL,
	"withdrawals_used" integer DEFAULT 0 NOT NULL,
	"invitations_allowed" integer NOT NULL,
	"invitations_used" integer DEFAULT 0 NOT NULL,
	"price_paid" bigint NOT NULL,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_period" CHECK ("memberships"."ends_at" > "memberships"."starts_at"),
	CONSTRAINT "memberships_withdrawals" CHECK ("memberships"."withdrawals_used" >= 0 and "memberships"."withdrawals_used" <= "memberships"."withdrawals_allowed"),
	CONSTRAINT "memberships_invitations" CHECK ("memberships"."invitations_used" >= 0 and "memberships"."invitations_used" <= "memberships"."invitations_allowed")
);
--> statement-breakpoint
CREATE TABLE "payout_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" uuid NOT NULL,
	"status" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"iban" text NOT NULL,
	"bank_name" text,
	"membership_id" uuid,
	"transfer_id" uuid NOT NULL,
	"reason" text,
	"bank_reference" text,
	"rail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "iban_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_plans_code_idx" ON "membership_plans" USING btree ("code");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "payout_events_payout_idx" ON "payout_events" USING btree ("payout_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at");--> statement-breakpoint
-- The three plans every installation starts with (prices in Rials; the pages quote them in toman).
INSERT INTO "membership_plans" ("code", "names", "price", "period_days", "withdrawals_per_period", "invitations_per_period", "retention_days", "daily_task_bonus", "sort_order") VALUES
  ('bronze', '{"fa-IR":"برنزی","en-US":"Bronze","tr-TR":"Bronz","ar-AE":"برونزي"}', 2000000, 30, 2, 5, NULL, 0, 1),
  ('silver', '{"fa-IR":"نقره‌ای","en-US":"Silver","tr-TR":"Gümüş","ar-AE":"فضي"}', 5000000, 30, 6, 20, 5, 10, 2),
  ('gold', '{"fa-IR":"طلایی","en-US":"Gold","tr-TR":"Altın","ar-AE":"ذهبي"}', 12000000, 90, 24, 60, 3, 25, 3)
ON CONFLICT ("code") DO NOTHING;
