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
    created_at: row.createdAt.toISOString(),
    approved_at: row.approvedAt?.toISOString() ?? null,
  };
}
