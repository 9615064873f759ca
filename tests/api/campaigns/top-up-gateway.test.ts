import { describe, expect } from "vitest";
import { and, eq } from "drizzle-orm";
import { campaigns, ledgerTransfers, transactions } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";

const it = apiTest
  .override("client", ({ serial }) => ({ address: `10.7.11.${serial % 250}` }))
  .override("appDeps", ({ gateways }) => ({ gateways }))
  // A producer's approved Smart campaign, their wallet's balance, and `paid(redirect)`: the sandbox bank pays and calls back.
  .extend("campaign", async ({ approvedCampaign, database, call }) => {
    const campaign = await approvedCampaign();
    const wallet = async () => (await balancesOf({ db: database.db }, { userId: campaign.producer.user.id })).wallet;
    const paid = async (redirect: string) => {
      const decided = await call(`payments/sandbox/${redirect.split("/").at(-1)!}/decision`, { decision: "pay" }, { locale: "tr-TR" });
      const back = new URL(decided.body.data.redirect_url as string, "http://localhost");
      return `${back.pathname.replace(/^\/api\//, "")}${back.search}`;
    };
    // A top-up of 1,100,000 Rials through the sandbox gateway, as its owner.
    const start = (key?: string) =>
      call(
        `campaigns/${campaign.id}/top-up`,
        { amount: 1_100_000, gateway: "sandbox" },
        // Begun on a Turkish page: the bank's page and the way back speak Turkish.
        { token: campaign.producer.token, locale: "tr-TR", ...(key ? { headers: { "idempotency-key": key } } : {}) },
      );
    return { ...campaign, wallet, paid, start, before: await wallet() };
  });

// Issue 32 item 5: a top-up paid through a gateway, with its own payment; the campaign grows once it is paid.
describe("a top-up through a gateway", () => {
  it("waits for the gateway, then tops the campaign up once; the wallet ends where it was", async ({ database, call, get, campaign }) => {
    const { id, producer, total, wallet, paid, before } = campaign;
    const started = await campaign.start("gw-top-up-1");
    expect(started.status).toBe(200);
    const { transaction, redirect_url, added, campaign: shown } = started.body.data;
    expect(transaction).toMatchObject({
      status: "pending",
      intent: "campaign_top_up",
      gateway: "sandbox",
      campaign_id: id,
      amount: 1_100_000,
    });
    expect(redirect_url).toMatch(/sandbox/);
    expect(added.total).toBe(1_100_000);
    // In the language of the page it began on.
    expect(started.body.data.message).toBe(
      "Bütçe artırımını ödemek için ödeme altyapısına gidiyorsunuz; ödeme yapılınca kampanyanın bütçesi artar.",
    );
    // Nothing changes until it is paid.
    expect(shown.budget).toBe(total);
    expect((await get(`campaigns/${id}`, producer.token)).body.data.budget).toBe(total);

    expect(redirect_url).toMatch(/^\/tr-TR\/sandbox-bank\//);
    const landing = await paid(redirect_url as string);
    const back = await call(landing, undefined, { method: "GET", locale: "fa-IR" });
    expect(back.response.headers.get("location")).toBe(`/tr-TR/dashboard/payment-result?tx=${transaction.id}`);
    await call(landing, undefined, { method: "GET" }); // the callback twice: applied once

    const after = (await get(`campaigns/${id}`, producer.token)).body.data;
    expect(after.budget).toBe(total + 1_100_000);
    expect(after.invoice.total).toBe(total + 1_100_000);
    expect(await wallet()).toBe(before);
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, transaction.id));
    expect([row!.status, row!.transferId !== null]).toEqual(["paid", true]);
    // The payment stays linked to the gateway's credit of the wallet, not to the move on into the escrow.
    const [credit] = await database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, row!.transferId!));
    expect(credit!.idempotencyKey).toBe(`transaction:${transaction.id}`);
    const topUps = await database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.campaignId, id), eq(transactions.intent, "campaign_top_up")));
    expect(topUps).toHaveLength(1); // the gateway's payment is the top-up's own line
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("paid after the campaign ended, the money stays in the wallet and the campaign is unchanged", async ({
    database,
    call,
    get,
    campaign,
  }) => {
    const started = await campaign.start();
    const { id, producer, total } = campaign;
    expect(started.status).toBe(200);
    await database.db.update(campaigns).set({ status: "completed", completedAt: new Date() }).where(eq(campaigns.id, id));
    await call(await campaign.paid(started.body.data.redirect_url as string), undefined, { method: "GET" });
    expect((await get(`campaigns/${id}`, producer.token)).body.data.budget).toBe(total);
    expect(await campaign.wallet()).toBe(campaign.before + 1_100_000);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("an unknown gateway is refused and nothing is created", async ({ database, call, campaign: { id, producer } }) => {
    const unknown = await call(`campaigns/${id}/top-up`, { amount: 1_100_000, gateway: "nowhere" }, { token: producer.token });
    expect([unknown.status, unknown.body.error?.code]).toEqual([400, "gateway_not_configured"]);
    const rows = await database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.campaignId, id), eq(transactions.intent, "campaign_top_up")));
    expect(rows).toHaveLength(0);
  });
});
