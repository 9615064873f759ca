import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { transactions, type Transaction, type TransactionStatus } from "@/server/db/schema";

/** A campaign's payments, newest first, one page of them and their total (GET campaigns/{id}/payments). */
export async function campaignPayments(
  db: Db,
  campaignId: string,
  { status, page, perPage }: { status?: TransactionStatus; page: number; perPage: number },
): Promise<{ rows: Transaction[]; total: number }> {
  const where = status
    ? and(eq(transactions.campaignId, campaignId), eq(transactions.status, status))
    : eq(transactions.campaignId, campaignId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
