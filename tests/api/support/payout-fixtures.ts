import { expect } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { memberships, users } from "@/server/db/schema";
import { systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import type { caller } from "@/tests/api/support/account-helpers";

type Call = ReturnType<typeof caller>;
type Signed = { token: string; user: { id: string } };

/** An IBAN whose checksum is right (Saman). */
export const TEST_IBAN = "IR062960000000100324200001";

/**
 * The boosters of the payout tests: rewards earned (as the release job would have moved them), an
 * IBAN set days ago, a plan bought from the wallet. `person(wallet, verified)` is earnWorld's.
 */
export function payoutWorld(call: Call, database: () => Database, person: (wallet?: number, verified?: boolean) => Promise<Signed>) {
  async function earn(userId: string, rials: number, key = "1") {
    await transfer(
      { db: database().db },
      {
        idempotencyKey: `test-earnings:${userId}:${key}`,
        from: systemAccountCode("promotions"),
        to: userAccountCode(userId, "earnings"),
        amount: rials,
        intent: "reward",
      },
    );
  }

  async function setIban(userId: string, changedHoursAgo = 72) {
    await database()
      .db.update(users)
      .set({ iban: TEST_IBAN, bankName: "saman", ibanChangedAt: new Date(Date.now() - changedHoursAgo * 3_600_000) })
      .where(eq(users.id, userId));
  }

  async function planId(code: string) {
    const plans = (await call("memberships/plans", undefined, { method: "GET" })).body.data as { id: string; code: string }[];
    return plans.find((plan) => plan.code === code)!.id;
  }

  /** A verified booster with an IBAN (and `wallet` Rials in the wallet), no plan yet. */
  async function booster(wallet = 0) {
    const signed = await person(wallet, true);
    await setIban(signed.user.id);
    return signed;
  }

  /** A booster ready to withdraw: `earnings`, a gold plan (24 withdrawals) with `withdrawalsLeft` of them left. */
  async function readyBooster(earnings: number, withdrawalsLeft = 24) {
    const signed = await booster(12_000_000);
    await earn(signed.user.id, earnings);
    expect((await call("memberships", { plan_id: await planId("gold"), pay_from: "wallet" }, { token: signed.token })).status).toBe(201);
    if (withdrawalsLeft < 24)
      await database()
        .db.update(memberships)
        .set({ withdrawalsUsed: 24 - withdrawalsLeft })
        .where(eq(memberships.userId, signed.user.id));
    return signed;
  }

  return { earn, setIban, planId, booster, readyBooster };
}
