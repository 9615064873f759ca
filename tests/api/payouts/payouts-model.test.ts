import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect } from "vitest";
import type { Db } from "@/server/db/client";
import { ledgerAccounts, memberships, membershipPlans, payouts, users, type User } from "@/server/db/schema";
import { checkLedgerInvariants, ensureAccounts, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { buyMembership } from "@/server/payouts/memberships";
import { requestPayout } from "@/server/payouts/request-payout";
import { applyPayoutEvent, machine, type PayoutEventName } from "@/server/payouts/transitions";
import { apiTest } from "@/tests/api/support/fixture";
import { errorCode } from "@/tests/api/support/helpers";
import { TEST_IBAN } from "@/tests/api/support/payout-fixtures";

// Issue 17: the ledger model test's way, for memberships and payouts. Random sequences of the business
// verbs — buy or renew a plan from earnings or the wallet, request a payout, and every step of the payout
// state machine (in and out of order, replays) — run against the database and a few lines of arithmetic;
// after every command the balances, the withdrawals left, each payout's status and the ledger's
// invariants must agree. Replay a failure with FC_SEED=… FC_PATH=… (fast-check prints them).
const NUM_RUNS = Number(process.env.FC_NUM_RUNS || 60);
const MAX_COMMANDS = 40;
const PRICE = 2_000_000; // the seeded bronze plan: 2,000,000 Rials, 30 days, 2 withdrawals
const WITHDRAWALS = 2;

type Booster = { earnings: number; pendingEarnings: number; wallet: number; periods: number; used: number[] };
type ModelPayout = { id: string; user: number; amount: number; status: string; period: number };
type Model = { boosters: Booster[]; payouts: ModelPayout[]; revenue: number; paidOut: number };
type Real = { db: Db; users: User[]; bronze: string };

const stats = { bought: 0, requested: 0, refused: 0, moved: 0, replayed: 0, invalid: 0 };

async function verify(m: Model, r: Real): Promise<void> {
  const accounts = Object.fromEntries(
    (await r.db.select().from(ledgerAccounts)).map((row) => [row.code, { balance: row.balance, pending: row.pendingDebits }]),
  );
  for (const [u, booster] of m.boosters.entries()) {
    const id = r.users[u]!.id;
    expect(accounts[userAccountCode(id, "earnings")] ?? { balance: 0, pending: 0 }).toEqual({
      balance: booster.earnings,
      pending: booster.pendingEarnings,
    });
    expect(accounts[userAccountCode(id, "wallet")]?.balance ?? 0).toBe(booster.wallet);
    const periods = await r.db.select().from(memberships).where(eq(memberships.userId, id)).orderBy(memberships.startsAt);
    expect(periods.map((p) => p.withdrawalsUsed)).toEqual(booster.used);
  }
  expect(accounts[systemAccountCode("revenue")]?.balance ?? 0).toBe(m.revenue);
  expect(accounts[systemAccountCode("payouts")]?.balance ?? 0).toBe(m.paidOut);
  const rows = await r.db.select({ id: payouts.id, status: payouts.status }).from(payouts);
  expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual(Object.fromEntries(m.payouts.map((p) => [p.id, p.status])));
  expect(await checkLedgerInvariants({ db: r.db })).toEqual([]);
}

class Buy implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly u: number,
    readonly from: "earnings" | "wallet",
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const b = m.boosters[this.u]!;
    const available = this.from === "earnings" ? b.earnings - b.pendingEarnings : b.wallet;
    const expected =
      b.periods >= 2
        ? "membership_already_renewed"
        : available < PRICE
          ? this.from === "earnings"
            ? "ERR_INSUFFICIENT_BALANCE"
            : "insufficient_funds"
          : null;
    const code = await errorCode(buyMembership({ db: r.db, actor: r.users[this.u]! }, { planId: r.bronze, payFrom: this.from }));
    expect(code).toBe(expected);
    if (code === null) {
      if (this.from === "earnings") b.earnings -= PRICE;
      else b.wallet -= PRICE;
      m.revenue += PRICE;
      b.periods += 1;
      b.used.push(0);
      stats.bought++;
    } else stats.refused++;
    await verify(m, r);
  }
  toString = () => `buy(u${this.u}, ${this.from})`;
}

class Request implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly u: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const b = m.boosters[this.u]!;
    const expected =
      b.periods === 0
        ? "ERR_NO_ACTIVE_MEMBERSHIP"
        : b.used[0]! >= WITHDRAWALS
          ? "ERR_MAX_WITHDRAWALS_REACHED"
          : b.earnings - b.pendingEarnings < this.amount
            ? "ERR_INSUFFICIENT_BALANCE"
            : null;
    let id = "";
    const code = await errorCode(
      requestPayout({ db: r.db, actor: r.users[this.u]! }, { amount: this.amount }).then((made) => void (id = made.payout.id)),
    );
    expect(code).toBe(expected);
    if (code === null) {
      b.pendingEarnings += this.amount;
      b.used[0]! += 1;
      m.payouts.push({ id, user: this.u, amount: this.amount, status: "pending", period: 0 });
      stats.requested++;
    } else stats.refused++;
    await verify(m, r);
  }
  toString = () => `request(u${this.u}, ${this.amount})`;
}

// A payout event against the one state machine (transitions.ts exports its table; each move's own
// path and answer are pinned by payouts-admin.test.ts): a move, a replay or payout_transition_invalid.
class Step implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly n: number,
    readonly event: PayoutEventName,
  ) {}
  check = (m: Readonly<Model>) => m.payouts.length > 0;
  async run(m: Model, r: Real) {
    const p = m.payouts[this.n % m.payouts.length]!;
    const b = m.boosters[p.user]!;
    const step = machine[this.event];
    const code = await errorCode(
      applyPayoutEvent({ db: r.db, actor: null }, { payoutId: p.id, event: this.event, reason: "model", bankReference: "REF" }),
    );
    if (p.status === step.to) {
      expect(code).toBeNull();
      stats.replayed++;
    } else if (p.status !== step.from) {
      expect(code).toBe("payout_transition_invalid");
      stats.invalid++;
    } else {
      expect(code).toBeNull();
      p.status = step.to;
      if (this.event === "confirm") {
        b.pendingEarnings -= p.amount;
        b.earnings -= p.amount;
        m.paidOut += p.amount;
      }
      if (this.event === "deny" || this.event === "fail") {
        b.pendingEarnings -= p.amount;
        b.used[p.period]! -= 1;
      }
      if (this.event === "reverse") {
        b.earnings += p.amount;
        m.paidOut -= p.amount;
      }
      stats.moved++;
    }
    await verify(m, r);
  }
  toString = () => `${this.event}(#${this.n})`;
}

const user = fc.integer({ min: 0, max: 1 });
const commands = [
  fc.tuple(user, fc.constantFrom("earnings" as const, "wallet" as const)).map(([u, from]) => new Buy(u, from)),
  fc.tuple(user, fc.constantFrom(3_000_000, 4_500_000, 7_000_000, 10_000_000)).map(([u, amount]) => new Request(u, amount)),
  fc.tuple(fc.nat(), fc.constantFrom(...(Object.keys(machine) as PayoutEventName[]))).map(([n, event]) => new Step(n, event)),
  fc.tuple(fc.nat(), fc.constantFrom(...(Object.keys(machine) as PayoutEventName[]))).map(([n, event]) => new Step(n, event)),
];

describe("memberships and payouts model", () => {
  apiTest(
    `agrees with an in-memory model over ${NUM_RUNS} runs of up to ${MAX_COMMANDS} commands`,
    { timeout: 300_000 },
    async ({ database }) => {
      const db = database.db;
      const [bronze] = await db.select({ id: membershipPlans.id }).from(membershipPlans).where(eq(membershipPlans.code, "bronze"));
      await fc.assert(
        fc.asyncProperty(
          fc.commands(commands, { maxCommands: MAX_COMMANDS, size: "max" }),
          fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 6 })),
          async (cmds, [earn0, earn1, wallet0]) => {
            await db.execute(
              sql`truncate table watch_sessions, activities, transactions, payout_events, payouts, invitations, memberships, ledger_transfers, ledger_accounts, audit_log`,
            );
            await db.execute(sql`delete from users where phone like '+98930000%'`);
            const made = await db
              .insert(users)
              .values(
                [0, 1].map((u) => ({
                  firstName: "Model",
                  lastName: `B${u}`,
                  phone: `+98930000000${u}`,
                  identityStatus: "identity_verified" as const,
                  iban: TEST_IBAN,
                  bankName: "saman",
                  ibanChangedAt: new Date(Date.now() - 72 * 3_600_000),
                  ibanCheck: "format_only" as const,
                })),
              )
              .returning();
            const model: Model = {
              boosters: [earn0, earn1].map((earned, u) => ({
                earnings: earned * 1_000_000,
                pendingEarnings: 0,
                wallet: u === 0 ? wallet0 * 1_000_000 : 0,
                periods: 0,
                used: [],
              })),
              payouts: [],
              revenue: 0,
              paidOut: 0,
            };
            await ensureAccounts({ db }, { specs: [systemAccountCode("promotions")] });
            for (const [u, booster] of model.boosters.entries()) {
              for (const [kind, amount] of [
                ["earnings", booster.earnings],
                ["wallet", booster.wallet],
              ] as const)
                if (amount > 0)
                  await transfer(
                    { db },
                    {
                      idempotencyKey: `model:${kind}:${u}`,
                      from: systemAccountCode("promotions"),
                      to: userAccountCode(made[u]!.id, kind),
                      amount,
                      intent: "reward",
                    },
                  );
            }
            await fc.asyncModelRun(() => ({ model, real: { db, users: made, bronze: bronze!.id } }), cmds);
          },
        ),
        { numRuns: NUM_RUNS, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {}) },
      );
      console.log(`[payouts-model] ${NUM_RUNS} runs: ${JSON.stringify(stats)}`);
      // Every kind of outcome was exercised (how often varies from run to run: replays are the rarest, 8 to 17 in 60 runs).
      expect(Math.min(stats.bought, stats.requested, stats.refused, stats.moved, stats.replayed, stats.invalid)).toBeGreaterThan(0);
    },
  );
});
