import { and, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { sandboxGateway } from "@/server/adapters/payments/sandbox";
import { GatewayError, type GatewayId, type PaymentGateway } from "@/server/adapters/payments/types";
import { campaigns, idempotencyKeys, transactions } from "@/server/db/schema";
import { IDEMPOTENCY_LOCK_MS } from "@/server/idempotency/keys";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { requestFingerprint } from "@/server/http/idempotency";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { fundWallet, smartCampaign } from "@/tests/api/support/campaign-fixtures";
import { apiTest } from "@/tests/api/support/fixture";

/**
 * Money requests are idempotent for clients (issue 13 item 6): a POST that moves money or creates a
 * money object, repeated with the same Idempotency-Key (a retry after a lost answer), answers the
 * first answer instead of charging or creating again.
 */

const it = apiTest
  /** The number of the flaky gateway's next `create` calls that fail (as if the provider were down), to see 5xx answers released. */
  .extend("failing", (): { creates: number } => ({ creates: 0 }))
  /** A POST as an API client sends it, with an Idempotency-Key when given. */
  .extend("post", ({ app, client }) => async (path: string, body: unknown, options: { token: string; key?: string; locale?: string }) => {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json",
      authorization: `Bearer ${options.token}`,
      "X-Locale": options.locale ?? "en-US",
      "x-test-ip": client.address,
    };
    if (options.key !== undefined) headers["Idempotency-Key"] = options.key;
    const response = await app.fetch(
      new Request(`http://localhost/api/${path}`, {
        method: "POST",
        headers,
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    return {
      status: response.status,
      text,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
      body: JSON.parse(text) as { data?: any; error?: { code: string; message: string } },
      replayed: response.headers.get("Idempotent-Replayed"),
    };
  })
  .extend("signedIn", ({ call, sms, database }) => async (phone = "09125550201", walletRials = 0) => {
    const signed = await registerAndSignIn(call, sms, { phone, email: `${phone}@example.com` });
    if (walletRials > 0) await fundWallet(database.db, signed.user.id, walletRials, "start");
    return signed;
  })
  .extend(
    "countRows",
    ({ database }) =>
      async (userId: string) =>
        (await database.db.select().from(transactions).where(eq(transactions.userId, userId))).length,
  )
  .extend(
    "countCampaigns",
    ({ database }) =>
      async (userId: string) =>
        (await database.db.select().from(campaigns).where(eq(campaigns.ownerId, userId))).length,
  )
  .override("client", ({ serial }) => ({ address: `10.13.6.${serial % 250}` }))
  .override("gateways", ({ fresh, failing }) => {
    const flaky: PaymentGateway = {
      id: "zarinpal",
      kind: "shetab",
      async create(input) {
        if (failing.creates > 0) {
          failing.creates--;
          throw new GatewayError("down", { gateway: "zarinpal", reason: "unavailable" });
        }
        return { authority: `A${input.transactionId.replace(/-/g, "")}`, redirectUrl: `https://bank.test/pay/${input.transactionId}` };
      },
      verify: async () => ({ status: "pending" }),
      authorityFromCallback: (query) => query.get("Authority"),
    };
    return new Map<GatewayId, PaymentGateway>([
      ["sandbox", sandboxGateway(async () => fresh)],
      ["zarinpal", flaky],
    ]);
  })
  .override("appDeps", ({ gateways }) => ({ gateways }));

it.afterEach(async ({ database }) => {
  expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
});

const charge = { amount: 2_000_000, gateway: "sandbox" };

describe("Idempotency-Key on money requests", () => {
  it("wallet charge: a repeat with the same key and body answers the first answer; without a key it charges again", async ({
    post,
    signedIn,
    countRows,
  }) => {
    const { token, user } = await signedIn();
    const first = await post("wallet/charge", charge, { token, key: "charge-1" });
    expect(first.status).toBe(200);
    expect(first.replayed).toBeNull();
    const again = await post("wallet/charge", charge, { token, key: "charge-1" });
    expect(again.status).toBe(200);
    expect(again.replayed).toBe("true");
    expect(again.text).toBe(first.text);
    // The body's key order is not part of the request.
    const reordered = await post("wallet/charge", { gateway: "sandbox", amount: 2_000_000 }, { token, key: "charge-1" });
    expect(reordered.text).toBe(first.text);
    expect(await countRows(user.id)).toBe(1);

    // No key: the old behaviour, every POST is a new charge.
    await post("wallet/charge", charge, { token });
    await post("wallet/charge", charge, { token });
    expect(await countRows(user.id)).toBe(3);
  });

  it("campaign create: one campaign and one debit of the wallet for any number of repeats", async ({
    database,
    post,
    signedIn,
    countCampaigns,
  }) => {
    const { token, user } = await signedIn("09125550202", 10_000_000);
    const first = await post("campaigns", smartCampaign, { token, key: "create-1" });
    expect(first.status).toBe(200);
    const total = first.body.data.campaign.budget as number;
    for (let i = 0; i < 3; i++) {
      const again = await post("campaigns", smartCampaign, { token, key: "create-1" });
      expect(again.status).toBe(200);
      expect(again.replayed).toBe("true");
      expect(again.body.data.campaign.id).toBe(first.body.data.campaign.id);
    }
    expect(await countCampaigns(user.id)).toBe(1);
    expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(10_000_000 - total);
  });

  it("campaign pay: a retry answers the payment made, not 'already paid'", async ({ database, post, signedIn }) => {
    const { token, user } = await signedIn("09125550203", 10_000_000);
    const created = await post("campaigns", { ...smartCampaign, gateway: "sandbox" }, { token });
    const id = created.body.data.campaign.id as string;
    const [payment] = await database.db.select().from(transactions).where(eq(transactions.campaignId, id));
    const path = `campaigns/${id}/payments/${payment!.id}/pay`;
    const first = await post(path, { gateway: "wallet" }, { token, key: "pay-1" });
    expect(first.status).toBe(200);
    const again = await post(path, { gateway: "wallet" }, { token, key: "pay-1" });
    expect(again.status).toBe(200);
    expect(again.replayed).toBe("true");
    expect(again.text).toBe(first.text);
    // Without the key the same request is refused as SPEC says: the campaign is paid.
    expect((await post(path, { gateway: "wallet" }, { token })).status).toBe(403);
    expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(
      10_000_000 - (created.body.data.campaign.budget as number),
    );
  });

  it("the same key with another body or on another route answers 422 in the caller's language; nothing runs", async ({
    post,
    signedIn,
    countRows,
    countCampaigns,
  }) => {
    const { token, user } = await signedIn("09125550204", 10_000_000);
    expect((await post("wallet/charge", charge, { token, key: "one-key" })).status).toBe(200);
    for (const locale of ["en-US", "fa-IR", "tr-TR", "ar-AE"]) {
      const other = await post("wallet/charge", { ...charge, amount: 3_000_000 }, { token, key: "one-key", locale });
      expect(other.status).toBe(422);
      expect(other.body.error?.code).toBe("idempotency_key_reused");
      expect(other.body.error?.message).toBeTruthy();
      expect(other.body.error?.message).not.toContain("idempotency_key_reused");
    }
    const elsewhere = await post("campaigns", smartCampaign, { token, key: "one-key" });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.error?.code).toBe("idempotency_key_reused");
    expect(await countRows(user.id)).toBe(1);
    expect(await countCampaigns(user.id)).toBe(0);
  });

  it("keys are per user: another user's same key and body is a request of its own", async ({ post, signedIn, countRows }) => {
    const a = await signedIn("09125550205");
    const b = await signedIn("09125550206");
    const first = await post("wallet/charge", charge, { token: a.token, key: "shared-key" });
    const other = await post("wallet/charge", charge, { token: b.token, key: "shared-key" });
    expect(other.status).toBe(200);
    expect(other.replayed).toBeNull();
    expect(other.body.data.transaction.id).not.toBe(first.body.data.transaction.id);
    expect(await countRows(a.user.id)).toBe(1);
    expect(await countRows(b.user.id)).toBe(1);
  });

  it("a 5xx answer is not kept: the key is released and the retry runs (then its answer is kept)", async ({
    database,
    post,
    signedIn,
    failing,
  }) => {
    const { token, user } = await signedIn("09125550207");
    failing.creates = 1;
    const body = { amount: 2_000_000, gateway: "zarinpal" };
    const failed = await post("wallet/charge", body, { token, key: "retry-me" });
    expect(failed.status).toBe(503);
    const retried = await post("wallet/charge", body, { token, key: "retry-me" });
    expect(retried.status).toBe(200);
    expect(retried.replayed).toBeNull();
    const replayed = await post("wallet/charge", body, { token, key: "retry-me" });
    expect(replayed.replayed).toBe("true");
    expect(replayed.text).toBe(retried.text);
    const rows = await database.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.map((row) => row.status).sort()).toEqual(["failed", "pending"]);
  });

  it("a refused input (422) is not kept either: the corrected request runs with the same key", async ({ post, signedIn, countRows }) => {
    const { token, user } = await signedIn("09125550208");
    const refused = await post("wallet/charge", { amount: 5, gateway: "sandbox" }, { token, key: "fix-me" });
    expect(refused.status).toBe(422);
    const fixed = await post("wallet/charge", charge, { token, key: "fix-me" });
    expect(fixed.status).toBe(200);
    expect(await countRows(user.id)).toBe(1);
  });

  it("a 4xx decided by the request (403 short wallet) is kept and replayed, like any answer", async ({
    database,
    post,
    signedIn,
    countCampaigns,
  }) => {
    const { token, user } = await signedIn("09125550209", 100_000);
    const short = await post("campaigns", smartCampaign, { token, key: "short" });
    expect(short.status).toBe(403);
    await fundWallet(database.db, user.id, 10_000_000, "more");
    const again = await post("campaigns", smartCampaign, { token, key: "short" });
    expect(again.status).toBe(403);
    expect(again.replayed).toBe("true");
    expect(await countCampaigns(user.id)).toBe(0);
  });

  it("refuses an invalid key with 422 (empty, longer than 255, not printable ASCII) and runs nothing", async ({
    post,
    signedIn,
    countRows,
  }) => {
    const { token, user } = await signedIn("09125550210");
    for (const key of ["", "k".repeat(256), "clé", "tab\there"]) {
      const refused = await post("wallet/charge", charge, { token, key });
      expect(refused.status, JSON.stringify(key)).toBe(422);
      expect(refused.body.error?.code).toBe("idempotency_key_invalid");
      expect(refused.body.error?.message).not.toContain("idempotency_key_invalid");
    }
    expect(await countRows(user.id)).toBe(0);
    expect((await post("wallet/charge", charge, { token, key: "k".repeat(255) })).status).toBe(200);
    expect((await post("wallet/charge", charge, { token, key: "a key with spaces ~!@#" })).status).toBe(200);
    expect(await countRows(user.id)).toBe(2);
  });

  it("a repeat while the first still runs is refused with 409 in the caller's language", async ({
    database,
    post,
    signedIn,
    countRows,
  }) => {
    const { token, user } = await signedIn("09125550211");
    // The first request holds the key (it is running) — written as the middleware writes it.
    await database.db.insert(idempotencyKeys).values({
      userId: user.id,
      key: "busy",
      fingerprint: requestFingerprint("POST", "/api/wallet/charge", JSON.stringify(charge)),
      requestId: "the-first-request",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const busy = await post("wallet/charge", charge, { token, key: "busy", locale: "fa-IR" });
    expect(busy.status).toBe(409);
    expect(busy.body.error?.code).toBe("idempotency_request_in_progress");
    expect(busy.body.error?.message).not.toContain("idempotency_request_in_progress");
    expect(await countRows(user.id)).toBe(0);

    // A holder that died (held past the lock) is taken over by the retry.
    await database.db
      .update(idempotencyKeys)
      .set({ lockedAt: new Date(Date.now() - IDEMPOTENCY_LOCK_MS - 1000) })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, "busy")));
    expect((await post("wallet/charge", charge, { token, key: "busy" })).status).toBe(200);
    expect(await countRows(user.id)).toBe(1);
  });

  it("keys live 24 hours: an expired key runs again, and expired keys are deleted", async ({ database, post, signedIn }) => {
    const { token, user } = await signedIn("09125550212");
    const first = await post("wallet/charge", charge, { token, key: "old" });
    const [kept] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    const hours = (kept!.expiresAt.getTime() - kept!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 5);
    await database.db.execute(sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = 'old'`);
    const later = await post("wallet/charge", charge, { token, key: "old" });
    expect(later.status).toBe(200);
    expect(later.replayed).toBeNull();
    expect(later.body.data.transaction.id).not.toBe(first.body.data.transaction.id);

    await database.db.execute(sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = 'old'`);
    await post("wallet/charge", charge, { token, key: "another" });
    const left = await database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(left.map((row) => row.key)).toEqual(["another"]);
  });

  it("/api/openapi.json declares the header on every route that takes it", async ({ app }) => {
    const doc = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    const takes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.parameters?.some((p) => p.in === "header" && p.name.toLowerCase() === "idempotency-key"))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/^(\/api)+/, "")}`),
    );
    expect(takes.sort()).toEqual([
      "POST /campaigns",
      "POST /campaigns/{id}/payments/{transactionId}/pay",
      "POST /campaigns/{id}/top-up",
      "POST /invitations",
      "POST /memberships",
      "POST /memberships/checkout",
      "POST /orders",
      "POST /orders/{id}/cancel",
      "POST /payouts",
      "POST /v2",
      "POST /wallet/charge",
      "PUT /campaigns/{id}/monthly-budget",
    ]);
  });
});
