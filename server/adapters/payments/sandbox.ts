import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { transactions } from "@/server/db/schema";
import { mergeMetadata } from "@/server/payments";
import type { PaymentGateway } from "./types";

export type SandboxDecision = "paid" | "cancelled";

/**
 * The built-in test gateway: its "bank" is our own page (/sandbox-bank/<authority>), clearly
 * labelled as a test, where the payer presses pay or cancel. The decision is kept on the
 * transaction (metadata.sandbox); verify reads it back like a real gateway would answer.
 */
export function sandboxGateway(database: () => Promise<{ db: Db }>): PaymentGateway {
  return {
    id: "sandbox",
    kind: "test",
    async create() {
      const authority = `SBX${randomBytes(12).toString("hex").toUpperCase()}`;
      return { authority, redirectUrl: `/sandbox-bank/${authority}` };
    },
    async verify({ authority, amount }) {
      const { db } = await database();
      const [row] = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.gateway, "sandbox"), eq(transactions.authority, authority)));
      if (!row) return { status: "failed", reason: "unknown_authority" };
      if (row.amount !== amount) return { status: "failed", reason: "amount_mismatch" };
      const decision = (row.metadata as { sandbox?: SandboxDecision }).sandbox;
      if (decision === "paid") return { status: "paid", reference: `SBX-REF-${authority.slice(3, 15)}` };
      if (decision === "cancelled") return { status: "failed", reason: "cancelled" };
      return { status: "pending" };
    },
    authorityFromCallback: (query) => query.get("Authority"),
  };
}

/**
 * The payer's choice on the sandbox bank page, for a pending sandbox payment only. Like a bank, it decides
 * once: the same choice again answers the payment (a double press), another choice finds nothing. The choice
 * is merged into the metadata in SQL, so a callback handled at the same moment neither loses it nor is lost.
 */
export async function decideSandboxPayment(db: Db, authority: string, decision: SandboxDecision) {
  const [row] = await db
    .update(transactions)
    .set({ metadata: mergeMetadata({ sandbox: decision }), updatedAt: new Date() })
    .where(
      and(
        eq(transactions.gateway, "sandbox"),
        eq(transactions.authority, authority),
        eq(transactions.status, "pending"),
        sql`coalesce(${transactions.metadata}->>'sandbox', ${decision}) = ${decision}`,
      ),
    )
    .returning();
  return row ?? null;
}
