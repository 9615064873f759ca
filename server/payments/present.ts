import type { Transaction as TransactionOutput } from "@/lib/schemas/wallet";
import type { Transaction } from "@/server/db/schema";

/** A transaction row as the contract's Transaction (lib/schemas/wallet.ts). */
export function toTransactionOutput(row: Transaction): TransactionOutput {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status,
    intent: row.intent,
    gateway: row.gateway,
    reference: row.reference,
    failure_reason: row.failureReason,
    campaign_id: row.campaignId,
    plan_not_bought: planNotBought(row),
    created_at: row.createdAt.toISOString(),
    approved_at: row.approvedAt?.toISOString() ?? null,
  };
}

/** Why a plan paid by card was not bought at settlement (settle-payment.ts notes the refusal's code). */
function planNotBought(row: Transaction): string | null {
  if (row.intent !== "membership_payment") return null;
  const code = (row.metadata as { membership_not_bought?: unknown } | null)?.membership_not_bought;
  return typeof code === "string" ? code : null;
}
