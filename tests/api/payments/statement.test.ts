import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ledgerAccounts, users } from "@/server/db/schema";
import {
  balancesOf,
  checkLedgerInvariants,
  postTransfer,
  systemAccountCode,
  transfer,
  userAccountCode,
  voidTransfer,
} from "@/server/ledger";
import { releaseDueRewards } from "@/server/activities/retention";
import { apiTest } from "@/tests/api/support/fixture";

// Issue 33: one statement per person, read from the ledger — every movement of their accounts, one line per
// business event, each with the running balance of the account it moved.

type Line = {
  id: string;
  kind: string;
  status: string;
  amount: number;
  account: string;
  counter_account: string | null;
  balance_after: number | null;
  by_card: boolean;
  subject: string | null;
  subject_id: string | null;
  reference: string;
  bank_reference: string | null;
};

const it = apiTest
  .extend(
    "payBySandbox",
    ({ call }) =>
      async function payBySandbox(token: string, path: string, body: object, decision: "pay" | "cancel" = "pay") {
        const started = await call(path, body, { token });
        expect(started.status).toBe(200);
        const authority = (started.body.data.redirect_url as string).split("/").at(-1)!;
        const decided = await call(`payments/sandbox/${authority}/decision`, { decision });
        const callback = new URL(decided.body.data.redirect_url as string, "http://localhost");
        await call(`${callback.pathname.replace(/^\/api\//, "")}${callback.search}`, undefined, { method: "GET" });
        return started.body.data.transaction.id as string;
      },
  )
  // Every line of a person's statement, page by page (20 a page), checked against the contract.
  .extend(
    "statement",
    ({ get }) =>
      async function statement(token: string, query = "") {
        const lines: Line[] = [];
        for (let page = 1; ; page++) {
          const answer = await get(`wallet/statement?per_page=20&page=${page}${query}`, token);
          expect(answer.status).toBe(200);
          lines.push(...(answer.body.data as Line[]));
          if (page * 20 >= answer.body.meta.total) break;
        }
        return lines;
      },
  )
  .override("client", ({ serial }) => ({ address: `10.9.33.${serial % 250}` }))
  .override("appDeps", ({ gateways }) => ({ gateways }));

/**
 * Each own account's lines, oldest first, add up to its balance (a line moves its account by its amount and its
 * counter account by the opposite), and each line's balance_after is the sum so far. Lines not yet posted (pending,
 * failed: no balance_after) and lines paid by card move nothing.
 */
function expectLinesAddUp(lines: Line[], balances: Record<string, number>) {
  for (const account of ["wallet", "earnings", "earnings_held"] as const) {
    let sum = 0;
    for (const line of [...lines].reverse()) {
      if (line.balance_after === null && line.counter_account === null) continue;
      if (line.status === "pending" || line.status === "failed") continue;
      if (line.account === account) {
        sum += line.amount;
        expect(line.balance_after, `${account} ${line.kind}`).toBe(sum);
      }
      if (line.counter_account === account) sum -= line.amount;
    }
    expect(sum, account).toBe(balances[account]);
  }
}

describe("the statement", () => {
  it("a booster's and a producer's money, one line per business event, linking to what each concerns", async ({
    database,
    get,
    approvedCampaign,
    approvedWork,
    booster,
    planId,
    payBySandbox,
    statement,
  }) => {
    const db = { db: database.db };
    const {
      adminToken,
      id: campaignId,
      producer,
    } = await approvedCampaign([
      { metric: "likes", action: "like", unitPrice: 20_000, max: 5 },
      { metric: "subscribers", action: "subscribe", unitPrice: 20_000, max: 5 },
    ]);
    const me = await booster();
    // A charge that failed and one that was paid; a plan paid by card; two rewards held, one released.
    await payBySandbox(me.token, "wallet/charge", { amount: 1_000_000, gateway: "sandbox" }, "cancel");
    const charged = await payBySandbox(me.token, "wallet/charge", { amount: 3_000_000, gateway: "sandbox" });
    await payBySandbox(me.token, "memberships/checkout", { plan_id: await planId("bronze"), gateway: "sandbox" });
    const first = await approvedWork(adminToken, me.token, campaignId, "likes");
    const second = await approvedWork(adminToken, me.token, campaignId, "subscribers");
    const { activities } = await import("@/server/db/schema");
    await database.db
      .update(activities)
      .set({ releaseAt: new Date(Date.now() - 1000) })
      .where(eq(activities.id, first));
    expect((await releaseDueRewards(db, { now: new Date() })).released).toBe(1);
    await transfer(db, {
      idempotencyKey: `invitation:00000000-0000-4000-8000-000000000001:reward`,
      from: systemAccountCode("promotions"),
      to: userAccountCode(me.user.id, "earnings"),
      amount: 500_000,
      intent: "reward",
      metadata: { invitation_id: "00000000-0000-4000-8000-000000000001" },
    });

    const lines = await statement(me.token);
    const kinds = lines.map((line) => `${line.kind}:${line.status}`);
    expect(kinds).toEqual([
      "invitation_reward:paid",
      "reward_released:paid",
      "reward_held:held",
      "reward_held:paid",
      "plan:paid",
      "charge:paid",
      "charge:failed",
    ]);
    const plan = lines.find((line) => line.kind === "plan")!;
    // The plan by card is one line: paid by card, no wallet balance moved.
    expect(plan).toMatchObject({ account: "card", by_card: true, balance_after: null, subject: "membership" });
    expect(plan.amount).toBeLessThan(0);
    expect(plan.bank_reference).toBeTruthy();
    const charge = lines.find((line) => line.kind === "charge" && line.status === "paid")!;
    expect(charge).toMatchObject({
      amount: 3_000_000,
      account: "wallet",
      balance_after: 3_000_000,
      subject: "transaction",
      subject_id: charged,
    });
    expect(lines.find((line) => line.kind === "charge" && line.status === "failed")).toMatchObject({
      balance_after: null,
      amount: 1_000_000,
    });
    const released = lines.find((line) => line.kind === "reward_released")!;
    expect(released).toMatchObject({ account: "earnings", subject: "activity", subject_id: first });
    expect(lines.filter((line) => line.kind === "reward_held").map((line) => line.subject_id)).toEqual([second, first]);
    expect(lines[0]).toMatchObject({ subject: "invitation", account: "earnings", balance_after: released.amount + 500_000 });
    expectLinesAddUp(
      lines,
      await balancesOf(db, { userId: me.user.id }).then((b) => ({ wallet: b.wallet, earnings: b.earnings, earnings_held: b.held })),
    );

    // Tabs and filters.
    expect((await statement(me.token, "&tab=pending")).map((line) => line.kind)).toEqual(["reward_held"]);
    expect((await statement(me.token, "&tab=failed")).map((line) => line.kind)).toEqual(["charge"]);
    expect((await statement(me.token, "&tab=paid")).length).toBe(5);
    expect((await statement(me.token, "&kind=reward_held")).length).toBe(2);
    const today = new Date(Date.now() + 210 * 60_000).toISOString().slice(0, 10);
    expect((await statement(me.token, `&from=${today}&to=${today}`)).length).toBe(7);
    expect((await statement(me.token, "&from=2020-01-01&to=2020-01-31")).length).toBe(0);

    // The producer: the campaign paid from the wallet, linking to the campaign.
    const theirs = await statement(producer.token);
    expect(theirs.map((line) => line.kind)).toEqual(["campaign_payment", "charge"]);
    expect(theirs[0]).toMatchObject({ subject: "campaign", subject_id: campaignId, account: "wallet" });

    // A receipt: its owner reads it, an admin too; anyone else gets 404, as for an id that is no line at all.
    const receipt = await get(`wallet/statement/${plan.id}`, me.token);
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toMatchObject({ line: { id: plan.id, kind: "plan" }, owner: { name: "Reza Karimi" } });
    expect(receipt.body.data.plan_name["en-US"]).toBeTruthy();
    expect((await get(`wallet/statement/${plan.id}`, adminToken)).body.data.line.id).toBe(plan.id);
    const other = await get(`wallet/statement/${plan.id}`, producer.token);
    expect(other.status).toBe(404);
    expect((await get(`wallet/statement/${crypto.randomUUID()}`, me.token)).status).toBe(404);
    expect((await get(`wallet/statement/not-a-uuid`, me.token)).status).toBe(422);
    expect((await get(`wallet/statement/${plan.id}`)).status).toBe(401);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it("refuses bad filters and paging with 422 and says which field", async ({ call, get, person }) => {
    const me = await person();
    for (const query of [
      "tab=everything",
      "kind=gift",
      "from=2026-13-01",
      "from=2026-02-30",
      "to=yesterday",
      "from=2026-05-02&to=2026-05-01",
      "page=0",
      "per_page=101",
      "page=100001",
    ]) {
      const refused = await get(`wallet/statement?${query}`, me.token, "en-US");
      expect(refused.status, query).toBe(422);
      expect(Object.keys(refused.body.error!.fields ?? {}).length, query).toBeGreaterThan(0);
    }
    const range = await get("wallet/statement?from=2026-05-02&to=2026-05-01", me.token, "en-US");
    expect(range.body.error!.fields!.to).toBe("The first day must not be after the last.");
    // Past the last page: no lines, the count still right.
    const past = await get("wallet/statement?page=50", me.token);
    expect(past.body).toEqual({ data: [], meta: { page: 50, per_page: 10, total: 0 } });
    expect((await call("wallet/statement/export", undefined, { method: "GET" })).status).toBe(401);
  });

  it("the CSV: UTF-8 with a byte-order mark, the reader's calendar and words beside ISO times", async ({ call, person, database }) => {
    const me = await person(2_000_000);
    const answer = await call("wallet/statement/export", undefined, { method: "GET", token: me.token, locale: "fa-IR" });
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.response.headers.get("content-disposition")).toMatch(/^attachment; filename="statement-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await answer.response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toBe("تاریخ,زمان (ISO),نوع,وضعیت,مبلغ (ریال),مانده پس از آن,حساب,شناسه ما,شناسه بانک,موضوع");
    const cells = rows[1]!.split(",");
    expect(cells[0]).toMatch(/^14\d\d\/\d\d\/\d\d/);
    expect(cells[1]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(cells.slice(4, 6)).toEqual(["2000000", "2000000"]);
    const [account] = await database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, userAccountCode(me.user.id, "wallet")));
    expect(account!.balance).toBe(2_000_000);
    const english = await call("wallet/statement/export", undefined, { method: "GET", token: me.token, locale: "en-US" });
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await english.response.arrayBuffer()).split("\r\n")[0]).toBe(
      "\uFEFFDate,Time (ISO),Kind,Status,Amount (Rials),Balance after,Account,Our reference,Bank reference,Subject",
    );
  });

  it("is the ledger: after a random sequence of operations every account's lines add up to its balance", async ({
    database,
    person,
    statement,
  }) => {
    const db = { db: database.db };
    const me = await person(0, true);
    await database.db.update(users).set({ identityStatus: "identity_verified" }).where(eq(users.id, me.user.id));
    let seed = 33;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pending: string[] = [];
    for (let i = 0; i < 60; i++) {
      const amount = 1_000 + Math.floor(random() * 50) * 1_000;
      const pick = Math.floor(random() * 7);
      const key = `prop:${me.user.id}:${i}`;
      const move = (from: string, to: string, intent: string, metadata: Record<string, unknown> = {}, asPending = false) =>
        transfer(db, { idempotencyKey: key, from, to, amount, intent, metadata, pending: asPending }).catch(() => null);
      const wallet = userAccountCode(me.user.id, "wallet");
      const earnings = userAccountCode(me.user.id, "earnings");
      const held = userAccountCode(me.user.id, "earnings_held");
      if (pick === 0) await move(systemAccountCode("promotions"), wallet, "wallet_charge");
      if (pick === 1) await move(systemAccountCode("promotions"), held, "reward", { activity_id: crypto.randomUUID() });
      if (pick === 2) await move(held, earnings, "reward", { activity_id: crypto.randomUUID() });
      if (pick === 3) await move(wallet, systemAccountCode("revenue"), "pay_membership", { membership_id: crypto.randomUUID() });
      if (pick === 4) {
        const hold = await move(earnings, systemAccountCode("payouts"), "payout", { payout_id: crypto.randomUUID() }, true);
        if (hold) pending.push(hold.id);
      }
      if (pick === 5 && pending.length > 0) {
        const id = pending.shift()!;
        await (random() < 0.5 ? postTransfer(db, { transferId: id }) : voidTransfer(db, { transferId: id }));
      }
      if (pick === 6) await move(held, systemAccountCode("revenue"), "refund", { activity_id: crypto.randomUUID() });
    }
    const lines = await statement(me.token);
    expect(lines.length).toBeGreaterThan(20);
    const balances = await balancesOf(db, { userId: me.user.id });
    expectLinesAddUp(lines, { wallet: balances.wallet, earnings: balances.earnings, earnings_held: balances.held });
    expect(lines.some((line) => line.kind === "payout" && line.status === "pending")).toBe(pending.length > 0);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it("migration 0032's backfill gives old transfers the balances after them that the ledger now writes", async ({ database, person }) => {
    const db = { db: database.db };
    const me = await person(3_000_000);
    const wallet = userAccountCode(me.user.id, "wallet");
    for (const [i, amount] of [400_000, 250_000, 1_000_000].entries())
      await transfer(db, {
        idempotencyKey: `backfill:${i}`,
        from: wallet,
        to: systemAccountCode("revenue"),
        amount,
        intent: "pay_membership",
      });
    const hold = await transfer(db, {
      idempotencyKey: "backfill:payout",
      from: wallet,
      to: systemAccountCode("payouts"),
      amount: 500_000,
      intent: "payout",
      pending: true,
    });
    await transfer(db, {
      idempotencyKey: "backfill:after",
      from: systemAccountCode("promotions"),
      to: wallet,
      amount: 70_000,
      intent: "reward",
    });
    await postTransfer(db, { transferId: hold.id });
    const written = sql`select id, seq, debit_balance_after, credit_balance_after from ledger_transfers order by seq`;
    const before = (await database.db.execute(written)).rows;
    expect(before.every((row) => row.debit_balance_after !== null && row.credit_balance_after !== null)).toBe(true);
    await database.db.execute(sql`update ledger_transfers set debit_balance_after = null, credit_balance_after = null`);
    // The migration's backfill of the balances, run again on these rows as it ran on the rows it found.
    const statements = readFileSync("server/db/migrations/0032_statement_order.sql", "utf8").split("--> statement-breakpoint");
    for (const statement of statements.filter((text) => /SET "(debit|credit)_balance_after"/.test(text)))
      await database.db.execute(sql.raw(statement));
    expect((await database.db.execute(written)).rows).toEqual(before);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });
});
