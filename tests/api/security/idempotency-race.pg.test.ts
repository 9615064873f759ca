import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { campaigns, ledgerAccounts, transactions } from "@/server/db/schema";
import { balancesOf, campaignEscrowCode, checkLedgerInvariants } from "@/server/ledger";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { fundWallet, smartCampaign } from "@/tests/api/support/campaign-fixtures";
import { apiTest } from "@/tests/api/support/fixture";

// PostgreSQL only (*.pg.test.ts): 20 identical POSTs with one Idempotency-Key at the same moment,
// as a client retrying after lost answers would send them. Exactly one runs; every other answer is
// the first answer (replayed) or 409 while it still ran.
const PARALLEL = 20;
const it = apiTest
  .extend("post", ({ app }) => async (path: string, body: unknown, token: string, key: string) => {
    const response = await app.fetch(
      new Request(`http://localhost/api/${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          authorization: `Bearer ${token}`,
          "X-Locale": "en-US",
          "Idempotency-Key": key,
        },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, text: await response.text(), replayed: response.headers.get("Idempotent-Replayed") === "true" };
  })
  /** All at once; then: one answer ran, the others are that answer replayed or 409. Returns the first answer's body. */
  .extend("race", ({ post }) => async (path: string, body: unknown, token: string) => {
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => post(path, body, token, "one-submission")));
    const ran = answers.filter((answer) => !answer.replayed && answer.status !== 409);
    expect(ran).toHaveLength(1);
    const first = ran[0]!;
    expect(first.status).toBe(200);
    for (const answer of answers) {
      if (answer === first) continue;
      if (answer.status === 409) expect(JSON.parse(answer.text).error.code).toBe("idempotency_request_in_progress");
      else expect({ status: answer.status, text: answer.text, replayed: answer.replayed }).toEqual({ ...first, replayed: true });
    }
    return JSON.parse(first.text) as { data: { campaign?: { id: string; budget: number }; transaction?: { id: string } } };
  })
  .override("client", () => ({ address: "10.13.7.1" }))
  .override("appDeps", ({ gateways }) => ({ gateways }));

it.afterEach(async ({ database }) => {
  expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
});

describe("one Idempotency-Key sent 20 times at once (PostgreSQL)", () => {
  it("campaign create: one campaign, the wallet debited once", async ({ call, sms, database, race }) => {
    const { token, user } = await registerAndSignIn(call, sms, { phone: "09125550301", email: "race-create@example.com" });
    await fundWallet(database.db, user.id, 50_000_000);
    const first = await race("campaigns", smartCampaign, token);
    const made = await database.db.select().from(campaigns).where(eq(campaigns.ownerId, user.id));
    expect(made.map((campaign) => campaign.id)).toEqual([first.data.campaign!.id]);
    expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(50_000_000 - first.data.campaign!.budget);
  });

  it("wallet charge: one pending charge", async ({ call, sms, database, race }) => {
    const { token, user } = await registerAndSignIn(call, sms, { phone: "09125550302", email: "race-charge@example.com" });
    const first = await race("wallet/charge", { amount: 3_000_000, gateway: "sandbox" }, token);
    const rows = await database.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.map((row) => row.id)).toEqual([first.data.transaction!.id]);
  });

  it("campaign pay: one wallet payment, the escrow funded once", async ({ call, sms, database, race }) => {
    const { token, user } = await registerAndSignIn(call, sms, { phone: "09125550303", email: "race-pay@example.com" });
    await fundWallet(database.db, user.id, 50_000_000);
    const created = await call("campaigns", { ...smartCampaign, gateway: "sandbox" }, { token });
    const id = created.body.data.campaign.id as string;
    const total = created.body.data.campaign.budget as number;
    const [payment] = await database.db.select().from(transactions).where(eq(transactions.campaignId, id));
    await race(`campaigns/${id}/payments/${payment!.id}/pay`, { gateway: "wallet" }, token);
    const rows = await database.db.select().from(transactions).where(eq(transactions.campaignId, id));
    expect(rows.map((row) => `${row.gateway}:${row.status}`).sort()).toEqual(["sandbox:pending", "wallet:paid"]);
    expect((await balancesOf({ db: database.db }, { userId: user.id })).wallet).toBe(50_000_000 - total);
    const [escrow] = await database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, campaignEscrowCode(id)));
    expect(escrow!.balance).toBe(total);
  });
});

describe("many people's keys at once (PostgreSQL)", () => {
  // The claims and kept answers of one turn share a statement (server/idempotency/keys.ts): each key must
  // run once, for its own person, and each repeat answer that key's first answer, whoever rode beside it.
  it("four people, three keys each, repeats beside first sendings: one charge per key, each replay its own", async ({
    call,
    sms,
    database,
    post,
  }) => {
    const people: Awaited<ReturnType<typeof registerAndSignIn>>[] = [];
    for (let i = 0; i < 4; i++)
      people.push(await registerAndSignIn(call, sms, { phone: `0912555040${i}`, email: `race-many-${i}@example.com` }));
    const amountOf = (i: number, k: number) => 1_000_000 * (i + 1) + 10_000 * k;
    const charge = ({ person, i, k }: { person: (typeof people)[number]; i: number; k: number }) =>
      post("wallet/charge", { amount: amountOf(i, k), gateway: "sandbox" }, person.token, `key-${k}`);
    // key-0 once each first; then at once its repeats beside the first sendings of key-1 and key-2 (three each),
    // so one statement claims new keys beside keys already answered.
    const first = people.map((person, i) => ({ person, i, k: 0 }));
    const earlier = await Promise.all(first.map(charge));
    const sent = [
      ...first,
      ...people.flatMap((person, i) => [
        { person, i, k: 0 },
        { person, i, k: 0 },
        ...[1, 2].flatMap((k) => [0, 1, 2].map(() => ({ person, i, k }))),
      ]),
    ];
    const answers = [...earlier, ...(await Promise.all(sent.slice(first.length).map(charge)))];
    for (const [i, person] of people.entries()) {
      const rows = await database.db.select().from(transactions).where(eq(transactions.userId, person.user.id));
      expect(rows.map((row) => row.amount).sort()).toEqual([0, 1, 2].map((k) => amountOf(i, k)));
      for (const k of [0, 1, 2]) {
        const mine = answers.filter((_, n) => sent[n]!.person === person && sent[n]!.k === k);
        const ran = mine.filter((answer) => !answer.replayed && answer.status !== 409);
        expect(ran).toHaveLength(1);
        const charged = JSON.parse(ran[0]!.text).data.transaction;
        expect(charged.amount).toBe(amountOf(i, k));
        expect(rows.map((row) => row.id)).toContain(charged.id);
        for (const answer of mine.filter((answer) => answer.replayed)) expect(answer.text).toBe(ran[0]!.text);
      }
    }
  });
});
