import { z } from "@hono/zod-openapi";
import { transactionIntents, transactionStatuses, type Transaction } from "@/server/db/schema";

export const transactionOutput = z
  .object({
    id: z.string().uuid(),
    amount: z.number().int().openapi({ description: "Rials" }),
    status: z.enum(transactionStatuses),
    intent: z.enum(transactionIntents),
    gateway: z.string().nullable(),
    reference: z.string().nullable().openapi({ description: "The gateway's reference once paid" }),
    failure_reason: z.string().nullable(),
    created_at: z.string().openapi({ format: "date-time" }),
    approved_at: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("Transaction");
export type TransactionOutput = z.infer<typeof transactionOutput>;

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
