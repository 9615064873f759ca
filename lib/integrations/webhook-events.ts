import type { NotificationKind, WebhookEvent } from "@/lib/schemas/enums";

/**
 * The producer's notifications that are also webhook events: written with the notification, in the
 * same statement and transaction (server/notifications/notify.ts), with its params as the event's data.
 * units.* are not notifications: the minute's job announces them (server/integrations/webhooks/units.ts).
 */
export const webhookEventOfNotification: Partial<Record<NotificationKind, WebhookEvent>> = {
  campaign_approved: "campaign.approved",
  campaign_rejected: "campaign.rejected",
  campaign_completed: "campaign.completed",
  campaign_refunded: "campaign.refunded",
  // A monthly campaign paused because the wallet could not pay its month.
  campaign_paused_short: "wallet.low",
};
