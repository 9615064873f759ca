import type { NotificationKind } from "@/lib/schemas/enums";

/** The page each kind of notification is about (locale-free; the link adds the reader's). */
export function notificationHref(kind: NotificationKind, params: Record<string, string | number | null>): string {
  const group = kind.slice(0, kind.indexOf("_"));
  switch (group) {
    case "campaign":
      return typeof params.campaign_id === "string" ? `/dashboard/campaigns/view/${params.campaign_id}` : "/dashboard/campaigns";
    case "payment":
      return "/dashboard/wallet";
    case "activity":
      return "/dashboard/earn_money";
    case "payout":
      return "/dashboard/payouts";
    case "identity":
      return "/dashboard/profile";
    case "membership":
      return "/dashboard/payouts#plans";
    case "webhook":
      return "/dashboard/integrations";
    default:
      return "/dashboard/invitations";
  }
}
