import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ledgerAccounts, ledgerTransfers, users } from "@/server/db/schema";
import {
  campaignEscrowCode,
  checkLedgerInvariants,
  ensureAccounts,
  gatewayAccountCode,
  postTransfer,
  systemAccountCode,
  transfer,
  userAccountCode,
  userWalletAccounts,
  voidTransfer,
} from "@/server/ledger";
import { AppError } from "@/server/core/errors";
import { apiTest } from "@/tests/api/support/fixture";

// Races need real connections: PGlite has one, so *.pg.test.ts files run only on PostgreSQL. A bigger
// pool than the other files' so that many transfers really overlap.
const gateway = gatewayAccountCode("sandbox");
const it = apiTest
  .extend("account", { auto: true }, async ({ database }) => {
    const [user] = await database.db.insert(users).values({}).returning({ id: users.id });
    // Open all 20 connections now: otherwise the first request is done before the pool has connected the others.
    await Promise.all(Array.from({ length: 20 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    return { userId: user!.id, wallet: userAccountCode(user!.id, "wallet") };
  })
  .extend(
    "balanceOf",
    ({ database }) =>
      async (code: string) =>
        (await database.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)))[0]
          ?.balance,
  )
  .extend("deadlocks", ({ database }) => async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // backends flush their counters at most once a second
    await database.db.execute(sql`select pg_stat_clear_snapshot()`);
    const { rows } = await database.db.execute(sql`select deadlocks from pg_stat_database where datname = current_database()`);
    return Number((rows[0] as { deadlocks: string | number }).deadlocks);
  })
  .override("maxConnections", 20);

describe("ledger under concurrency (PostgreSQL)", () => {
  it(
    "1,000 parallel spends of 3,000,000 from 5,000,000: exactly one succeeds, the rest are insufficient_funds",
    { timeout: 60_000 },
    async ({ database, balanceOf, account: { wallet } }) => {
      const db = database.db;
      await transfer({ db }, { idempotencyKey: "fund", from: gateway, to: wallet, amount: 5_000_000, intent: "wallet_charge" });
      const escrows = Array.from({ length: 4 }, () => campaignEscrowCode(randomUUID()));
      await ensureAccounts({ db }, { specs: escrows });
      const started = Date.now();
      const results = await Promise.allSettled(
        Array.from({ length: 1_000 }, (_, i) =>
          transfer(
            { db },
            {
              idempotencyKey: `spend:${i}`,
              from: wallet,
              to: escrows[i % escrows.length]!,
              amount: 3_000_000,
              intent: "campaign_creation",
            },
          ),
        ),
      );
      const elapsed = Date.now() - started;
      const ok = results.filter((r) => r.status === "fulfilled");
      const refused = results.filter((r) => r.status === "rejected");
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(999);
      for (const r of refused) {
        expect(r.reason).toBeInstanceOf(AppError);
        expect((r.reason as AppError).code).toBe("insufficient_funds");
      }
      expect(await balanceOf(wallet)).toBe(2_000_000);
      expect(await db.select().from(ledgerTransfers)).toHaveLength(2);
      expect(await checkLedgerInvariants({ db })).toEqual([]);
      console.log(`[ledger-race] 1000 parallel spends settled in ${elapsed} ms`);
    },
  );

  it("100 parallel replays of one idempotency key: one transfer row, the money moved once", async ({
    database,
    balanceOf,
    account: { wallet },
  }) => {
    const db = database.db;
    const input = { idempotencyKey: "charge:once", from: gateway, to: wallet, amount: 750_000, intent: "wallet_charge" };
    const results = await Promise.all(Array.from({ length: 100 }, () => transfer({ db }, input)));
    expect(new Set(results.map((t) => t.id)).size).toBe(1);
    expect(await db.select().from(ledgerTransfers)).toHaveLength(1);
    expect(await balanceOf(wallet)).toBe(750_000);
    expect(await balanceOf(gateway)).toBe(-750_000);
    expect(await checkLedgerInvariants({ db })).toEqual([]);
  });

  it("50 parallel posts and voids of one pending transfer: one of them settles it, the money moves at most once", async ({
    database,
    balanceOf,
    account: { wallet },
  }) => {
    const db = database.db;
    const escrow = campaignEscrowCode(randomUUID());
    await transfer({ db }, { idempotencyKey: "fund", from: gateway, to: wallet, amount: 900_000, intent: "wallet_charge" });
    const reserved = await transfer(
      { db },
      {
        idempotencyKey: "reserve",
        from: wallet,
        to: escrow,
        amount: 600_000,
        intent: "payout",
        pending: true,
      },
    );
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? postTransfer({ db }, { transferId: reserved.id }) : voidTransfer({ db }, { transferId: reserved.id })).then(
          (t) => t.status,
        ),
      ),
    );
    const [final] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, reserved.id));
    expect(["posted", "voided"]).toContain(final!.status);
    results.forEach((r, i) => {
      const asked = i % 2 ? "posted" : "voided";
      if (asked === final!.status) expect(r).toEqual({ status: "fulfilled", value: asked });
      else expect(r.status === "rejected" && (r.reason as AppError).code).toBe("conflict");
    });
    expect(await balanceOf(wallet)).toBe(final!.status === "posted" ? 300_000 : 900_000);
    expect(await balanceOf(escrow)).toBe(final!.status === "posted" ? 600_000 : 0);
    expect(await checkLedgerInvariants({ db })).toEqual([]);
  });

  // Deadlocks are retried, so they would only show as slowness: count them in PostgreSQL's statistics.
  it(
    "opposite transfers between two accounts in parallel neither deadlock nor lose money",
    { timeout: 60_000 },
    async ({ database, balanceOf, deadlocks, account: { wallet } }) => {
      const db = database.db;
      const before = await deadlocks();
      const escrow = campaignEscrowCode(randomUUID());
      await transfer({ db }, { idempotencyKey: "fund:w", from: gateway, to: wallet, amount: 1_000_000, intent: "wallet_charge" });
      await transfer({ db }, { idempotencyKey: "fund:e", from: gateway, to: escrow, amount: 1_000_000, intent: "wallet_charge" });
      const results = await Promise.allSettled(
        Array.from({ length: 400 }, (_, i) =>
          i % 2
            ? transfer({ db }, { idempotencyKey: `there:${i}`, from: wallet, to: escrow, amount: 1_000, intent: "campaign_creation" })
            : transfer({ db }, { idempotencyKey: `back:${i}`, from: escrow, to: wallet, amount: 1_000, intent: "refund" }),
        ),
      );
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
      expect(await balanceOf(wallet)).toBe(1_000_000);
      expect(await balanceOf(escrow)).toBe(1_000_000);
      expect(await checkLedgerInvariants({ db })).toEqual([]);
      expect(await deadlocks()).toBe(before);
    },
  );

  it("a pending hold does not wait for the credit side it does not change: 50 holds to system:payouts while that row is locked", async ({
    database,
    balanceOf,
    deadlocks,
  }) => {
    const db = database.db;
    const payouts = systemAccountCode("payouts");
    const earners = await database.db
      .insert(users)
      .values(Array.from({ length: 50 }, () => ({})))
      .returning({ id: users.id });
    const earnings = earners.map(({ id }) => userAccountCode(id, "earnings"));
    await ensureAccounts({ db }, { specs: [payouts, ...earnings] });
    for (const code of earnings)
      await transfer({ db }, { idempotencyKey: `earned:${code}`, from: gateway, to: code, amount: 5_000_000, intent: "reward" });
    const before = await deadlocks();
    const payoutsBefore = await balanceOf(payouts);
    let settled: Promise<PromiseSettledResult<{ id: string }>[]> | null = null;
    // Another transaction holds system:payouts as a posting does while the holds are made: they all end
    // before it lets go (they queued on that row before issue 35, and would wait here until it did).
    const madeWhileLocked = await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ledger_accounts where code = ${payouts} for no key update`);
      settled = Promise.allSettled(
        earnings.map((from, i) =>
          transfer({ db }, { idempotencyKey: `hold:${i}`, from, to: payouts, amount: 3_000_000, intent: "payout", pending: true }),
        ),
      );
      return Promise.race([settled.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000))]);
    });
    expect(madeWhileLocked).toBe(true);
    const holds = await settled!;
    expect(holds.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await balanceOf(payouts)).toBe(payoutsBefore);
    const [reserved] = await database.db
      .select({ pending: sql<number>`sum(pending_debits)::bigint` })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.code} = any(${`{${earnings.join(",")}}`}::text[])`);
    expect(Number(reserved!.pending)).toBe(50 * 3_000_000);
    // Posting one moves the money to system:payouts, which the hold never touched.
    const first = holds[0] as PromiseFulfilledResult<{ id: string }>;
    await postTransfer({ db }, { transferId: first.value.id });
    expect(await balanceOf(payouts)).toBe((payoutsBefore ?? 0) + 3_000_000);
    expect(await checkLedgerInvariants({ db })).toEqual([]);
    expect(await deadlocks()).toBe(before);
  });

  it("50 parallel first uses of a user's accounts create each account once", async ({ database, account: { userId } }) => {
    const all = await Promise.all(Array.from({ length: 50 }, () => userWalletAccounts({ db: database.db }, { userId })));
    expect(new Set(all.map((a) => a.wallet.id)).size).toBe(1);
    expect(await database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId))).toHaveLength(3);
  });
});
