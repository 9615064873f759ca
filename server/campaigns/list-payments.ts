import { and, desc, eq } from "drizzle-orm";
import { paged } from "@/server/db/paged";
import { transactions, type Transaction, type TransactionStatus } from "@/server/db/schema";
import { executor, type DbCtx } from "@/server/core/context";

/** A campaign's payments, newest first, one page of them and their total (GET campaigns/{id}/payments). */
export async function campaignPayments(
  ctx: DbCtx,
  input: { campaignId: string; status?: TransactionStatus | undefined; page: number; perPage: number },
): Promise<{ rows: Transaction[]; total: number }> {
  const db = executor(ctx);
  const { campaignId, status, page, perPage } = input;
  const where = status
    ? and(eq(transactions.campaignId, campaignId), eq(transactions.status, status))
    : eq(transactions.campaignId, campaignId);
  return paged(db, { from: transactions, where, page, perPage }, (where) =>
    db.select().from(transactions).where(where).orderBy(desc(transactions.createdAt)),
  );
}
