import type { CampaignStatus } from "./state-machine";

/**
 * How a created campaign's invoice stands, for its view: the quote it keeps (what the wallet
 * covered) is from the moment it was created, so a campaign paid later would otherwise still read
 * "left to pay". Free (a Trial), unpaid (awaiting payment), refunded (rejected: the escrow went back
 * to the wallet), or paid.
 */
export type InvoiceSettlement = "free" | "unpaid" | "refunded" | "paid";

export function invoiceSettlement(status: CampaignStatus, total: number): InvoiceSettlement {
  if (total <= 0) return "free";
  if (status === "awaiting_payment") return "unpaid";
  if (status === "rejected") return "refunded";
  return "paid";
}
