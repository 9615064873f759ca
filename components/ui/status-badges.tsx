"use client";
import { StatusLabel, type StatusTone } from "@/components/ui/StatusPill";
import type {
  ActivityStatus,
  apiKeyStates,
  CampaignStatus,
  InvitationStatus,
  PayoutStatus,
  StatementStatus,
  TransactionStatus,
  WebhookDeliveryState,
} from "@/lib/schemas/enums";
import type { WebhookView } from "@/lib/schemas/webhooks";

/**
 * The colour of every status, once (its word is in the messages: campaigns.status, campaigns.activities.status,
 * payouts.status, invitations.status, integrations.state, integrations.webhooks.states, integrations.webhooks.deliveryStates,
 * wallet.status): each feature's lists and the back office's people view
 * read the same tones.
 */

const campaignTones: Record<CampaignStatus, StatusTone> = {
  awaiting_payment: "warning",
  awaiting_review: "info",
  active: "success",
  paused: "muted",
  completed: "success",
  paid: "neutral",
  rejected: "danger",
};

/** A campaign's status as a coloured label. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <StatusLabel status={status} tones={campaignTones} messages="campaigns.status" />;
}

const activityTones: Record<ActivityStatus, StatusTone> = {
  pending: "muted",
  in_progress: "info",
  awaiting_review: "warning",
  approved: "success",
  completed: "success",
  denied: "danger",
};

/** An activity's status as a coloured label (the producer's and the booster's views alike). */
export function ActivityStatusBadge({ status }: { status: ActivityStatus }) {
  return <StatusLabel status={status} tones={activityTones} messages="campaigns.activities.status" fallbackTone="muted" />;
}

/** The colour of each payout status (its word is in payouts.status). */
export const payoutTones: Record<PayoutStatus, StatusTone> = {
  pending: "warning",
  approved: "info",
  active: "info",
  confirmed: "success",
  denied: "danger",
  failed: "danger",
  reversed: "danger",
};

/** The colour of each invitation status (the inviter's list, the back office's people view). */
export const invitationTones: Record<InvitationStatus, StatusTone> = {
  pending: "warning",
  registered: "info",
  paid: "info",
  joined: "success",
};

/** The colour of each API key's state (its word is in integrations.state). */
export const apiKeyTones: Record<(typeof apiKeyStates)[number], StatusTone> = { active: "success", expired: "muted", revoked: "danger" };

/** The colour of each webhook endpoint's state (its word is in integrations.webhooks.states). */
export const webhookTones: Record<WebhookView["state"], StatusTone> = { active: "success", disabled: "danger" };

/** The colour of each webhook delivery's state (its word is in integrations.webhooks.deliveryStates). */
export const webhookDeliveryTones: Record<WebhookDeliveryState, StatusTone> = {
  pending: "warning",
  delivered: "success",
  failed: "danger",
};

/** The colour of each transaction status (its word is in wallet.status). */
export const transactionTones: Record<TransactionStatus, StatusTone> = { paid: "success", pending: "warning", failed: "danger" };
export const statementTones: Record<StatementStatus, StatusTone> = { paid: "success", pending: "warning", held: "info", failed: "danger" };
