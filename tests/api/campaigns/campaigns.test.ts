import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { campaigns, ledgerAccounts } from "@/server/db/schema";
import { completeEndedCampaigns } from "@/server/campaigns/transitions";
import { countMarketplaceQueue } from "@/server/campaigns/queries";
import type { CampaignStatus } from "@/lib/campaigns/state-machine";
import { balancesOf, checkLedgerInvariants, systemAccountCode } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { countDrift, fundWallet, smartCampaign } from "@/tests/api/support/campaign-fixtures";

const it = apiTest
  .extend(
    "producer",
    ({ database, sms, call }) =>
      async function producer(walletRials: number, phone = "09121234567") {
        const signed = await registerAndSignIn(call, sms, { phone, email: `${phone}@example.com` });
        if (walletRials > 0) await fundWallet(database.db, signed.user.id, walletRials);
        return signed;
      },
  )
  // A producer with 5,000,000 Rials and their Smart campaign paid from the wallet, awaiting review.
  .extend("created", async ({ call, producer }) => {
    const { token, user } = await producer(5_000_000);
    const created = await call("campaigns", smartCampaign, { token });
    expect(created.status).toBe(200);
    return { token, user, id: created.body.data.campaign.id as string, fee: created.body.data.campaign.invoice.fee as number };
  })
  .override("client", ({ serial }) => ({ address: `10.8.0.${serial % 250}` }))
  .override("appDeps", ({ gateways }) => ({ gateways }));

// After every test the trigger-kept counts (campaign_counts) equal a real count, and the ledger is sound.
it.afterEach(async ({ database }) => {
  expect(await countDrift(database.db)).toEqual([]);
  expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
});

const smart = smartCampaign;

describe("campaigns", () => {
  it("quotes, creates from the wallet into escrow, is approved (fee to revenue), paused and activated", async ({
    database,
    call,
    admin,
    producer,
    get,
  }) => {
    const { token, user } = await producer(5_000_000);
    const quote = await call("campaigns/quote", smart, { token });
    expect(quote.status).toBe(200);
    const total = quote.body.data.total as number;
    expect(total).toBe(quote.body.data.subtotal + quote.body.data.fee);
    expect(quote.body.data.wallet_covers).toBe(total);
    expect(quote.body.data.lines.length).toBeGreaterThan(0);

    const created = await call("campaigns", smart, { token });
    expect(created.status).toBe(200);
    expect(created.body.data.message).toBe("Campaign created.");
    expect(created.body.data.campaign).toMatchObject({ status: "awaiting_review", budget: total, network: "youtube", strategy: "smart" });
    expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(5_000_000 - total);
    const id = created.body.data.campaign.id as string;

    expect((await call(`campaigns/${id}/pause`, {}, { token })).status).toBe(409);
    const adminToken = await admin();
    const approved = await call(`admin/campaigns/${id}/approve`, {}, { token: adminToken });
    expect(approved.body.data.campaign.status).toBe("active");
    const paused = await call(`campaigns/${id}/pause`, {}, { token });
    expect(paused.body.data).toMatchObject({ message: "Campaign paused.", campaign: { status: "paused" } });
    const activated = await call(`campaigns/${id}/activate`, {}, { token, locale: "fa-IR" });
    expect(activated.body.data).toMatchObject({ message: "کمپین فعال شد.", campaign: { status: "active" } });
    expect((await call(`campaigns/${id}/activate`, {}, { token })).status).toBe(409);

    const list = await get("campaigns?status=active", token);
    expect(list.body.meta.total).toBe(1);
    const dashboard = await get("dashboard", token);
    expect(dashboard.body.data.active_campaigns.count).toBe(1);
    expect(dashboard.body.data.wallet.wallet_balance).toBe(5_000_000 - total);
    const payments = await get(`campaigns/${id}/payments`, token);
    expect(payments.body.data[0]).toMatchObject({ intent: "campaign_creation", status: "paid", amount: total });
  });

  it("charges exactly the amount typed and shown as the total; the escrow keeps the budget for tasks once the fee leaves", async ({
    database,
    call,
    admin,
    producer,
    escrow,
    get,
  }) => {
    const { token, user } = await producer(20_000_000);
    const revenue = async () =>
      (
        await database.db
          .select({ balance: ledgerAccounts.balance })
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.code, systemAccountCode("revenue")))
      )[0]?.balance ?? 0;
    const adminToken = await admin();
    // The figure: 10,000,000 typed was charged 10,999,450. An awkward one too.
    for (const amount of [10_000_000, 3_333_337]) {
      const body = { ...smart, amount };
      const quote = (await call("campaigns/quote", body, { token })).body.data;
      expect(quote.total).toBe(amount);
      expect(quote.subtotal + quote.fee).toBe(amount);
      expect(quote.fee).toBe(Math.floor(amount / 11));
      const revenueBefore = await revenue();
      const walletBefore = (await balancesOf({ db: database.db }, { userId: user.id })).wallet;

      const created = await call("campaigns", body, { token });
      expect(created.status).toBe(200);
      const campaign = created.body.data.campaign;
      expect(campaign.budget).toBe(amount);
      expect(campaign.invoice).toMatchObject({ subtotal: quote.subtotal, fee: quote.fee, total: amount });
      expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(walletBefore - amount);
      expect((await escrow(campaign.id)).balance).toBe(amount);
      const payments = await get(`campaigns/${campaign.id}/payments`, token);
      expect(payments.body.data).toHaveLength(1);
      expect(payments.body.data[0]).toMatchObject({ intent: "campaign_creation", status: "paid", amount });

      const approved = await call(`admin/campaigns/${campaign.id}/approve`, {}, { token: adminToken });
      expect(approved.body.data.campaign.status).toBe("active");
      expect((await escrow(campaign.id)).balance).toBe(quote.subtotal);
      expect((await revenue()) - revenueBefore).toBe(quote.fee);
    }
  });

  it("the list and the dashboard check the session in their own statement: right figures while it is open, 401 once it is not", async ({
    database,
    call,
    producer,
    get,
  }) => {
    const { token, user } = await producer(3_000_000);
    const other = await producer(0, "09121234568");
    const row = (ownerId: string, status: CampaignStatus, minutes: number) => ({
      ownerId,
      name: `${status} ${minutes}`,
      network: "youtube" as const,
      strategy: "smart" as const,
      link: "https://www.youtube.com/@takapoo_channel",
      followerCount: 1000,
      status,
      invoice: { lines: [], subtotal: 0, fee: 0, total: 0 },
      budget: 1000,
      createdAt: new Date(Date.now() - minutes * 60_000),
    });
    await database.db
      .insert(campaigns)
      .values([
        row(user.id, "active", 1),
        row(user.id, "active", 2),
        row(user.id, "completed", 3),
        row(user.id, "paid", 4),
        row(user.id, "awaiting_review", 5),
        row(other.user.id, "active", 6),
      ]);

    const list = await get("campaigns?per_page=2", token);
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBe(5);
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(["active 1", "active 2"]);
    const past = await get("campaigns?page=9&per_page=2", token);
    expect(past.body).toMatchObject({ data: [], meta: { total: 5 } });
    const dashboard = await get("dashboard", token);
    const balances = await balancesOf({ db: database.db }, { userId: user.id });
    expect(dashboard.body.data).toMatchObject({
      campaigns: { completed: 2, awaiting_review: 1, active: 2 },
      wallet: { wallet_balance: balances.wallet, earnings_balance: balances.earnings, held_balance: balances.held },
      active_campaigns: { count: 2 },
    });
    expect(dashboard.body.data.wallet.wallet_balance).toBe(3_000_000);
    expect(dashboard.body.data.active_campaigns.items.map((c: { name: string }) => c.name)).toEqual(["active 1", "active 2"]);
    // The marketplace queue counts every owner's active campaigns (the dashboard shows that count up
    // to 10 s late, so an earlier test's may still be the one it shows).
    expect(await countMarketplaceQueue({ db: database.db })).toBe(3);
    const fresh = await producer(0, "09121234569");
    expect((await get("dashboard", fresh.token)).body.data).toMatchObject({
      campaigns: { completed: 0, awaiting_review: 0, active: 0 },
      active_campaigns: { count: 0, items: [] },
    });

    // Logged out: the token is still well signed and unexpired, but its session is closed.
    expect((await call("auth/logout", {}, { token })).status).toBe(200);
    for (const path of ["campaigns", "campaigns?status=active", "campaigns?page=9", "dashboard"]) {
      const refused = await get(path, token);
      expect(refused.status, path).toBe(401);
      expect(refused.body.data).toBeUndefined();
    }
    expect((await get("campaigns", `${token}x`)).status).toBe(401);
    expect((await call("campaigns", undefined, { method: "GET" })).status).toBe(401);
  });

  it("refuses a short wallet with 403 and creates nothing; bad input is 422 with SPEC's texts", async ({ call, producer, get }) => {
    const { token } = await producer(100_000);
    const short = await call("campaigns", smart, { token });
    expect(short.status).toBe(403);
    expect(short.body.error!.message).toBe("Your wallet balance is not enough for this.");
    expect((await get("campaigns", token)).body.meta.total).toBe(0);
    const bad = await call("campaigns", { ...smart, link: "https://youtube.com.evil.example/@x", name: "" }, { token });
    expect(bad.status).toBe(422);
    expect(bad.body.error!.message).toBe("Please fill in all required fields.");
    expect(bad.body.error!.fields).toMatchObject({ link: "Please enter a valid link." });
    const unaccepted: Partial<typeof smart> = { ...smart };
    delete unaccepted.accept_policies;
    for (const body of [unaccepted, { ...smart, accept_policies: false }, { ...smart, accept_policies: "yes" }]) {
      const refused = await call("campaigns", body, { token });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.error!.fields ?? {})).toEqual(["accept_policies"]);
    }
    // The quote is the form's live preview: it does not ask for the policies.
    expect((await call("campaigns/quote", unaccepted, { token })).status).toBe(200);
    expect((await get("campaigns", token)).body.meta.total).toBe(0);
    expect((await call("campaigns", "{", { token })).status).toBe(400);
    expect((await call("campaigns", smart)).status).toBe(401);
    // A page past what a list may ask for names the list's own bound, however far past it is.
    for (const page of ["100001", "99999999999999999999"]) {
      const far = await get(`campaigns?page=${page}`, token);
      expect(far.status).toBe(422);
      expect(far.body.error!.fields).toEqual({ page: "Enter a number of at most 100,000." });
    }
  });

  it("a Trial is free and once per user", async ({ call, producer }) => {
    const { token } = await producer(0);
    const trial = { ...smart, strategy: "trial", amount: undefined };
    expect((await call("campaigns", trial, { token })).status).toBe(200);
    const again = await call("campaigns", trial, { token });
    expect(again.status).toBe(409);
    expect(again.body.error!.message).toBe("Campaign already created");
  });

  it("rejection refunds the escrow to the wallet with the reason shown; others see 404 everywhere", async ({
    database,
    call,
    admin,
    producer,
    get,
    created: { user, id },
  }) => {
    const stranger = await producer(0, "09350000044");
    for (const [method, path] of [
      ["GET", `campaigns/${id}`],
      ["GET", `campaigns/${id}/activities`],
      ["GET", `campaigns/${id}/payments`],
      ["POST", `campaigns/${id}/pause`],
      ["POST", `campaigns/${id}/activate`],
    ] as const) {
      const answer = method === "GET" ? await get(path, stranger.token) : await call(path, {}, { token: stranger.token });
      expect(answer.status, path).toBe(404);
    }
    expect((await call(`admin/campaigns/${id}/approve`, {}, { token: stranger.token })).status).toBe(404);
    const adminToken = await admin();
    const rejected = await call(`admin/campaigns/${id}/reject`, { reason: "The channel link is not yours." }, { token: adminToken });
    expect(rejected.body.data.campaign).toMatchObject({ status: "rejected", rejection_reason: "The channel link is not yours." });
    expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(5_000_000);
    expect((await call(`admin/campaigns/${id}/approve`, {}, { token: adminToken })).status).toBe(409);
  });

  it("completes when its end date passes and returns what the escrow holds", async ({
    database,
    call,
    admin,
    get,
    created: { token, user, id, fee },
  }) => {
    const adminToken = await admin();
    await call(`admin/campaigns/${id}/approve`, {}, { token: adminToken });
    expect(await completeEndedCampaigns({ db: database.db })).toBe(0);
    await database.db
      .update(campaigns)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(campaigns.id, id));
    expect(await completeEndedCampaigns({ db: database.db })).toBe(1);
    const after = await get(`campaigns/${id}`, token);
    expect(after.body.data.status).toBe("paid");
    expect(after.body.data.completed_at).toBeTruthy();
    expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(5_000_000 - fee);
    expect(await completeEndedCampaigns({ db: database.db })).toBe(0);
  });

  it("admins set prices (audited); the quote follows; nobody else may", async ({ call, admin, producer }) => {
    const { token } = await producer(0);
    const before = await call("pricing", undefined, { method: "GET" });
    expect(before.body.data.find((p: { network: string; action: string }) => p.network === "youtube" && p.action === "like")).toBeTruthy();
    const change = { prices: [{ network: "youtube", action: "like", price: 9_000, booster_share: 0.5 }] };
    expect((await call("admin/pricing", change, { method: "PUT", token })).status).toBe(404);
    const adminToken = await admin();
    const updated = await call("admin/pricing", change, { method: "PUT", token: adminToken });
    expect(updated.status).toBe(200);
    expect(
      updated.body.data.find((p: { action: string; network: string }) => p.network === "youtube" && p.action === "like"),
    ).toMatchObject({ price: 9_000, booster_share: 0.5 });
    const unknown = await call(
      "admin/pricing",
      { prices: [change.prices[0], { network: "youtube", action: "teleport", price: 1, booster_share: 0.5 }] },
      { method: "PUT", token: adminToken },
    );
    expect([unknown.status, unknown.body.error!.code]).toEqual([422, "price_action_unknown"]);
    expect(unknown.body.error!.fields).toEqual({ "prices.1.action": "This network has no such action to price." });
    const quote = await call("campaigns/quote", smart, { token });
    expect(quote.body.data.lines.find((l: { metric: string }) => l.metric === "likes").unit_price).toBe(9_000);
  });

  it("paid through a gateway: awaiting payment, then awaiting review once the gateway says paid", async ({ call, producer, get }) => {
    const { token } = await producer(0);
    const created = await call("campaigns", { ...smart, gateway: "sandbox" }, { token });
    expect(created.body.data.campaign.status).toBe("awaiting_payment");
    const authority = (created.body.data.redirect_url as string).split("/").at(-1)!;
    const decided = await call(`payments/sandbox/${authority}/decision`, { decision: "pay" });
    const back = new URL(decided.body.data.redirect_url as string, "http://localhost");
    await call(`${back.pathname.replace(/^\/api\//, "")}${back.search}`, undefined, { method: "GET" });
    const after = await get(`campaigns/${created.body.data.campaign.id}`, token);
    expect(after.body.data.status).toBe("awaiting_review");
  });
});
