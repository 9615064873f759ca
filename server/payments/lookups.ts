import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { transactions, users, type Transaction } from "@/server/db/schema";

/** The language a payer's pages are in, for the payment-result page the gateway sends them back to. */
export async function payerLocale(db: Db, userId: string): Promise<string | null> {
  const [owner] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return owner?.locale ?? null;
}

/** A payment of the test gateway by its authority, as its bank page shows it. */
export async function sandboxTransaction(db: Db, authority: string): Promise<Transaction | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.gateway, "sandbox"), eq(transactions.authority, authority)));
  return row ?? null;
}
