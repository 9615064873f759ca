import { z } from "zod";
import { campaignEvents } from "@/lib/campaigns/state-machine";
import { dateTime, endpoint, paging, text, uuidParam } from "./common";
import { membershipPurchaseKinds, payoutEventNames } from "./payouts";

/** What an audit row is about (the back office filters by it). */
export const auditTargetTypes = [
  "user",
  "campaign",
  "activity",
  "payout",
  "membership",
  "membership_plan",
  "invitation",
  "setting",
  "content_page",
  "pricing",
  "api_key",
] as const;

/**
 * Every action the audit log records (the back office names each in the reader's language:
 * messages admin.audit.actions.<group>.<verb>); tests/unit/audit/audit-actions.test.ts holds the code to it.
 */
export const auditActions = [
  "user.profile_updated",
  "user.password_changed",
  "user.password_reset",
  "user.notification_preferences",
  "user.banned",
  "user.unbanned",
  "user.ban_expired",
  "user.admin_created",
  "user.admin_promoted",
  "identity.requested",
  "identity.approved",
  "identity.rejected",
  "youtube.connect",
  "youtube.disconnect",
  ...campaignEvents.map((event) => `campaign.${event}` as const),
  "campaign.monthly_budget",
  "campaign.month_short",
  "campaign.month_renewed",
  "campaign.pace",
  "campaign.ends_at",
  "campaign.top_up",
  "activity.approve",
  "activity.approve_checked",
  "activity.approve_watched",
  "activity.approve_overdue",
  "activity.deny",
  "activity.revise",
  "activity.drop",
  "activity.drop_guaranteed",
  "payout.requested",
  ...payoutEventNames.map((event) => `payout.${event}` as const),
  "payouts.withdrawals_enabled",
  "payouts.withdrawals_disabled",
  ...membershipPurchaseKinds.map((kind) => `membership.${kind}` as const),
  "membership_plan.created",
  "membership_plan.updated",
  "invitation.sent",
  "invitations.reward_set",
  "pricing.updated",
  "content_page.created",
  "content_page.updated",
  "demo.clock_advanced",
  "api_key.created",
  "api_key.revoked",
  "api_key.order_placed",
  "api_key.order_canceled",
] as const;

const AUDIT_ACTION = /^[a-z_.]*$/;

/** GET admin/audit: newest first; an action's beginning (payout., campaign.approve), its target, who acted. */
export const auditListQuery = z.object({
  action: text("invalid_value")
    .trim()
    .max(60, "invalid_value")
    .regex(AUDIT_ACTION, "invalid_value")
    .meta({ pattern: AUDIT_ACTION.source, description: "One of the listed actions (exactly), or any other beginning of one (payout.)" })
    .optional(),
  target_type: z.enum(auditTargetTypes, "invalid_value").optional(),
  target_id: text("invalid_value").trim().max(80, "invalid_value").optional(),
  actor_id: uuidParam().optional(),
  ...paging,
});
export type AuditListQuery = z.input<typeof auditListQuery>;

/** OpenAPI component AuditEntry: who did what, to what, when and from where. */
export const auditEntryOutput = z.object({
  id: z.string().uuid(),
  actor: z
    .object({ id: z.string().uuid(), name: z.string(), phone: z.string().nullable() })
    .nullable()
    .meta({ description: "null: the system (a job)" }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  subject: z
    .object({
      name: z.string().nullable().meta({ description: "The person's name, the campaign's, or (for work) its campaign's" }),
      user_id: z.string().uuid().nullable().meta({ description: "The person the target is or belongs to" }),
      campaign_id: z.string().uuid().nullable().meta({ description: "The campaign the target is or belongs to" }),
    })
    .nullable()
    .meta({ description: "What the target is, in words and links (null: a setting, prices, a page, or a target since deleted)" }),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  at: dateTime(),
});
export type AuditEntry = z.infer<typeof auditEntryOutput>;

/* ---- Endpoints: the route (server/audit) and the browser (lib/api/admin-audit.ts) read these ---- */

export const auditEndpoints = {
  list: endpoint({ method: "get", path: "/admin/audit", query: auditListQuery, response: auditEntryOutput, list: true }),
};
