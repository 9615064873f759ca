import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db";
import type { LedgerTransfer } from "@/server/db/schema";
import { AppError } from "@/server/core/errors";
import { runStatement } from "@/server/db/statement";
import { withRetry } from "@/server/db/retry";
import { isUuid } from "@/lib/validation/uuid";
import { fromJson, type LedgerCtx, type TransferJson } from "@/server/ledger/transfer";

/* Two-phase transfers (a payout): a pending transfer reserved the amount; it is posted or voided here. */

/** The transfer's own row, pending → `status`: the first step of both settlements. */
function settledRow(transferId: string, status: "posted" | "voided"): SQL {
  return sql`update ledger_transfers set status = ${sql.raw(`'${status}'`)}, settled_at = now()
      where id = ${transferId}::uuid and status = 'pending'
      returning *`;
}

/**
 * Pending → posted: the reserve becomes a debit and the amount reaches the credit account. The transfer takes
 * its place in the order of posting (seq) and each account's balance right after it.
 */
function postStatement(transferId: string): SQL {
  return sql`
    with p as (
      select * from ledger_transfers where id = ${transferId}::uuid and status = 'pending' for update
    ), locked as (
      select a.id, a.balance from ledger_accounts a join p on a.id in (p.debit_account_id, p.credit_account_id)
      order by a.id
      for no key update of a
    ), t as (
      update ledger_transfers x set status = 'posted', settled_at = now(), seq = nextval('ledger_transfers_seq_seq'),
        debit_balance_after = (select balance from locked where id = x.debit_account_id) - x.amount,
        credit_balance_after = (select balance from locked where id = x.credit_account_id) + x.amount
      from p where x.id = p.id and (select count(*) from locked) = 2
      returning x.*
    ), debit as (
      update ledger_accounts a set balance = a.balance - t.amount, pending_debits = a.pending_debits - t.amount
      from t where a.id = t.debit_account_id and a.id in (select id from locked)
      returning a.id
    ), credit as (
      update ledger_accounts a set balance = a.balance + t.amount
      from t where a.id = t.credit_account_id and a.id in (select id from locked)
      returning a.id
    )
    select row_to_json(t) as transfer from t`;
}

/** Pending → voided: the reserve is released. */
function voidStatement(transferId: string): SQL {
  return sql`
    with t as (${settledRow(transferId, "voided")}), debit as (
      update ledger_accounts a set pending_debits = a.pending_debits - t.amount
      from t where a.id = t.debit_account_id
      returning a.id
    )
    select row_to_json(t) as transfer from t`;
}

async function settle(q: Pick<Db, "execute">, transferId: string, to: "posted" | "voided"): Promise<LedgerTransfer> {
  if (!isUuid(transferId)) throw new AppError("not_found");
  const rows = await runStatement(q, to === "posted" ? postStatement(transferId) : voidStatement(transferId));
  const settled = rows[0] as { transfer: TransferJson } | undefined;
  if (settled) return fromJson(settled.transfer);
  const { rows: current } = await q.execute(
    sql`select row_to_json(t) as transfer from ledger_transfers t where t.id = ${transferId}::uuid`,
  );
  const found = current[0] as { transfer: TransferJson } | undefined;
  if (!found) throw new AppError("not_found");
  const transfer = fromJson(found.transfer);
  // Settling twice the same way is a replay; the other way is a contradiction.
  if (transfer.status === to) return transfer;
  throw new AppError("conflict");
}

/**
 * Completes a pending transfer (a paid withdrawal). One statement, so atomic on its own; posting a
 * posted transfer returns it, posting a voided one is a conflict.
 */
export async function postTransfer(ctx: LedgerCtx, input: { transferId: string }): Promise<LedgerTransfer> {
  const { transferId } = input;
  if (ctx.tx) return settle(ctx.tx, transferId, "posted");
  return withRetry(() => settle(ctx.db, transferId, "posted"));
}

/** Cancels a pending transfer (a denied withdrawal); idempotent like postTransfer. */
export async function voidTransfer(ctx: LedgerCtx, input: { transferId: string }): Promise<LedgerTransfer> {
  const { transferId } = input;
  if (ctx.tx) return settle(ctx.tx, transferId, "voided");
  return withRetry(() => settle(ctx.db, transferId, "voided"));
}
