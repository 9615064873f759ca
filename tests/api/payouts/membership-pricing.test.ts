import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { memberships, transactions } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { quoteMembership, type MembershipState } from "@/server/payouts/membership-quote";
import { apiTest } from "@/tests/api/support/fixture";

// Issue 30 items 1 and 2: a membership purchase is priced for everything it gives (an upgrade adds
// withdrawals and invitations in proportion to the days it pays for), and a purchase the person did not
// see — another tab bought a plan meanwhile — is refused instead of charged.

const it = apiTest
  .extend(
    "periodsOf",
    ({ database }) =>
      (userId: string) =>
        database.db.select().from(memberships).where(eq(memberships.userId, userId)).orderBy(memberships.startsAt, memberships.createdAt),
  )
  // Moves the caller's period in force so that it ends `ms` from now (as if bought long ago; ten seconds more, for the test's own time).
  .extend(
    "endsIn",
    ({ database, periodsOf }) =>
      async function endsIn(userId: string, ms: number) {
        const [period] = await periodsOf(userId);
        const endsAt = new Date(Date.now() + ms + 10_000);
        await database.db
          .update(memberships)
          .set({ startsAt: new Date(Math.min(Date.now() - 1_000, endsAt.getTime() - 30 * DAY)), endsAt })
          .where(eq(memberships.id, period!.id));
      },
  )
  .override("client", ({ serial }) => ({ address: `10.7.30.${serial % 250}` }));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("an upgrade is priced for what it gives", () => {
  it("in the last hour of a bronze period whose withdrawals are used: gold costs 2,778 Rials and adds no withdrawal", async ({
    database,
    call,
    earn,
    planId,
    booster,
    get,
    endsIn,
  }) => {
    const buyer = await booster(20_000_000);
    await earn(buyer.user.id, 60_000_000);
    const [bronze, gold] = [await planId("bronze"), await planId("gold")];
    expect((await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: buyer.token })).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await call("payouts", { amount: 3_000_000 }, { token: buyer.token })).status).toBe(201);
    await endsIn(buyer.user.id, HOUR);

    const quote = await get(`memberships/quote?plan_id=${gold}`, buyer.token);
    expect(quote.status).toBe(200);
    expect(quote.body.data).toMatchObject({
      kind: "upgrade",
      price: 2_778,
      adds: { withdrawals: 0, invitations: 0 },
      withdrawals_allowed: 2,
    });
    expect(quote.body.data.days_left).toBeCloseTo(1 / 24, 2);

    const upgraded = await call(
      "memberships",
      { plan_id: gold, pay_from: "wallet", kind: "upgrade", price: 2_778 },
      { token: buyer.token },
    );
    expect(upgraded.status).toBe(201);
    expect(upgraded.body.data).toMatchObject({ kind: "upgrade", paid: 2_778, membership: { withdrawals_left: 0, plan: { code: "gold" } } });
    // Before: 17 more withdrawals at once (51,000,000 Rials). Now: none.
    const more = await call("payouts", { amount: 3_000_000 }, { token: buyer.token });
    expect(more.status).toBe(400);
    expect(more.body.error!.code).toBe("ERR_MAX_WITHDRAWALS_REACHED");
    expect((await balancesOf({ db: database.db }, { userId: buyer.user.id })).earnings).toBe(54_000_000);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("with 30 days left: the difference per day buys the difference in allowance per day (2 + 6 withdrawals, 5 + 15 invitations)", async ({
    call,
    planId,
    booster,
    periodsOf,
    endsIn,
  }) => {
    const buyer = await booster(20_000_000);
    const [bronze, gold] = [await planId("bronze"), await planId("gold")];
    await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: buyer.token });
    await endsIn(buyer.user.id, 30 * DAY);
    const upgraded = await call("memberships", { plan_id: gold, pay_from: "wallet" }, { token: buyer.token });
    expect(upgraded.status).toBe(201);
    // 30 days × (12,000,000 / 90 − 2,000,000 / 30) = 2,000,000; 30 × (24/90 − 2/30) = 6; 30 × (60/90 − 5/30) = 15.
    expect(upgraded.body.data).toMatchObject({
      kind: "upgrade",
      paid: 2_000_000,
      membership: { withdrawals_allowed: 8, withdrawals_left: 8, invitations_allowed: 20, invitations_left: 20 },
    });
    // What was paid for both periods, against what a whole gold period costs per withdrawal.
    const [ended, carried] = await periodsOf(buyer.user.id);
    expect(carried!.replaces).toBe(ended!.id);
    expect(ended!.endsAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("a renewal bought, then an upgrade on the period's last day: gold's allowance is not bought for half its price", async ({
    call,
    planId,
    booster,
    endsIn,
  }) => {
    const buyer = await booster(20_000_000);
    const [bronze, gold] = [await planId("bronze"), await planId("gold")];
    await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: buyer.token });
    await endsIn(buyer.user.id, DAY);
    // A renewal waiting refuses the upgrade (one current and one waiting period at most) …
    await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: buyer.token });
    const refused = await call("memberships", { plan_id: gold, pay_from: "wallet" }, { token: buyer.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error!.code).toBe("membership_already_renewed");
    // … and without one, a day's upgrade adds one day's difference: 0.2 withdrawals and 0.5 invitations, rounded down.
    const other = await booster(20_000_000);
    await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: other.token });
    await endsIn(other.user.id, DAY);
    const day = await call("memberships", { plan_id: gold, pay_from: "wallet" }, { token: other.token });
    expect(day.body.data).toMatchObject({ paid: 66_667, membership: { withdrawals_allowed: 2, invitations_allowed: 5 } });
  });

  it("a payout denied after an upgrade gives its withdrawal back to the upgraded period", async ({
    call,
    admin,
    earn,
    planId,
    booster,
    get,
    periodsOf,
    endsIn,
  }) => {
    const adminToken = await admin();
    const buyer = await booster(20_000_000);
    await earn(buyer.user.id, 10_000_000);
    const [bronze, gold] = [await planId("bronze"), await planId("gold")];
    await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: buyer.token });
    const requested = await call("payouts", { amount: 3_000_000 }, { token: buyer.token });
    await endsIn(buyer.user.id, 15 * DAY);
    expect((await call("memberships", { plan_id: gold, pay_from: "wallet" }, { token: buyer.token })).status).toBe(201);
    const before = (await get("memberships/current", buyer.token)).body.data;
    expect(before).toMatchObject({ withdrawals_allowed: 5, withdrawals_left: 4 });
    const denied = await call(`admin/payouts/${requested.body.data.payout.id}/deny`, { reason: "Wrong account" }, { token: adminToken });
    expect(denied.status).toBe(200);
    expect((await get("memberships/current", buyer.token)).body.data).toMatchObject({ withdrawals_left: 5 });
    const [ended] = await periodsOf(buyer.user.id);
    expect(ended!.withdrawalsUsed).toBe(1);
  });

  it("the rule itself: never more allowance than the price pays for, at any minute of a period", () => {
    const plan = (code: string, price: number, periodDays: number, withdrawals: number, invitations: number) =>
      ({ id: code, code, price, periodDays, withdrawalsPerPeriod: withdrawals, invitationsPerPeriod: invitations }) as never;
    const bronze = plan("bronze", 2_000_000, 30, 2, 5);
    const gold = plan("gold", 12_000_000, 90, 24, 60);
    const now = new Date("2026-11-26T12:00:00Z");
    for (let minutesLeft = 0; minutesLeft <= 30 * 1_440; minutesLeft += 97) {
      const state: MembershipState = {
        current: {
          membership: {
            startsAt: new Date(now.getTime() - 86_400_000),
            endsAt: new Date(now.getTime() + minutesLeft * 60_000),
            withdrawalsAllowed: 2,
            withdrawalsUsed: 2,
            invitationsAllowed: 5,
            invitationsUsed: 1,
          } as never,
          plan: bronze,
        },
        next: null,
        paidUntil: null,
      };
      const quote = quoteMembership(gold, state, now);
      const days = minutesLeft / 1_440;
      // The withdrawals and invitations added cost, at gold's own price per withdrawal, no more than was paid.
      expect(quote.adds.withdrawals).toBeLessThanOrEqual((24 / 90 - 2 / 30) * days + 1e-9);
      expect(quote.adds.invitations).toBeLessThanOrEqual((60 / 90 - 5 / 30) * days + 1e-9);
      expect(quote.adds.withdrawals).toBeGreaterThan((24 / 90 - 2 / 30) * days - 1);
      expect(quote.price).toBeGreaterThanOrEqual(Math.max(1, (12_000_000 / 90 - 2_000_000 / 30) * days - 1e-6));
      expect(quote.withdrawalsAllowed - quote.withdrawalsUsed).toBe(quote.adds.withdrawals);
    }
  });
});

describe("a purchase is what the person saw", () => {
  it("two tabs that both showed 'buy': one period and one clear refusal, nothing charged twice", async ({
    database,
    call,
    planId,
    booster,
    get,
    periodsOf,
  }) => {
    const buyer = await booster(10_000_000);
    const bronze = await planId("bronze");
    const [tabA, tabB] = [
      await get(`memberships/quote?plan_id=${bronze}`, buyer.token),
      await get(`memberships/quote?plan_id=${bronze}`, buyer.token),
    ];
    expect(tabA.body.data).toMatchObject({ kind: "new", price: 2_000_000, adds: { withdrawals: 2, invitations: 5 } });
    const seen = (quote: typeof tabA) => ({
      plan_id: bronze,
      pay_from: "wallet",
      kind: quote.body.data.kind,
      price: quote.body.data.price,
    });
    expect((await call("memberships", seen(tabA), { token: buyer.token })).status).toBe(201);
    const second = await call("memberships", seen(tabB), { token: buyer.token, locale: "fa-IR" });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: "membership_changed" });
    expect(second.body.error!.message).toMatch(/عضویت شما/);
    expect(await periodsOf(buyer.user.id)).toHaveLength(1);
    expect((await balancesOf({ db: database.db }, { userId: buyer.user.id })).wallet).toBe(8_000_000);
  });

  it("a price above the one shown is refused; the quote and the purchase agree", async ({ database, call, planId, booster, get }) => {
    const buyer = await booster(20_000_000);
    const [bronze, gold] = [await planId("bronze"), await planId("gold")];
    await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: buyer.token });
    const quote = (await get(`memberships/quote?plan_id=${gold}`, buyer.token)).body.data;
    const cheaper = await call(
      "memberships",
      { plan_id: gold, pay_from: "wallet", kind: "upgrade", price: quote.price - 1_000 },
      { token: buyer.token },
    );
    expect(cheaper.status).toBe(409);
    expect(cheaper.body.error!.code).toBe("membership_changed");
    const asShown = await call(
      "memberships",
      { plan_id: gold, pay_from: "wallet", kind: quote.kind, price: quote.price },
      { token: buyer.token },
    );
    expect(asShown.status).toBe(201);
    expect(asShown.body.data.paid).toBeLessThanOrEqual(quote.price);
    expect(asShown.body.data.membership.withdrawals_allowed).toBe(quote.withdrawals_allowed);
    const charged = await database.db.select().from(transactions).where(eq(transactions.userId, buyer.user.id));
    expect(charged.filter((row) => row.intent === "pay_membership")).toHaveLength(2);
  });
});
