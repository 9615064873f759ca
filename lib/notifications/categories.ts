import type { NotificationKind } from "@/lib/schemas/enums";

/** What the preferences are set by (issue 18): each kind of notification belongs to one category. */
export const notificationCategories = ["money", "account", "campaigns", "work", "membership", "invitations"] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/** Money and security (the account) are always shown in the app; the others may be switched off there. */
export const alwaysInApp: readonly NotificationCategory[] = ["money", "account"];

/** The categories that also send an SMS (what must not be missed), each of which the user may switch off. */
export const smsCategories: readonly NotificationCategory[] = ["money", "account", "membership"];

/** The kinds that go by SMS too (the payout's own SMS has its outbox in server/payouts/notices.ts). */
export const smsKinds: readonly NotificationKind[] = ["identity_approved", "identity_rejected", "membership_expiring"];

export function categoryOf(kind: NotificationKind): NotificationCategory {
  if (kind.startsWith("payout_") || kind.startsWith("payment_")) return "money";
  if (kind.startsWith("identity_") || kind.startsWith("webhook_")) return "account";
  if (kind.startsWith("campaign_")) return "campaigns";
  if (kind.startsWith("activity_")) return "work";
  if (kind.startsWith("membership_")) return "membership";
  return "invitations";
}
