import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { transactions, type Transaction } from "@/server/db/schema";
import { AppError } from "@/server/http/errors";
import { transfer, userAccountCode, withRetry } from "@/server/domain/ledger";

/**
 * Pays one of the user's pending transactions (a campaign, a membership …) from their wallet into
 * the account `to`: exactly once (the ledger key is the transaction's id), never overdrawing.
 * SPEC §8 campaign payments: 404 not found, 401 someone else's, 403 already paid, 403 insufficient balance.
 */
export async function payFromWallet(db: Db, input: { userId: string; transactionId: string; to: string }): Promise<Transaction> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(transactions).where(eq(transactions.id, input.transactionId)).for("update");
      if (!row) throw new AppError("transaction_not_found");
      if (row.userId !== input.userId) throw new AppError("transaction_unauthorized");
      if (row.status === "paid") throw new AppError("transaction_already_paid");
      if (row.status !== "pending") throw new AppError("transaction_not_found");
      const moved = await transfer(
        db,
        {
          idempotencyKey: `transaction:${row.id}`,
          from: userAccountCode(row.userId, "wallet"),
          to: input.to,
          amount: row.amount,
          intent: row.intent,
          metadata: { transaction_id: row.id },
        },
        { tx },
      );
      const [paid] = await tx
        .update(transactions)
        .set({ status: "paid", gateway: "wallet", transferId: moved.id, approvedAt: new Date(), updatedAt: new Date() })
        .where(eq(transactions.id, row.id))
        .returning();
      return paid!;
    }),
  );
}
