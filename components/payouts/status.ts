import type { StatusTone } from "@/components/ui/StatusPill";
import type { PayoutStatus } from "@/lib/api/payouts";

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
