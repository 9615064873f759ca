import { randomInt } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect } from "vitest";
import type { Db } from "@/server/db/client";
import { invitations, ledgerAccounts, memberships, membershipPlans, payouts, transactions, users, type User } from "@/server/db/schema";
import { checkLedgerInvariants, ensureAccounts, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { buyMembership, membershipOf, type PurchaseExpectation } from "@/server/payouts/memberships";
import { quoteMembership } from "@/server/payouts/membership-quote";
import { expireMemberships } from "@/server/payouts/membership-expiry";
import { requestPayout } from "@/server/payouts/request-payout";
import { applyPayoutEvent } from "@/server/payouts/transitions";
import { inviteFriend } from "@/server/invitations/invite";
import { AppError } from "@/server/core/errors";
import { apiTest } from "@/tests/api/support/fixture";
import { TEST_IBAN } from "@/tests/api/support/payout-fixtures";

// Issue 30 items 1 and 2, as a model test on PostgreSQL (*.pg.test.ts): random sequences of buying
// (new, renewal, upgrade, change at the end; with and without the kind and price a page showed),
// withdrawing, inviting, denying, the expiry job and a clock that moves by minutes, days and onto the
// very edges of a period — with bursts of those run at once on real connections. After every step the
// rules hold whatever happened: at most one period in force and one waiting, every period's
// allowance exactly what its price paid for (an upgrade: the difference per day × the minutes it
// covers), every withdrawal and invitation counted once on the period that carries it, the money and
// the ledger's invariants. Replay a failure with FC_SEED=… FC_PATH=… (fast-check prints them).
const NUM_RUNS = Number(process.env.FC_NUM_RUNS || 10);
const MAX_COMMANDS = 20;
const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;
const START_WALLET = 60_000_000;
const START_EARNINGS = 40_000_000;

/** Refusals a person may meet; anything else (a 500, a broken constraint) fails the run. */
const REFUSALS = new Set([
  "membership_already_renewed",
  "membership_changed",
  "ERR_INSUFFICIENT_BALANCE",
  "insufficient_funds",
  "ERR_NO_ACTIVE_MEMBERSHIP",
  "ERR_MAX_WITHDRAWALS_REACHED",
  "invitations_used_up",
  "ERR_MAX_INVITATIONS",
]);

type Plan = typeof membershipPlans.$inferSelect;
type Real = { db: Db; user: User; plans: Plan[]; clock: { now: Date } };
type Model = { refused: Record<string, number>; done: Record<string, number> };
type Op = { kind: "buy"; plan: number; from: "wallet" | "earnings"; asShown: boolean } | { kind: "withdraw" } | { kind: "invite" };

async function outcome(model: Model, name: string, work: Promise<unknown>): Promise<void> {
  try {
    await work;
    model.done[name] = (model.done[name] ?? 0) + 1;
  } catch (error) {
    if (!(error instanceof AppError) || !REFUSALS.has(error.code)) throw error;
    model.refused[error.code] = (model.refused[error.code] ?? 0) + 1;
  }
}

/** What a plans page would have shown a moment before (null: it showed a refusal). */
async function shownQuote(r: Real, plan: Plan): Promise<PurchaseExpectation | null> {
  try {
    const quote = quoteMembership(plan, await membershipOf({ db: r.db, now: r.clock.now }, { userId: r.user.id }), r.clock.now);
    return { kind: quote.kind, price: quote.price };
  } catch {
    return null;
  }
}

async function runOp(m: Model, r: Real, op: Op, shown: PurchaseExpectation | null): Promise<void> {
  const ctx = { db: r.db, actor: r.user, ip: null };
  const now = r.clock.now;
  if (op.kind === "buy") {
    const plan = r.plans[op.plan % r.plans.length]!;
    const expect = op.asShown && shown ? shown : undefined;
    return outcome(m, "buy", buyMembership(ctx, { planId: plan.id, payFrom: op.from, now, expect }));
  }
  if (op.kind === "withdraw") return outcome(m, "withdraw", requestPayout(ctx, { amount: 3_000_000, now }));
  const phone = `+98912${String(randomInt(1_000_000, 9_999_999))}`;
  return outcome(m, "invite", inviteFriend(ctx, { phone, now }));
}

/** The rules, read back from the database as it is. */
async function verify(r: Real): Promise<void> {
  const now = r.clock.now.getTime();
  const rows = await r.db.select().from(memberships).where(eq(memberships.userId, r.user.id));
  const plan = (id: string) => r.plans.find((p) => p.id === id)!;
  const byId = new Map(rows.map((row) => [row.id, row]));

  // At most one period in force and one waiting, and no two periods overlap.
  expect(rows.filter((row) => row.startsAt.getTime() <= now && now < row.endsAt.getTime()).length).toBeLessThanOrEqual(1);
  expect(rows.filter((row) => row.startsAt.getTime() > now).length).toBeLessThanOrEqual(1);
  const sorted = [...rows].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.startsAt.getTime()).toBeGreaterThanOrEqual(sorted[i - 1]!.endsAt.getTime());

  // Where an upgrade's period ends: its own end, or — once upgraded again — the end it was bought with.
  const endOf = (row: (typeof rows)[number]): number => {
    const later = rows.find((other) => other.replaces === row.id);
    return later ? endOf(later) : row.endsAt.getTime();
  };
  // What each period's allowance should be: a whole period the plan's; an upgrade what it carries on plus the
  // difference per day over the whole minutes it covers, rounded down (and its price the same days, rounded up).
  const expected = (row: (typeof rows)[number]): { withdrawals: number; invitations: number } => {
    const p = plan(row.planId);
    if (!row.replaces) return { withdrawals: p.withdrawalsPerPeriod, invitations: p.invitationsPerPeriod };
    const before = byId.get(row.replaces)!;
    const q = plan(before.planId);
    const days = Math.round((endOf(row) - row.startsAt.getTime()) / MINUTE) / 1_440;
    const more = (a: number, b: number) => Math.max(0, Math.floor((a / p.periodDays - b / q.periodDays) * days + 1e-9));
    const base = expected(before);
    return {
      withdrawals: base.withdrawals + more(p.withdrawalsPerPeriod, q.withdrawalsPerPeriod),
      invitations: base.invitations + more(p.invitationsPerPeriod, q.invitationsPerPeriod),
    };
  };
  for (const row of rows) {
    const p = plan(row.planId);
    if (row.replaces) {
      const before = byId.get(row.replaces)!;
      const q = plan(before.planId);
      const days = Math.round((endOf(row) - row.startsAt.getTime()) / MINUTE) / 1_440;
      expect(before.endsAt.getTime()).toBe(row.startsAt.getTime());
      expect(row.pricePaid).toBe(Math.max(1, Math.ceil((p.price / p.periodDays - q.price / q.periodDays) * days - 1e-9)));
    } else expect(row.pricePaid).toBe(p.price);
    const replaced = rows.some((later) => later.replaces === row.id);
    // A period an upgrade carries on is closed: nothing more can be taken from it.
    if (replaced) expect([row.withdrawalsAllowed, row.invitationsAllowed]).toEqual([row.withdrawalsUsed, row.invitationsUsed]);
    else {
      const due = expected(row);
      expect([row.withdrawalsAllowed, row.invitationsAllowed]).toEqual([due.withdrawals, due.invitations]);
    }
  }

  // Every withdrawal and invitation counted once, on the last period of its chain of upgrades.
  const last = rows.filter((row) => !rows.some((later) => later.replaces === row.id));
  const chainOf = (end: (typeof rows)[number]) => {
    const ids = [end.id];
    for (let at = end; at.replaces; at = byId.get(at.replaces)!) ids.push(at.replaces);
    return ids;
  };
  const held = await r.db.select().from(payouts).where(eq(payouts.userId, r.user.id));
  const invited = await r.db.select().from(invitations).where(eq(invitations.inviterId, r.user.id));
  for (const end of last) {
    const chain = chainOf(end);
    const open = held.filter((p) => chain.includes(p.membershipId!) && p.status !== "denied" && p.status !== "failed");
    expect(end.withdrawalsUsed).toBe(open.length);
    expect(end.invitationsUsed).toBe(invited.filter((i) => chain.includes(i.membershipId!)).length);
  }

  // The money: what the periods cost left the wallet and the earnings for revenue, once each.
  const paid = await r.db
    .select({ gateway: transactions.gateway, amount: transactions.amount })
    .from(transactions)
    .where(eq(transactions.userId, r.user.id));
  const spent = (from: string) => paid.filter((t) => t.gateway === from).reduce((sum, t) => sum + t.amount, 0);
  expect(spent("wallet") + spent("earnings")).toBe(rows.reduce((sum, row) => sum + row.pricePaid, 0));
  const accounts = await r.db
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, [userAccountCode(r.user.id, "wallet"), userAccountCode(r.user.id, "earnings")]));
  const balance = (kind: "wallet" | "earnings") => accounts.find((a) => a.code === userAccountCode(r.user.id, kind))!;
  expect(balance("wallet").balance).toBe(START_WALLET - spent("wallet"));
  expect(balance("earnings").balance).toBe(START_EARNINGS - spent("earnings"));
  expect(balance("earnings").pendingDebits).toBe(held.filter((p) => p.status === "pending").reduce((sum, p) => sum + p.amount, 0));
  expect(await checkLedgerInvariants({ db: r.db })).toEqual([]);
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly step: "minute" | "hour" | "day" | "tenDays" | "endLess" | "end" | "endMore") {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const state = await membershipOf({ db: r.db, now: r.clock.now }, { userId: r.user.id });
    const end = (state.current?.membership.endsAt ?? r.clock.now).getTime();
    const to = {
      minute: r.clock.now.getTime() + MINUTE,
      hour: r.clock.now.getTime() + 60 * MINUTE,
      day: r.clock.now.getTime() + DAY,
      tenDays: r.clock.now.getTime() + 10 * DAY,
      // The edges of the period in force: a minute before its end, its very end, a minute after.
      endLess: end - MINUTE,
      end,
      endMore: end + MINUTE,
    }[this.step];
    r.clock.now = new Date(Math.max(r.clock.now.getTime(), to));
    await verify(r);
  }
  toString = () => `advance(${this.step})`;
}

class Burst implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ops: Op[]) {}
  check = () => true;
  async run(m: Model, r: Real) {
    // What each page showed first (a tab open on the plans), then everything at once on its own connection.
    const shown = await Promise.all(this.ops.map((op) => (op.kind === "buy" ? shownQuote(r, r.plans[op.plan % r.plans.length]!) : null)));
    await Promise.all(this.ops.map((op, i) => runOp(m, r, op, shown[i]!)));
    await verify(r);
  }
  toString = () =>
    `burst(${this.ops.map((op) => (op.kind === "buy" ? `buy:${op.plan}:${op.from}${op.asShown ? ":shown" : ""}` : op.kind)).join(", ")})`;
}

class Expire implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, r: Real) {
    await expireMemberships({ db: r.db, now: r.clock.now });
    await verify(r);
  }
  toString = () => "expire";
}

class Deny implements fc.AsyncCommand<Model, Real> {
  constructor(readonly n: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const pending = await r.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.status, "pending")).orderBy(payouts.createdAt);
    if (pending.length > 0)
      await applyPayoutEvent({ db: r.db, actor: null }, { payoutId: pending[this.n % pending.length]!.id, event: "deny", reason: "model" });
    await verify(r);
  }
  toString = () => `deny(#${this.n})`;
}

const op: fc.Arbitrary<Op> = fc.oneof(
  fc
    .record({ plan: fc.nat({ max: 2 }), from: fc.constantFrom("wallet" as const, "earnings" as const), asShown: fc.boolean() })
    .map((buy) => ({ kind: "buy" as const, ...buy })),
  fc.constant({ kind: "withdraw" as const }),
  fc.constant({ kind: "invite" as const }),
);
const commands = [
  fc.constantFrom("minute", "hour", "day", "tenDays", "endLess", "end", "endMore" as const).map((step) => new Advance(step)),
  fc.array(op, { minLength: 1, maxLength: 5 }).map((ops) => new Burst(ops)),
  fc.array(op, { minLength: 1, maxLength: 5 }).map((ops) => new Burst(ops)),
  fc.constant(new Expire()),
  fc.nat().map((n) => new Deny(n)),
];

describe("memberships model (PostgreSQL)", () => {
  apiTest(
    `the rules hold over ${NUM_RUNS} runs of up to ${MAX_COMMANDS} steps with a moving clock and bursts at once`,
    { timeout: 600_000 },
    async ({ database }) => {
      const db = database.db;
      const plans = await db.select().from(membershipPlans).where(eq(membershipPlans.active, true)).orderBy(membershipPlans.sortOrder);
      expect(plans.map((p) => p.code).slice(0, 3)).toEqual(["bronze", "silver", "gold"]);
      const model: Model = { refused: {}, done: {} };
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: MAX_COMMANDS, size: "max" }), async (cmds) => {
          await db.execute(
            sql`truncate table watch_sessions, activities, transactions, payout_events, payouts, invitations, memberships, ledger_transfers, ledger_accounts, audit_log, notifications, notification_counters`,
          );
          await db.execute(sql`delete from users where phone = '+989300000099'`);
          const start = new Date();
          const [user] = await db
            .insert(users)
            .values({
              firstName: "Model",
              lastName: "Member",
              phone: "+989300000099",
              identityStatus: "identity_verified",
              iban: TEST_IBAN,
              bankName: "saman",
              ibanChangedAt: new Date(start.getTime() - 72 * 3_600_000),
              ibanCheck: "format_only",
            })
            .returning();
          await ensureAccounts({ db }, { specs: [systemAccountCode("promotions")] });
          for (const [kind, amount] of [
            ["wallet", START_WALLET],
            ["earnings", START_EARNINGS],
          ] as const)
            await transfer(
              { db },
              {
                idempotencyKey: `membership-model:${kind}`,
                from: systemAccountCode("promotions"),
                to: userAccountCode(user!.id, kind),
                amount,
                intent: "reward",
              },
            );
          const real: Real = { db, user: user!, plans, clock: { now: start } };
          await fc.asyncModelRun(() => ({ model, real }), cmds);
        }),
        { numRuns: NUM_RUNS, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {}) },
      );
      console.log(`[memberships-model] ${NUM_RUNS} runs: done ${JSON.stringify(model.done)}, refused ${JSON.stringify(model.refused)}`);
      // Each kind of step happened, and the purchase refusals the rules are about were met.
      expect(model.done.buy).toBeGreaterThan(0);
      expect(model.done.withdraw).toBeGreaterThan(0);
      expect(model.done.invite).toBeGreaterThan(0);
      expect(model.refused.membership_already_renewed).toBeGreaterThan(0);
    },
  );
});
