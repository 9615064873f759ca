import { asc, eq } from "drizzle-orm";
import { csvCell } from "@/lib/format/csv";
import { type ActorCtx, executor, type DbCtx } from "@/server/core/context";
import { memberships, membershipPlans, payouts, users, type Payout, type PayoutEvent, type PayoutStatus } from "@/server/db/schema";
import { paged } from "@/server/db/paged";
import { applyPayoutEvent, movePayout } from "@/server/payouts/transitions";
import { withHistory } from "@/server/payouts/queries";
import { boosterRecords } from "@/server/people";
import type { IbanCheckStatus } from "@/lib/schemas/enums";

export type QueuedPayout = {
  payout: Payout;
  history: PayoutEvent[];
  user: {
    id: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    ibanChangedAt: Date | null;
    ibanCheck: IbanCheckStatus | null;
    ibanOwnerName: string | null;
    ibanCheckedAt: Date | null;
  };
  plan: string | null;
  successRate: number | null;
};

/** The admins' queue: payouts of a status (pending by default), oldest first, with who asked and their plan. */
export async function payoutQueue(
  ctx: DbCtx,
  filter: { status: PayoutStatus | undefined; page: number; perPage: number },
): Promise<{ rows: QueuedPayout[]; total: number }> {
  const db = executor(ctx);
  const where = eq(payouts.status, filter.status ?? "pending");
  const { rows, total } = await paged(db, { from: payouts, where, page: filter.page, perPage: filter.perPage }, (where) =>
    db
      .select({
        payout: payouts,
        user: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          phone: users.phone,
          ibanChangedAt: users.ibanChangedAt,
          ibanCheck: users.ibanCheck,
          ibanOwnerName: users.ibanOwnerName,
          ibanCheckedAt: users.ibanCheckedAt,
        },
        plan: membershipPlans.code,
      })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .leftJoin(memberships, eq(memberships.id, payouts.membershipId))
      .leftJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
      .where(where)
      .orderBy(asc(payouts.createdAt), asc(payouts.id)),
  );
  const [withEvents, records] = await Promise.all([
    withHistory(ctx, { rows: rows.map((row) => row.payout) }),
    boosterRecords(ctx, { ids: rows.map((row) => row.user.id) }),
  ]);
  return {
    rows: rows.map((row, i) => ({ ...row, history: withEvents[i]!.history, successRate: records.get(row.user.id)?.successRate ?? null })),
    total,
  };
}

/** Approves each pending payout of the list (one transaction each, each id once); answers which are approved now. */
export async function approvePayouts(ctx: ActorCtx, input: { ids: readonly string[] }): Promise<{ approved: string[]; skipped: string[] }> {
  const { ids } = input;
  const approved: string[] = [];
  const skipped: string[] = [];
  for (const id of new Set(ids)) {
    try {
      const payout = await applyPayoutEvent(ctx, { payoutId: id, event: "approve" });
      (payout.status === "approved" ? approved : skipped).push(id);
    } catch {
      skipped.push(id);
    }
  }
  return { approved, skipped };
}

/**
 * The manual rail: every approved payout, oldest first, as a PAYA batch file (CSV: payout id as the
 * transfer's description, IBAN, amount in Rials, the owner's name and national ID), each moved to
 * active (sent) in its own transaction as it is written. The admin pays the file at the bank, then
 * confirms each payout with the bank's reference, or marks it failed.
 */
export async function exportApprovedPayouts(ctx: ActorCtx): Promise<string> {
  const approved = await ctx.db
    .select({ payout: payouts, firstName: users.firstName, lastName: users.lastName, nationalId: users.nationalId })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.status, "approved"))
    .orderBy(asc(payouts.approvedAt), asc(payouts.id))
    .limit(5_000);
  const lines = ["payout_id,iban,amount_rials,name,national_id"];
  for (const row of approved) {
    // Only what this export moved goes in its file: a payout another export (or the API rail) took is not paid twice.
    const sent = await movePayout(ctx, { payoutId: row.payout.id, event: "submit", rail: "manual" }).catch(() => null);
    if (!sent?.moved) continue;
    lines.push(
      [row.payout.id, row.payout.iban, row.payout.amount, `${row.firstName} ${row.lastName}`.trim(), row.nationalId].map(csvCell).join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}
