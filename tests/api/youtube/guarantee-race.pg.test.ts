import { describe, expect } from "vitest";
import { like } from "drizzle-orm";
import { ledgerTransfers } from "@/server/db/schema";
import { checkGuarantees } from "@/server/youtube/guarantee";
import { closeGuarantees } from "@/server/activities/refill";
import { balancesOf, campaignEscrowCode, checkLedgerInvariants } from "@/server/ledger";
import { adapter, DAY, TARGET, it } from "@/tests/api/youtube/guarantee-support";

// PostgreSQL only (*.pg.test.ts): real connections racing.

describe("the guarantee's re-check under concurrency (PostgreSQL)", () => {
  it("two runs of the guarantee job at once act once: one drop, one claw-back, one refund when the window closes", async ({
    database,
    row,
    balance,
    refunds,
    told,
    finishedCampaign,
  }) => {
    const db = database.db;
    const { id, boosters, ids, reward, budget, walletGain } = await finishedCampaign(3);
    boosters[1]!.google.subscriptions.delete(TARGET);

    const now = new Date();
    const runs = await Promise.all([checkGuarantees({ db, now, accounts: adapter() }), checkGuarantees({ db, now, accounts: adapter() })]);
    expect(runs.reduce((n, run) => n + run.dropped, 0)).toBe(1);
    expect(runs.reduce((n, run) => n + run.kept, 0)).toBe(2);
    expect(await row(ids[1]!)).toMatchObject({ status: "denied", denialCode: "dropped" });
    for (const i of [0, 2]) expect(await row(ids[i]!)).toMatchObject({ status: "completed", guaranteeCheckedAt: now });
    expect(await balancesOf({ db }, { userId: boosters[1]!.user.id })).toMatchObject({ earnings: 0 });
    expect(await balancesOf({ db }, { userId: boosters[0]!.user.id })).toMatchObject({ earnings: reward });
    expect(await balance(campaignEscrowCode(id))).toBe(budget);
    const clawbacks = await db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `activity:${ids[1]}:guarantee-%`));
    expect(clawbacks.map((t) => t.idempotencyKey).sort()).toEqual([
      `activity:${ids[1]}:guarantee-clawback`,
      `activity:${ids[1]}:guarantee-margin`,
    ]);
    expect(await told(boosters[1]!.user.id, "activity_guarantee_dropped")).toHaveLength(1);

    // The window closes; ten closings at once refund the unrefilled unit once.
    const closedAt = new Date(now.getTime() + 3 * DAY);
    const closings = await Promise.all(Array.from({ length: 10 }, () => closeGuarantees({ db }, { now: closedAt })));
    expect(closings.reduce((n, closed) => n + closed, 0)).toBe(1);
    expect(await walletGain()).toBe(budget);
    expect(await balance(campaignEscrowCode(id))).toBe(0);
    expect((await refunds(id)).filter((r) => r.amount === budget)).toHaveLength(1);
    expect(await checkLedgerInvariants({ db })).toEqual([]);
  });
});
