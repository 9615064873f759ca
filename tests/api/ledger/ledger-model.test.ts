import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect } from "vitest";
import type { Db } from "@/server/db/client";
import { ledgerAccounts, users } from "@/server/db/schema";
import {
  campaignEscrowCode,
  checkLedgerInvariants,
  ensureAccounts,
  postTransfer,
  systemAccountCode,
  transfer,
  userAccountCode,
  voidTransfer,
  type TransferInput,
} from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import { errorCode } from "@/tests/api/support/helpers";
import { gateway } from "@/tests/api/ledger/ledger-support";

// Model-based test: random sequences of ledger operations run against the database and against a
// few lines of arithmetic; after every command the balances must agree and every invariant hold.
// A failure prints fast-check's seed and path (and the commands' replayPath); replay one with
// FC_SEED=… FC_PATH=… FC_REPLAY_PATH=… npx vitest run --project api tests/api/ledger/ledger-model.test.ts
const NUM_RUNS = Number(process.env.FC_NUM_RUNS || 200);
const MAX_COMMANDS = 100;

type Account = { balance: number; pending: number; allowNegative: boolean };
type Pending = { id: string; from: string; to: string; amount: number };
type Made = { input: TransferInput; id: string };
type Model = { accounts: Map<string, Account>; pending: Pending[]; made: Made[] };
type Real = { db: Db; nextKey: () => string };

/** How often each outcome happened, to show that both the refusals and the movements were exercised. */
const stats = { moved: 0, refused: 0, settled: 0, replayed: 0 };

const USERS = 3;
const CAMPAIGNS = 2;
let userIds: string[] = [];
const campaignIds = Array.from({ length: CAMPAIGNS }, () => randomUUID());
const promotions = systemAccountCode("promotions");
const payouts = systemAccountCode("payouts");
const wallet = (u: number) => userAccountCode(userIds[u]!, "wallet");
const earnings = (u: number) => userAccountCode(userIds[u]!, "earnings");
const held = (u: number) => userAccountCode(userIds[u]!, "earnings_held");
const escrow = (c: number) => campaignEscrowCode(campaignIds[c]!);
const allCodes = () => [
  gateway,
  promotions,
  payouts,
  ...Array.from({ length: USERS }, (_, u) => [wallet(u), earnings(u), held(u)]).flat(),
  ...Array.from({ length: CAMPAIGNS }, (_, c) => escrow(c)),
];

function freshModel(): Model {
  const accounts = new Map<string, Account>();
  for (const code of allCodes())
    accounts.set(code, { balance: 0, pending: 0, allowNegative: [gateway, promotions, payouts].includes(code) });
  return { accounts, pending: [], made: [] };
}

const account = (m: Model, code: string) => m.accounts.get(code)!;

/** The database must hold exactly the model's balances, and the ledger's invariants. */
async function verify(m: Model, r: Real): Promise<void> {
  const rows = await r.db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance, pending: ledgerAccounts.pendingDebits })
    .from(ledgerAccounts);
  const actual = Object.fromEntries(rows.map((row) => [row.code, { balance: row.balance, pending: row.pending }]));
  const expected = Object.fromEntries([...m.accounts].map(([code, a]) => [code, { balance: a.balance, pending: a.pending }]));
  expect(actual).toEqual(expected);
  expect(await checkLedgerInvariants({ db: r.db })).toEqual([]);
}

/** Any movement between two accounts: refused exactly when the model says the money is short. */
class Move implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly label: string,
    readonly from: () => string,
    readonly to: () => string,
    readonly amount: number,
    readonly intent: string,
    readonly pending = false,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const input: TransferInput = {
      idempotencyKey: r.nextKey(),
      from: this.from(),
      to: this.to(),
      amount: this.amount,
      intent: this.intent,
      pending: this.pending,
    };
    const source = account(m, input.from);
    const short = !source.allowNegative && source.balance - source.pending < this.amount;
    let id = "";
    const code = await errorCode(transfer({ db: r.db }, input).then((t) => void (id = t.id)));
    expect(code).toBe(short ? "insufficient_funds" : null);
    stats[short ? "refused" : "moved"]++;
    if (!short) {
      if (this.pending) {
        source.pending += this.amount;
        m.pending.push({ id, from: input.from, to: input.to, amount: this.amount });
      } else {
        source.balance -= this.amount;
        account(m, input.to).balance += this.amount;
      }
      m.made.push({ input, id });
    }
    await verify(m, r);
  }
  toString = () => `${this.label}(${this.amount}${this.pending ? ", pending" : ""})`;
}

/** Settles the n-th outstanding pending transfer (mod their count); `twice` replays the settlement. */
class Settle implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly how: "post" | "void",
    readonly n: number,
    readonly twice: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.pending.length > 0;
  async run(m: Model, r: Real) {
    const [p] = m.pending.splice(this.n % m.pending.length, 1);
    const settle = this.how === "post" ? postTransfer : voidTransfer;
    const done = await settle({ db: r.db }, { transferId: p!.id });
    expect(done.status).toBe(this.how === "post" ? "posted" : "voided");
    if (this.twice) expect((await settle({ db: r.db }, { transferId: p!.id })).status).toBe(done.status);
    expect(await errorCode((this.how === "post" ? voidTransfer : postTransfer)({ db: r.db }, { transferId: p!.id }))).toBe("conflict");
    account(m, p!.from).pending -= p!.amount;
    stats.settled++;
    if (this.how === "post") {
      account(m, p!.from).balance -= p!.amount;
      account(m, p!.to).balance += p!.amount;
    }
    await verify(m, r);
  }
  toString = () => `${this.how}(#${this.n}${this.twice ? ", twice" : ""})`;
}

/** Replays the n-th successful request: the same transfer, nothing moves; changed, it is a conflict. */
class Replay implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly n: number,
    readonly change: "none" | "amount" | "pending",
  ) {}
  check = (m: Readonly<Model>) => m.made.length > 0;
  async run(m: Model, r: Real) {
    const made = m.made[this.n % m.made.length]!;
    if (this.change === "none") {
      expect((await transfer({ db: r.db }, made.input)).id).toBe(made.id);
    } else {
      const changed =
        this.change === "amount" ? { ...made.input, amount: made.input.amount + 1 } : { ...made.input, pending: !made.input.pending };
      expect(await errorCode(transfer({ db: r.db }, changed))).toBe("idempotency_conflict");
    }
    stats.replayed++;
    await verify(m, r);
  }
  toString = () => `replay(#${this.n}, ${this.change})`;
}

const user = fc.nat({ max: USERS - 1 });
const campaign = fc.nat({ max: CAMPAIGNS - 1 });
const amount = fc.integer({ min: 1, max: 1_000_000 });

const commands = [
  fc.tuple(user, amount).map(
    ([u, a]) =>
      new Move(
        `charge(u${u})`,
        () => gateway,
        () => wallet(u),
        a,
        "wallet_charge",
      ),
  ),
  fc.tuple(user, campaign, amount).map(
    ([u, c, a]) =>
      new Move(
        `spend(u${u}→c${c})`,
        () => wallet(u),
        () => escrow(c),
        a,
        "campaign_creation",
      ),
  ),
  fc.tuple(user, amount).map(
    ([u, a]) =>
      new Move(
        `reward(u${u})`,
        () => promotions,
        () => held(u),
        a,
        "reward",
      ),
  ),
  fc.tuple(user, amount).map(
    ([u, a]) =>
      new Move(
        `release(u${u})`,
        () => held(u),
        () => earnings(u),
        a,
        "reward",
      ),
  ),
  fc.tuple(user, campaign, amount).map(
    ([u, c, a]) =>
      new Move(
        `refund(c${c}→u${u})`,
        () => escrow(c),
        () => wallet(u),
        a,
        "refund",
      ),
  ),
  fc.tuple(user, campaign, amount).map(
    ([u, c, a]) =>
      new Move(
        `reserve(u${u}→c${c})`,
        () => wallet(u),
        () => escrow(c),
        a,
        "campaign_creation",
        true,
      ),
  ),
  fc.tuple(user, amount).map(
    ([u, a]) =>
      new Move(
        `withdraw(u${u})`,
        () => earnings(u),
        () => payouts,
        a,
        "payout",
        true,
      ),
  ),
  fc.tuple(fc.constantFrom("post" as const, "void" as const), fc.nat(), fc.boolean()).map(([how, n, twice]) => new Settle(how, n, twice)),
  fc.tuple(fc.nat(), fc.constantFrom("none" as const, "amount" as const, "pending" as const)).map(([n, change]) => new Replay(n, change)),
];

describe("ledger model", () => {
  apiTest(
    `agrees with an in-memory model over ${NUM_RUNS} runs of up to ${MAX_COMMANDS} commands`,
    { timeout: 300_000 },
    async ({ database }) => {
      const made = await database.db
        .insert(users)
        .values(Array.from({ length: USERS }, () => ({})))
        .returning({ id: users.id });
      userIds = made.map((u) => u.id);
      const db = database.db;
      await fc.assert(
        fc.asyncProperty(
          fc.commands(commands, { maxCommands: MAX_COMMANDS, size: "max", replayPath: process.env.FC_REPLAY_PATH }),
          async (cmds) => {
            await db.execute(
              sql`truncate table watch_sessions, activities, transactions, payout_events, payouts, invitations, memberships, ledger_transfers, ledger_accounts`,
            );
            await ensureAccounts({ db }, { specs: allCodes() });
            let key = 0;
            const model = freshModel();
            await fc.asyncModelRun(() => ({ model, real: { db, nextKey: () => `k${++key}` } }), cmds);
          },
        ),
        {
          numRuns: NUM_RUNS,
          ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {}),
        },
      );
      console.log(`[ledger-model] ${NUM_RUNS} runs: ${JSON.stringify(stats)}`);
      expect(Math.min(stats.moved, stats.refused, stats.settled, stats.replayed)).toBeGreaterThan(NUM_RUNS);
    },
  );
});
