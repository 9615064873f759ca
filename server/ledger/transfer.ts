import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db";
import type { DbCtx, Tx } from "@/server/core/context";
import type { LedgerTransfer } from "@/server/db/schema";
import { AppError } from "@/server/core/errors";
import { ensureAccounts } from "@/server/ledger/accounts";
import { runStatement } from "@/server/db/statement";
import { sqlState, violatedConstraint, withRetry } from "@/server/db/retry";

/** A transaction opened by the caller (drizzle's `db.transaction(async (tx) => …)`). */
export type LedgerTx = Tx;

export type TransferInput = {
  /** One movement per key, ever: a replay with the same key returns the first transfer. */
  idempotencyKey: string;
  /** Account codes (see accounts.ts); missing accounts are created on first use. */
  from: string;
  to: string;
  /** Rials, a positive safe integer. */
  amount: number;
  /** Why the money moves: wallet_charge, campaign_creation, reward, refund, payout … */
  intent: string;
  /** Two-phase: reserve the amount on `from` now (pending_debits), move it on postTransfer, release it on voidTransfer. */
  pending?: boolean;
  metadata?: Record<string, unknown>;
  /**
   * The key was made for this call (from a new random id), so no parallel request can hold it: inside a
   * caller's transaction the statement runs without a savepoint, two round trips fewer (a payout's hold).
   * A refusal is an answer, not an SQL error, so the caller's transaction stays usable either way.
   */
  freshKey?: boolean;
};

/**
 * What the ledger's verbs take of the request context. With `tx` set they run inside the caller's
 * transaction (e.g. a payment settlement): no transaction of their own and no retry — the caller owns
 * both. A transfer then runs under a savepoint, so a refusal or a lost race on the key leaves the
 * caller's transaction usable; a caller that rolls back takes the transfer with it.
 */
export type LedgerCtx = DbCtx;

type Executor = Pick<Db, "execute" | "select" | "insert">;

/** Refuses what no caller should ever send (a programming error surfaces as a 400, never as a half-made transfer). */
export function validateTransfer(input: TransferInput): void {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new AppError("bad_request", { amount: String(input.amount) });
  if (input.from === input.to) throw new AppError("bad_request", { account: input.from });
  if (!input.idempotencyKey) throw new AppError("bad_request", { idempotencyKey: "" });
  if (!input.intent) throw new AppError("bad_request", { intent: "" });
}

/**
 * Whether a transfer was made two-phase. A direct transfer is created posted and never settled
 * later, so its settled_at stays null; a pending one gets settled_at when posted or voided.
 */
export function wasPending(transfer: Pick<LedgerTransfer, "status" | "settledAt">): boolean {
  return transfer.status !== "posted" || transfer.settledAt !== null;
}

/** Whether a stored transfer is the one a replayed request asks for (metadata may differ). */
export function sameRequest(
  existing: { transfer: LedgerTransfer; from: string; to: string },
  input: Pick<TransferInput, "from" | "to" | "amount" | "intent" | "pending">,
): boolean {
  return (
    existing.from === input.from &&
    existing.to === input.to &&
    existing.transfer.amount === input.amount &&
    existing.transfer.intent === input.intent &&
    wasPending(existing.transfer) === (input.pending === true)
  );
}

/** A ledger_transfers row as row_to_json gives it (same on node-postgres and PGlite). */
export type TransferJson = {
  id: string;
  idempotency_key: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: number | string;
  intent: string;
  status: LedgerTransfer["status"];
  metadata: unknown;
  created_at: string;
  settled_at: string | null;
  seq: number | string;
  debit_balance_after: number | string | null;
  credit_balance_after: number | string | null;
};

export function fromJson(row: TransferJson): LedgerTransfer {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amount: Number(row.amount),
    intent: row.intent,
    status: row.status,
    metadata: row.metadata,
    createdAt: new Date(row.created_at),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at),
    seq: Number(row.seq),
    debitBalanceAfter: row.debit_balance_after === null ? null : Number(row.debit_balance_after),
    creditBalanceAfter: row.credit_balance_after === null ? null : Number(row.credit_balance_after),
  };
}

/**
 * The whole transfer in one statement — one round trip, atomic without BEGIN/COMMIT:
 *  1. resolve both account codes; stop if the key is already known (a replay);
 *  2. lock both accounts in id order, so transfers in opposite directions cannot deadlock — a pending
 *     transfer only the debit side, the one it changes: the credit side (system:payouts for every
 *     payout's hold) is not a row every hold queues on; its balance moves when the transfer is posted.
 *     `for no key update`: a balance is not a key, so the foreign-key checks of transfers inserted
 *     meanwhile (a KEY SHARE on both accounts) pass beside it;
 *  3. debit `from` with a conditional update — only if the money is there (balance − pending_debits
 *     ≥ amount) unless the account may go negative; a pending transfer only reserves
 *     (pending_debits grows);
 *  4. only if the debit happened: insert the transfer (a plain insert: a parallel request with the
 *     same key that committed meanwhile makes it fail with a unique violation, which aborts the
 *     statement and undoes the debit), then credit `to` (not for a pending transfer).
 * Refused for want of money, the statement writes nothing: `debited` is false.
 * READ COMMITTED: the availability test sees the balance as of the statement's start and, for a row
 * changed meanwhile, again on the newest version once the lock is held — so a spend racing a charge
 * of the same wallet may be refused as if it came first, and never passes on stale money.
 */
function transferStatement(input: TransferInput): SQL {
  return sql`
    with ${transferSteps(input)}
    select exists (select 1 from acc) as found, exists (select 1 from known) as known, exists (select 1 from debit) as debited,
      (select row_to_json(ins) from ins) as transfer`;
}

/**
 * A transfer's steps as the CTEs of a statement — acc, known, locked, debit, ins and, when posted, credit
 * — for the ledger's own statement above and for a caller's that does more in the same statement (a
 * payout's hold beside its payout row). `when`, a condition on the caller's earlier CTEs, gates the lock
 * and so everything after it: false, the statement moves nothing. Refuses a bad input as transfer does.
 */
export function transferSteps(input: TransferInput, when: SQL = sql`true`): SQL {
  validateTransfer(input);
  const pending = input.pending === true;
  const amount = sql`${input.amount}::bigint`;
  const debit = pending ? sql`pending_debits = a.pending_debits + ${amount}` : sql`balance = a.balance - ${amount}`;
  // The balances right after the move, from the locked rows (their newest versions): none while only reserved.
  const balancesAfter = pending
    ? sql`null::bigint, null::bigint`
    : sql`(select balance from locked where id = acc.debit_id) - ${amount}, (select balance from locked where id = acc.credit_id) + ${amount}`;
  const credit = pending
    ? sql``
    : sql`, credit as (
        update ledger_accounts a set balance = a.balance + ${amount}
        from ins
        where a.id = ins.credit_account_id and a.id in (select id from locked)
        returning a.id
      )`;
  return sql`
    acc as (
      select d.id as debit_id, c.id as credit_id
      from ledger_accounts d cross join ledger_accounts c
      where d.code = ${input.from}::text and c.code = ${input.to}::text
    ), known as (
      select 1 from ledger_transfers where idempotency_key = ${input.idempotencyKey}::text
    ), locked as (
      select a.id, a.balance from ledger_accounts a join acc on ${pending ? sql`a.id = acc.debit_id` : sql`a.id in (acc.debit_id, acc.credit_id)`}
      where not exists (select 1 from known) and ${when}
      order by a.id
      for no key update of a
    ), debit as (
      update ledger_accounts a set ${debit}
      from acc
      where a.id = acc.debit_id and a.id in (select id from locked)
        and (a.allow_negative or a.balance - a.pending_debits >= ${amount})
      returning a.id
    ), ins as (
      insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, intent, status, metadata,
        debit_balance_after, credit_balance_after)
      select ${input.idempotencyKey}::text, acc.debit_id, acc.credit_id, ${amount}, ${input.intent}::text, ${pending ? "pending" : "posted"}::text,
        ${JSON.stringify(input.metadata ?? {})}::jsonb, ${balancesAfter}
      from acc
      where exists (select 1 from debit) and (select count(*) from locked) = ${sql.raw(pending ? "1" : "2")}
      returning *
    )${credit}`;
}

type Found = { transfer: LedgerTransfer; from: string; to: string };

async function findByKey(q: Pick<Db, "execute">, key: string): Promise<Found | null> {
  const { rows } = await q.execute(sql`
    select row_to_json(t) as transfer, d.code as "from", c.code as "to"
    from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    where t.idempotency_key = ${key}::text`);
  const row = rows[0] as { transfer: TransferJson; from: string; to: string } | undefined;
  return row ? { transfer: fromJson(row.transfer), from: row.from, to: row.to } : null;
}

async function replayed(q: Pick<Db, "execute">, input: TransferInput): Promise<LedgerTransfer> {
  const existing = await findByKey(q, input.idempotencyKey);
  if (!existing) throw new Error(`ledger: transfer ${input.idempotencyKey} vanished`);
  if (!sameRequest(existing, input)) throw new AppError("idempotency_conflict");
  return existing.transfer;
}

type Outcome = { found: boolean; known: boolean; debited: boolean; transfer: TransferJson | null };

/** The statement, run as is (its own transaction) or under a savepoint of the caller's transaction. */
async function attempt(q: Executor, input: TransferInput, savepoint: boolean): Promise<Outcome | "duplicate"> {
  const statement = transferStatement(input);
  try {
    const rows = savepoint ? (await (q as LedgerTx).transaction((sp) => sp.execute(statement))).rows : await runStatement(q, statement);
    return rows[0] as Outcome;
  } catch (error) {
    // A parallel request with the same key committed first: this one wrote nothing, answer the first.
    if (sqlState(error) === "23505" && violatedConstraint(error) === "ledger_transfers_key_idx") return "duplicate";
    throw error;
  }
}

async function runTransfer(ctx: DbCtx, input: TransferInput, savepoint: boolean): Promise<LedgerTransfer> {
  const q: Executor = ctx.tx ?? ctx.db;
  for (let ensured = false; ; ensured = true) {
    const outcome = await attempt(q, input, savepoint);
    if (outcome === "duplicate" || outcome.known) return replayed(q, input);
    if (outcome.transfer) return fromJson(outcome.transfer);
    if (outcome.found) throw new AppError("insufficient_funds");
    // An account does not exist yet: create it (a new account holds nothing, so this is rarely a debit).
    if (ensured) throw new Error(`ledger: accounts ${input.from} / ${input.to} could not be created`);
    await ensureAccounts(ctx, { specs: [input.from, input.to] });
  }
}

/**
 * Moves `amount` from one account to another, exactly once per idempotency key, all or nothing:
 * refused with insufficient_funds when `from` (not allowed to go negative) lacks the money, with
 * idempotency_conflict when the key was used for a different movement. On its own it is a single
 * statement (retried after a serialization failure or a deadlock); inside a caller's transaction it
 * runs under a savepoint, so any failure leaves the caller's transaction usable and untouched.
 */
export async function transfer(ctx: LedgerCtx, input: TransferInput): Promise<LedgerTransfer> {
  validateTransfer(input);
  const { tx } = ctx;
  if (tx) return runTransfer(ctx, input, !input.freshKey);
  return withRetry(() => runTransfer({ db: ctx.db }, input, false));
}
