import { and, eq } from "drizzle-orm";
import { transactions, users, type Transaction } from "@/server/db/schema";
import { executor, type DbCtx } from "@/server/core/context";

/** The language a payer's pages are in, for the payment-result page the gateway sends them back to. */
export async function payerLocale(ctx: DbCtx, input: { userId: string }): Promise<string | null> {
  const db = executor(ctx);
  const { userId } = input;
  const [owner] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return owner?.locale ?? null;
}

/** A payment of the test gateway by its authority, as its bank page shows it. */
export async function sandboxTransaction(ctx: DbCtx, input: { authority: string }): Promise<Transaction | null> {
  const db = executor(ctx);
  const { authority } = input;
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.gateway, "sandbox"), eq(transactions.authority, authority)));
  return row ?? null;
}
