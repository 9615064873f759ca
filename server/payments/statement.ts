import { sql } from "drizzle-orm";
import type { StatementKind, StatementStatus } from "@/lib/schemas/enums";
import type { StatementLine } from "@/lib/schemas/wallet";
import { executor, type DbCtx } from "@/server/core/context";
import {
  COUNT_SCAN,
  idList,
  linesSql,
  ownAccounts,
  pageSql,
  STATEMENT_COUNT_MAX,
  type OwnAccount,
  type StatementFilter,
} from "@/server/payments/statement-sql";

export type { StatementFilter };

/** A line as the statement's query answers it, before it is shaped for the wire. */
export type StatementRow = StatementLine & { metadata: Record<string, unknown>; transaction_id: string | null };

export type RawRow = {
  id: string;
  at: string | Date;
  kind: StatementKind;
  status: StatementStatus;
  amount: string | number;
  account: StatementLine["account"];
  counter_account: StatementLine["counter_account"];
  balance_after: string | number | null;
  metadata: unknown;
  transaction_id: string | null;
  gateway: string | null;
  bank_reference: string | null;
  by_card: boolean;
};

const SUBJECT_OF: Partial<Record<StatementKind, [StatementLine["subject"], string]>> = {
  campaign_payment: ["campaign", "campaign_id"],
  campaign_refund: ["campaign", "campaign_id"],
  reward_held: ["activity", "activity_id"],
  reward_released: ["activity", "activity_id"],
  reward_clawed_back: ["activity", "activity_id"],
  invitation_reward: ["invitation", "invitation_id"],
  plan: ["membership", "membership_id"],
  payout: ["payout", "payout_id"],
  payout_returned: ["payout", "payout_id"],
  charge: ["transaction", "transaction_id"],
};

const uuidOf = (value: unknown) =>
  typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : null;

function toRow(raw: RawRow): StatementRow {
  const metadata = (typeof raw.metadata === "string" ? JSON.parse(raw.metadata) : (raw.metadata ?? {})) as Record<string, unknown>;
  const subject = SUBJECT_OF[raw.kind];
  const subjectId = subject ? uuidOf(subject[1] === "transaction_id" ? raw.transaction_id : metadata[subject[1]]) : null;
  return {
    id: raw.id,
    at: new Date(raw.at).toISOString(),
    kind: raw.kind,
    status: raw.status,
    amount: Number(raw.amount),
    account: raw.account,
    counter_account: raw.counter_account,
    balance_after: raw.balance_after === null ? null : Number(raw.balance_after),
    reference: raw.id.slice(0, 8).toUpperCase(),
    bank_reference: raw.bank_reference,
    by_card: raw.by_card === true,
    gateway: raw.gateway === "wallet" || raw.gateway === "earnings" ? null : raw.gateway,
    subject: subjectId ? subject![0] : null,
    subject_id: subjectId,
    campaign_id: uuidOf(metadata.campaign_id),
    metadata,
    transaction_id: uuidOf(raw.transaction_id),
  };
}

/** How many movements of the person's accounts there are, at most: past it, reading more finds no more lines. */
async function movementCount(ctx: DbCtx, userId: string, accounts: readonly OwnAccount[]): Promise<number> {
  const own = idList(accounts);
  const found = await executor(ctx).execute<{ n: string | number }>(sql`
    select (select count(*) from ledger_transfers where debit_account_id in (${own}))
      + (select count(*) from ledger_transfers where credit_account_id in (${own}))
      + (select count(*) from transactions where user_id = ${userId}::uuid) as n`);
  return Number(found.rows[0]?.n ?? 0);
}

/**
 * The lines `offset` to `offset + limit`, newest first: read from the newest movements, as many as the lines need
 * (three movements a line at first, four times more while lines are missing and movements are left).
 */
async function readLines(
  ctx: DbCtx,
  input: StatementFilter & { id?: string; userId: string; accounts: readonly OwnAccount[]; offset: number; limit: number },
): Promise<RawRow[]> {
  const { userId, accounts, offset, limit } = input;
  // One line by its id is found by the transfer's key, whatever its age.
  let scan = input.id ? 1_000_000_000 : Math.max(64, (offset + limit) * 3);
  let total: number | null = null;
  for (;;) {
    const lines = linesSql(userId, accounts, input, scan);
    const found = await executor(ctx).execute<RawRow>(pageSql(userId, lines, sql`limit ${limit} offset ${offset}`));
    if (found.rows.length >= limit) return found.rows;
    total ??= await movementCount(ctx, userId, accounts);
    if (scan >= total) return found.rows;
    scan *= 4;
  }
}

/**
 * A page of the person's statement, newest first, and how many lines match: counted among the newest movements
 * (COUNT_SCAN), up to STATEMENT_COUNT_MAX — a person with more narrows by month, or exports.
 */
export async function statementPage(
  ctx: DbCtx,
  input: StatementFilter & { userId: string; page: number; perPage: number },
): Promise<{ rows: StatementRow[]; total: number }> {
  const accounts = await ownAccounts(ctx, input.userId);
  const offset = (input.page - 1) * input.perPage;
  const [rows, counted] = await Promise.all([
    readLines(ctx, { ...input, accounts, offset, limit: input.perPage }),
    executor(ctx).execute<{ total: string | number }>(
      sql`select count(*) as total from (${linesSql(input.userId, accounts, input, COUNT_SCAN)} limit ${STATEMENT_COUNT_MAX}) counted`,
    ),
  ]);
  return { rows: rows.map(toRow), total: Number(counted.rows[0]?.total ?? 0) };
}

/** Every matching line, newest first, up to `max` (the export). */
export async function statementLines(ctx: DbCtx, input: StatementFilter & { userId: string; max: number }): Promise<StatementRow[]> {
  const accounts = await ownAccounts(ctx, input.userId);
  return (await readLines(ctx, { ...input, accounts, offset: 0, limit: input.max })).map(toRow);
}

/** One line of a person's statement by its id; null when it is not theirs. */
export async function statementLine(ctx: DbCtx, input: { userId: string; id: string }): Promise<StatementRow | null> {
  const accounts = await ownAccounts(ctx, input.userId);
  const [row] = await readLines(ctx, { tab: "all", id: input.id, userId: input.userId, accounts, offset: 0, limit: 1 });
  return row ? toRow(row) : null;
}

/** A statement row as the wire carries it. */
export function toLineOutput(row: StatementRow): StatementLine {
  const line: Partial<StatementRow> = { ...row };
  delete line.metadata;
  delete line.transaction_id;
  return line as StatementLine;
}
