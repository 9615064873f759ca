import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { transactions } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import { localizedPath } from "@/lib/i18n/negotiate";
import type { Locale } from "@/lib/i18n/locales";

// Issue 17 part 1: a plan paid through a payment gateway (intent membership_payment): the wallet is
// credited with what the gateway confirmed, and the plan bought from it in the same transaction —
// once, however often the callback comes; when the plan cannot be bought, the money stays in the wallet.

const it = apiTest
  // Pays a checkout on the sandbox bank and follows the callback; answers the transaction id.
  .extend(
    "payCheckout",
    ({ call }) =>
      async function payCheckout(token: string, plan: string, locale = "en-US") {
        const started = await call("memberships/checkout", { plan_id: plan, gateway: "sandbox" }, { token, locale });
        expect(started.status).toBe(200);
        expect(started.body.data.transaction).toMatchObject({ intent: "membership_payment", status: "pending" });
        const authority = (started.body.data.redirect_url as string).split("/").at(-1)!;
        const decided = await call(`payments/sandbox/${authority}/decision`, { decision: "pay" }, { locale });
        const callback = new URL(decided.body.data.redirect_url as string, "http://localhost");
        const path = `${callback.pathname.replace(/^\/api\//, "")}${callback.search}`;
        // Back on the result page of the language the checkout began in, whatever the returning browser says.
        const back = await call(path, undefined, { method: "GET", locale: locale === "fa-IR" ? "en-US" : "fa-IR" });
        expect(back.status).toBe(303);
        expect(back.response.headers.get("location")).toBe(
          `${localizedPath(locale as Locale, "/dashboard/payment-result")}?tx=${started.body.data.transaction.id}`,
        );
        return { id: started.body.data.transaction.id as string, amount: started.body.data.transaction.amount as number, path };
      },
  )
  .override("client", ({ serial }) => ({ address: `10.7.23.${serial % 250}` }))
  .override("appDeps", ({ gateways }) => ({ gateways }));

describe("a plan paid through a gateway", () => {
  it("credits the wallet and buys the plan from it, once; a second checkout while the next period is paid keeps the money in the wallet", async ({
    database,
    call,
    person,
    planId,
    get,
    payCheckout,
  }) => {
    const me = await person(0, true);
    const silver = await planId("silver");
    const paid = await payCheckout(me.token, silver, "ar-AE");
    expect(paid.amount).toBe(5_000_000);
    const current = (await get("memberships/current", me.token)).body.data;
    expect(current).toMatchObject({ plan: { code: "silver" }, withdrawals_left: 6 });
    expect(await balancesOf({ db: database.db }, { userId: me.user.id })).toMatchObject({ wallet: 0 });
    // The callback again (a reload): nothing more.
    await call(paid.path, undefined, { method: "GET" });
    expect((await get("memberships/current", me.token)).body.data.id).toBe(current.id);
    expect(await balancesOf({ db: database.db }, { userId: me.user.id })).toMatchObject({ wallet: 0 });

    // Renewed once ahead, then a third period cannot be bought: paid anyway through the gateway, the money stays in the wallet.
    await payCheckout(me.token, silver);
    expect((await get("memberships/current", me.token)).body.data.renewed_until).not.toBeNull();
    const refused = await call("memberships/checkout", { plan_id: silver, gateway: "sandbox" }, { token: me.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error!.code).toBe("membership_already_renewed");
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("a plan taken off sale between checkout and payment: the money stays in the wallet and the transaction says why", async ({
    database,
    call,
    person,
    planId,
    get,
  }) => {
    const me = await person(0, true);
    const bronze = await planId("bronze");
    const started = await call("memberships/checkout", { plan_id: bronze, gateway: "sandbox" }, { token: me.token });
    const { membershipPlans } = await import("@/server/db/schema");
    await database.db.update(membershipPlans).set({ active: false }).where(eq(membershipPlans.id, bronze));
    try {
      const authority = (started.body.data.redirect_url as string).split("/").at(-1)!;
      const decided = await call(`payments/sandbox/${authority}/decision`, { decision: "pay" });
      const callback = new URL(decided.body.data.redirect_url as string, "http://localhost");
      await call(`${callback.pathname.replace(/^\/api\//, "")}${callback.search}`, undefined, { method: "GET" });
      expect((await get("memberships/current", me.token)).body.data).toBeNull();
      expect(await balancesOf({ db: database.db }, { userId: me.user.id })).toMatchObject({ wallet: 2_000_000 });
      const [row] = await database.db.select().from(transactions).where(eq(transactions.id, started.body.data.transaction.id));
      expect(row).toMatchObject({ status: "paid", metadata: expect.objectContaining({ membership_not_bought: "plan_not_found" }) });
    } finally {
      await database.db.update(membershipPlans).set({ active: true }).where(eq(membershipPlans.id, bronze));
    }
    expect((await call("memberships/checkout", { plan_id: bronze, gateway: "nowhere" }, { token: me.token })).status).toBe(400);
  });

  it("a checkout quoted as new, paid after another tab bought the plan: not bought twice, the money stays in the wallet and the payment says why", async ({
    database,
    call,
    person,
    planId,
    get,
  }) => {
    const me = await person(2_000_000, true);
    const bronze = await planId("bronze");
    const started = await call("memberships/checkout", { plan_id: bronze, gateway: "sandbox", kind: "new" }, { token: me.token });
    expect(started.status).toBe(200);
    // The other tab buys from the wallet meanwhile; a checkout still saying "new" is now refused at once.
    expect((await call("memberships", { plan_id: bronze, pay_from: "wallet", kind: "new" }, { token: me.token })).status).toBe(201);
    const stale = await call("memberships/checkout", { plan_id: bronze, gateway: "sandbox", kind: "new" }, { token: me.token });
    expect(stale.status).toBe(409);
    expect(stale.body.error!.code).toBe("membership_changed");

    const authority = (started.body.data.redirect_url as string).split("/").at(-1)!;
    const decided = await call(`payments/sandbox/${authority}/decision`, { decision: "pay" });
    const callback = new URL(decided.body.data.redirect_url as string, "http://localhost");
    await call(`${callback.pathname.replace(/^\/api\//, "")}${callback.search}`, undefined, { method: "GET" });
    // One period (no renewal bought behind the person's back); the card payment is in the wallet.
    expect((await get("memberships/current", me.token)).body.data).toMatchObject({ renewed_until: null });
    expect(await balancesOf({ db: database.db }, { userId: me.user.id })).toMatchObject({ wallet: 2_000_000 });
    const shown = await get(`wallet/transactions/${started.body.data.transaction.id}`, me.token);
    expect(shown.body.data).toMatchObject({ status: "paid", plan_not_bought: "membership_changed" });
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
