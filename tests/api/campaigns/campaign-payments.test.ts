import { and, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { campaigns, ledgerAccounts, ledgerTransfers, transactions } from "@/server/db/schema";
import { campaignPaymentKey } from "@/server/campaigns/pay-from-wallet";
import { balancesOf, campaignEscrowCode, checkLedgerInvariants, userAccountCode } from "@/server/ledger";
import { RECONCILE_AFTER_MS } from "@/server/payments/gateways";
import { reconcilePayments } from "@/server/payments/reconcile";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import { apiTest } from "@/tests/api/support/fixture";
import { registerAndSignIn, signInAdmin } from "@/tests/api/support/account-helpers";
import { fundWallet, smartCampaign } from "@/tests/api/support/campaign-fixtures";

// SPEC §8 campaign payments (401 unauthorized operation; 403 already paid; 404 not found), for
// POST campaigns/{id}/payments/{transactionId}/pay: a campaign left awaiting payment at the gateway, paid from the wallet.

const it = apiTest
  .extend(
    "fund",
    ({ database }) =>
      (userId: string, rials: number, key: string) =>
        fundWallet(database.db, userId, rials, key),
  )
  .extend(
    "producer",
    ({ sms, call, fund }) =>
      async function producer(walletRials: number, phone = "09121234567") {
        const signed = await registerAndSignIn(call, sms, { phone, email: `${phone}@example.com` });
        if (walletRials > 0) await fund(signed.user.id, walletRials, "start");
        return signed;
      },
  )
  // A campaign created with the sandbox gateway whose bank page was abandoned: awaiting payment, its payment pending.
  // With it, what the tests do to it and read of it: `pay(transactionId, options)` through the route (PAY unless
  // options.body), its payments oldest first (`rows()`), its `status()` and its escrow's balance (`escrow()`).
  .extend(
    "abandonedCampaign",
    ({ database, call }) =>
      async function abandonedCampaign(token: string, name = smart.name) {
        const created = await call("campaigns", { ...smart, name }, { token });
        expect(created.status).toBe(200);
        expect(created.body.data.campaign.status).toBe("awaiting_payment");
        const id = created.body.data.campaign.id as string;
        const [payment] = await database.db.select().from(transactions).where(eq(transactions.campaignId, id));
        expect(payment).toMatchObject({ status: "pending", gateway: "sandbox", intent: "campaign_creation" });
        return {
          id,
          payment: payment!,
          total: created.body.data.campaign.budget as number,
          authority: payment!.authority!,
          pay: (transactionId: string, options: { token?: string; locale?: string; body?: unknown } = {}) =>
            call(`campaigns/${id}/payments/${transactionId}/pay`, options.body ?? PAY, options),
          rows: () => database.db.select().from(transactions).where(eq(transactions.campaignId, id)).orderBy(transactions.createdAt),
          async status() {
            const [row] = await database.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id));
            return row!.status;
          },
          async escrow() {
            const [row] = await database.db
              .select({ balance: ledgerAccounts.balance })
              .from(ledgerAccounts)
              .where(eq(ledgerAccounts.code, campaignEscrowCode(id)));
            return row?.balance ?? 0;
          },
        };
      },
  )
  // A producer with `walletRials` in the wallet and their abandoned campaign.
  .extend(
    "abandoned",
    ({ producer, abandonedCampaign }) =>
      async function abandoned(walletRials: number) {
        const owner = await producer(walletRials);
        return { owner, ...(await abandonedCampaign(owner.token)) };
      },
  )
  // The payer's bank says "paid" on the sandbox page; `back` also follows the gateway's redirect to our callback.
  .extend(
    "gatewayPays",
    ({ call }) =>
      async function gatewayPays(authority: string, back: boolean) {
        const decided = await call(`payments/sandbox/${authority}/decision`, { decision: "pay" });
        expect(decided.status).toBe(200);
        if (!back) return;
        const url = new URL(decided.body.data.redirect_url as string, "http://localhost");
        const returned = await call(`${url.pathname.replace(/^\/api\//, "")}${url.search}`, undefined, { method: "GET" });
        expect(returned.status).toBe(303);
        return url;
      },
  )
  .override("client", ({ serial }) => ({ address: `10.7.0.${serial % 250}` }))
  .override("appDeps", ({ gateways }) => ({ gateways }));
it.afterEach(async ({ database }) => {
  expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
});

const smart = { ...smartCampaign, gateway: "sandbox" };
const PAY = { gateway: "wallet" };

describe("paying a campaign awaiting payment from the wallet", () => {
  it("answers SPEC's 401 without a valid session and 404 for what is not the caller's; nothing moves", async ({
    database,
    sms,
    call,
    abandoned,
    producer,
    abandonedCampaign,
  }) => {
    const { owner, payment, pay, rows, status, escrow } = await abandoned(5_000_000);
    const other = await abandonedCampaign(owner.token, "Another one");

    const anonymous = await pay(payment.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toMatchObject({ code: "transaction_unauthorized", message: "Unauthorized operation." });
    const persian = await pay(payment.id, { locale: "fa-IR" });
    expect(persian.status).toBe(401);
    expect(persian.body.error!.message).toBe(faIR.api.errors.transaction_unauthorized);
    expect((await pay(payment.id, { token: "not-a-token" })).status).toBe(401);

    const unknown = await pay("00000000-0000-4000-8000-000000000000", { token: owner.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: "transaction_not_found", message: "Transaction not found." });
    // A payment of another campaign (the owner's own) is not a payment of this one.
    const crossed = await pay(other.payment.id, { token: owner.token });
    expect(crossed.status).toBe(404);
    expect(crossed.body.error!.code).toBe("transaction_not_found");

    // Someone else's campaign does not exist for the caller (no IDOR), even with money in the wallet.
    const stranger = await producer(5_000_000, "09350000044");
    const foreign = await pay(payment.id, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error!.code).toBe("campaign_not_found");
    // An admin sees the campaign but does not spend its owner's wallet.
    const admin = await signInAdmin(database, call, sms, "09100000077");
    const byAdmin = await pay(payment.id, { token: admin });
    expect(byAdmin.status).toBe(401);
    expect(byAdmin.body.error!.code).toBe("transaction_unauthorized");

    expect((await pay(payment.id, { token: owner.token, body: { gateway: "sandbox" } })).status).toBe(422);
    expect((await pay("not-a-uuid", { token: owner.token })).status).toBe(422);

    expect(await status()).toBe("awaiting_payment");
    expect(await rows()).toHaveLength(1);
    expect((await balancesOf({ db: database.db }, { userId: owner.user.id })).wallet).toBe(5_000_000);
    expect((await balancesOf({ db: database.db }, { userId: stranger.user.id })).wallet).toBe(5_000_000);
    expect(await escrow()).toBe(0);
  });

  it("refuses a short wallet with create-campaign's 403 and changes nothing", async ({ database, call, abandoned }) => {
    const { owner, id, payment, pay, rows, status, escrow } = await abandoned(100_000);
    const short = await pay(payment.id, { token: owner.token });
    expect(short.status).toBe(403);
    expect(short.body.error).toMatchObject({ code: "insufficient_funds", message: enUS.api.errors.insufficient_funds });
    // The same code and sentence as creating a campaign with a short wallet.
    const created = await call("campaigns", { ...smart, gateway: "wallet" }, { token: owner.token });
    expect(created.status).toBe(403);
    expect(created.body.error).toMatchObject({ code: short.body.error!.code, message: short.body.error!.message });

    expect(await status()).toBe("awaiting_payment");
    expect(await rows()).toEqual([payment]);
    expect((await balancesOf({ db: database.db }, { userId: owner.user.id })).wallet).toBe(100_000);
    expect(await escrow()).toBe(0);
    expect(
      await database.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, campaignPaymentKey(id))),
    ).toEqual([]);
  });

  it("pays: wallet → escrow, a new paid wallet payment, the campaign awaiting review; the gateway row stays; then 403 already paid", async ({
    database,
    call,
    abandoned,
  }) => {
    const { owner, id, payment, total, pay, rows, status, escrow } = await abandoned(5_000_000);

    const paid = await pay(payment.id, { token: owner.token });
    expect(paid.status).toBe(200);
    expect(paid.body.data.message).toBe("Payment completed; the campaign is awaiting review.");
    expect(paid.body.data.campaign).toMatchObject({ id, status: "awaiting_review", budget: total });
    expect(paid.body.data.transaction).toMatchObject({ status: "paid", gateway: "wallet", intent: "campaign_creation", amount: total });
    expect(paid.body.data.transaction.approved_at).toBeTruthy();

    expect(await status()).toBe("awaiting_review");
    expect((await balancesOf({ db: database.db }, { userId: owner.user.id })).wallet).toBe(5_000_000 - total);
    expect(await escrow()).toBe(total);
    const payments = await rows();
    expect(payments).toHaveLength(2);
    const gatewayRow = payments.find((row) => row.id === payment.id)!;
    const walletRow = payments.find((row) => row.id === paid.body.data.transaction.id)!;
    // The gateway payment is untouched: still pending, still reconcilable.
    expect(gatewayRow).toMatchObject({ status: "pending", gateway: "sandbox", transferId: null, authority: payment.authority });
    const [moved] = await database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, walletRow.transferId!));
    expect(moved).toMatchObject({ idempotencyKey: campaignPaymentKey(id), amount: total, intent: "campaign_creation", status: "posted" });

    // The campaign is paid now: its old pending row (paid by another row) and the paid row itself answer 403.
    const again = await pay(payment.id, { token: owner.token });
    expect(again.status).toBe(403);
    expect(again.body.error).toMatchObject({ code: "transaction_already_paid", message: "This transaction has already been paid." });
    const twice = await pay(walletRow.id, { token: owner.token, locale: "fa-IR" });
    expect(twice.status).toBe(403);
    expect(twice.body.error!.message).toBe(faIR.api.errors.transaction_already_paid);

    expect((await balancesOf({ db: database.db }, { userId: owner.user.id })).wallet).toBe(5_000_000 - total);
    expect(await escrow()).toBe(total);
    expect(await rows()).toHaveLength(2);
    const listed = await call(`campaigns/${id}/payments`, undefined, { method: "GET", token: owner.token });
    expect(listed.body.data.map((row: { status: string; gateway: string }) => `${row.gateway}:${row.status}`).sort()).toEqual([
      "sandbox:pending",
      "wallet:paid",
    ]);
  });

  it("a late gateway success of the abandoned payment credits the wallet, not the escrow, exactly once", async ({
    database,
    gateways,
    call,
    abandoned,
    gatewayPays,
  }) => {
    const { owner, payment, total, authority, pay, status, escrow } = await abandoned(5_000_000);
    expect((await pay(payment.id, { token: owner.token })).status).toBe(200);

    // The bank took the money after all; the payer comes back through the gateway's callback.
    const back = await gatewayPays(authority, true);
    const [settled] = await database.db.select().from(transactions).where(eq(transactions.id, payment.id));
    expect(settled).toMatchObject({ status: "paid", gateway: "sandbox" });
    expect((await balancesOf({ db: database.db }, { userId: owner.user.id })).wallet).toBe(5_000_000);
    expect(await escrow()).toBe(total);
    expect(await status()).toBe("awaiting_review");
    const credits = await database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `transaction:${payment.id}`));
    expect(credits).toHaveLength(1);
    const [wallet] = await database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, userAccountCode(owner.user.id, "wallet")));
    expect(credits[0]).toMatchObject({ creditAccountId: wallet!.id, amount: total });

    // The callback again, and the reconciliation job: nothing more.
    await call(`${back!.pathname.replace(/^\/api\//, "")}${back!.search}`, undefined, { method: "GET" });
    expect(await reconcilePayments({ db: database.db, now: new Date(Date.now() + RECONCILE_AFTER_MS + 60_000), gateways })).toMatchObject({
      paid: 0,
    });
    expect((await balancesOf({ db: database.db }, { userId: owner.user.id })).wallet).toBe(5_000_000);
    expect(await escrow()).toBe(total);
    expect(
      await database.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, `transaction:${payment.id}`)),
    ).toHaveLength(1);
  });

  it("a gateway success found by reconciliation after a wallet payment also goes to the wallet", async ({
    database,
    gateways,
    abandoned,
    gatewayPays,
  }) => {
    const { owner, payment, total, authority, pay, status, escrow } = await abandoned(5_000_000);
    expect((await pay(payment.id, { token: owner.token })).status).toBe(200);
    // Paid at the bank, but the payer never came back: the job finds it.
    await gatewayPays(authority, false);
    expect(await reconcilePayments({ db: database.db, now: new Date(Date.now() + RECONCILE_AFTER_MS + 60_000), gateways })).toMatchObject({
      checked: 1,
      paid: 1,
    });
    expect((await balancesOf({ db: database.db }, { userId: owner.user.id })).wallet).toBe(5_000_000);
    expect(await escrow()).toBe(total);
    expect(await status()).toBe("awaiting_review");
  });

  it("a failed gateway payment may be paid; a campaign already paid by the gateway answers 403 for any of its rows", async ({
    database,
    call,
    producer,
    abandonedCampaign,
    gatewayPays,
  }) => {
    const owner = await producer(10_000_000);
    // Cancelled at the bank: the payment failed, the campaign still awaits payment.
    const cancelled = await abandonedCampaign(owner.token, "Cancelled");
    const decided = await call(`payments/sandbox/${cancelled.authority}/decision`, { decision: "cancel" });
    const url = new URL(decided.body.data.redirect_url as string, "http://localhost");
    await call(`${url.pathname.replace(/^\/api\//, "")}${url.search}`, undefined, { method: "GET" });
    expect((await cancelled.rows())[0]!.status).toBe("failed");
    const paid = await cancelled.pay(cancelled.payment.id, { token: owner.token, locale: "fa-IR" });
    expect(paid.status).toBe(200);
    expect(paid.body.data.message).toBe(faIR.api.messages.campaign_payment_completed);
    expect(paid.body.data.campaign.status).toBe("awaiting_review");
    expect(await cancelled.escrow()).toBe(cancelled.total);

    // Paid through the gateway: its row is paid (403), and so is the campaign for a failed row of it (403).
    const viaGateway = await abandonedCampaign(owner.token, "Gateway");
    await gatewayPays(viaGateway.authority, true);
    expect(await viaGateway.status()).toBe("awaiting_review");
    const paidRow = await viaGateway.pay(viaGateway.payment.id, { token: owner.token });
    expect(paidRow.status).toBe(403);
    expect(paidRow.body.error!.code).toBe("transaction_already_paid");
    const [failedRow] = await database.db
      .insert(transactions)
      .values({
        userId: owner.user.id,
        amount: viaGateway.total,
        intent: "campaign_creation",
        status: "failed",
        gateway: "sandbox",
        campaignId: viaGateway.id,
      })
      .returning();
    const paidCampaign = await viaGateway.pay(failedRow!.id, { token: owner.token });
    expect(paidCampaign.status).toBe(403);
    expect(paidCampaign.body.error!.code).toBe("transaction_already_paid");

    expect((await balancesOf({ db: database.db }, { userId: owner.user.id })).wallet).toBe(10_000_000 - cancelled.total);
    expect(await viaGateway.escrow()).toBe(viaGateway.total);
    const walletRows = await database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, owner.user.id), eq(transactions.gateway, "wallet")));
    expect(walletRows.map((row) => row.campaignId)).toEqual([cancelled.id]);
    const counted = await database.db.execute(
      sql`select count(*)::int as n from ledger_transfers where idempotency_key like 'campaign-payment:%'`,
    );
    expect((counted.rows[0] as { n: number }).n).toBe(1);
  });
});
