CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inviter_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"membership_id" uuid,
	"invitee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"texted_at" timestamp with time zone,
	"text_outcome" text,
	"registered_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"reward_due_at" timestamp with time zone,
	"no_reward_reason" text,
	"joined_at" timestamp with time zone,
	"reward_transfer_id" uuid
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_reward_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reward_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_phone_idx" ON "invitations" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_code_idx" ON "invitations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invitations_inviter_idx" ON "invitations" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_to_text_idx" ON "invitations" USING btree ("created_at") WHERE "invitations"."texted_at" is null;--> statement-breakpoint
CREATE INDEX "invitations_reward_due_idx" ON "invitations" USING btree ("reward_due_at") WHERE "invitations"."status" = 'paid';