import { sql } from "drizzle-orm";
import { executor, type DbCtx } from "@/server/core/context";

export type LedgerViolation =
  | { kind: "sum_not_zero"; total: number }
  | { kind: "balance_mismatch"; code: string; balance: number; expected: number }
  | { kind: "pending_mismatch"; code: string; pendingDebits: number; expected: number }
  | { kind: "overdraft"; code: string; balance: number; pendingDebits: number }
  | { kind: "balance_after_mismatch"; transferId: string; side: "debit" | "credit"; balanceAfter: number | null; expected: number };

type Row = {
  kind: string;
  code: string | null;
  balance: string | number;
  pending: string | number;
  posted: string | number;
  reserved: string | number;
};

/** Turns the rows of the query below into violations (one account may break several rules). */
export function toViolations(rows: readonly Row[]): LedgerViolation[] {
  const out: LedgerViolation[] = [];
  for (const row of rows) {
    const balance = Number(row.balance);
    const pending = Number(row.pending);
    if (row.kind === "total") {
      if (balance !== 0) out.push({ kind: "sum_not_zero", total: balance });
      continue;
    }
    const code = row.code ?? "";
    if (balance !== Number(row.posted)) out.push({ kind: "balance_mismatch", code, balance, expected: Number(row.posted) });
    if (pending !== Number(row.reserved))
      out.push({ kind: "pending_mismatch", code, pendingDebits: pending, expected: Number(row.reserved) });
    if (row.kind === "overdraft") out.push({ kind: "overdraft", code, balance, pendingDebits: pending });
  }
  return out;
}

/**
 * DESIGN §3 invariants, in one query: the balances of all accounts sum to zero; every cached
 * balance equals its posted credits minus its posted debits; every pending_debits equals the sum
 * of its pending transfers; no account that may not go negative has balance − pending_debits < 0; every
 * posted transfer carries each account's balance right after it (its running sum in seq order).
 * Returns the violations (empty when the ledger is sound).
 */
export async function checkLedgerInvariants(ctx: DbCtx): Promise<LedgerViolation[]> {
  const db = executor(ctx);
  const { rows } = await db.execute(sql`
    with moves as (
      select credit_account_id as id, amount as posted, 0::bigint as reserved from ledger_transfers where status = 'posted'
      union all
      select debit_account_id, -amount, 0 from ledger_transfers where status = 'posted'
      union all
      select debit_account_id, 0, amount from ledger_transfers where status = 'pending'
    ), per_account as (
      select id, sum(posted) as posted, sum(reserved) as reserved from moves group by id
    )
    select 'total' as kind, null as code, coalesce(sum(balance), 0)::text as balance, '0' as pending, '0' as posted, '0' as reserved
    from ledger_accounts
    union all
    select case when not a.allow_negative and a.balance - a.pending_debits < 0 then 'overdraft' else 'account' end,
      a.code, a.balance::text, a.pending_debits::text, coalesce(p.posted, 0)::text, coalesce(p.reserved, 0)::text
    from ledger_accounts a left join per_account p on p.id = a.id
    where a.balance <> coalesce(p.posted, 0)
      or a.pending_debits <> coalesce(p.reserved, 0)
      or (not a.allow_negative and a.balance - a.pending_debits < 0)`);
  // Each posted transfer's balances after it (what the statement shows) are its accounts' running sums in seq order.
  const after = await db.execute<{ id: string; side: "debit" | "credit"; after: string | number | null; expected: string | number }>(sql`
    with p as (
      select id, 'debit' as side, debit_account_id as account, -amount as signed, seq, debit_balance_after as after
      from ledger_transfers where status = 'posted'
      union all
      select id, 'credit', credit_account_id, amount, seq, credit_balance_after from ledger_transfers where status = 'posted'
    ), r as (
      select id, side, after, sum(signed) over (partition by account order by seq) as expected from p
    )
    select id, side, after, expected from r where after is distinct from expected limit 20`);
  return [
    ...toViolations(rows as Row[]),
    ...after.rows.map((row) => ({
      kind: "balance_after_mismatch" as const,
      transferId: row.id,
      side: row.side,
      balanceAfter: row.after === null ? null : Number(row.after),
      expected: Number(row.expected),
    })),
  ];
}
