import { inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { preparedOnce } from "@/server/db/prepared";
import { ledgerAccounts, type LedgerAccount, type LedgerAccountKind } from "@/server/db/schema";
import { AppError } from "@/server/core/errors";
import { executor, type DbCtx } from "@/server/core/context";

/**
 * DESIGN §3 account codes. Stable names, so that any code path can name an account without looking
 * it up first: user:<id>:wallet, user:<id>:earnings, user:<id>:earnings_held, user:<id>:frozen (what a
 * ban holds, server/people/ban.ts), campaign:<id>:escrow,
 * gateway:<id>, system:payouts|revenue|promotions.
 */
export type UserAccountKind = "wallet" | "earnings" | "earnings_held" | "frozen";
export type SystemAccountName = "payouts" | "revenue" | "promotions";

const userKinds: readonly UserAccountKind[] = ["wallet", "earnings", "earnings_held", "frozen"];
const systemNames: readonly SystemAccountName[] = ["payouts", "revenue", "promotions"];

export function userAccountCode(userId: string, kind: UserAccountKind): string {
  return `user:${userId}:${kind}`;
}

export function campaignEscrowCode(campaignId: string): string {
  return `campaign:${campaignId}:escrow`;
}

export function gatewayAccountCode(gatewayId: string): string {
  return `gateway:${gatewayId}`;
}

export function systemAccountCode(name: SystemAccountName): string {
  return `system:${name}`;
}

/** What an account row is made of, before it exists. */
export type AccountSpec = {
  code: string;
  kind: LedgerAccountKind;
  userId: string | null;
  campaignId: string | null;
  /** Only system and gateway accounts (money's sources and sinks outside the platform) go below zero. */
  allowNegative: boolean;
};

/** Reads a code back into the row it names; an unknown shape is a programming error. */
export function accountSpec(code: string): AccountSpec {
  const parts = code.split(":");
  const [scope, id, kind] = parts;
  if (scope === "user" && parts.length === 3 && id && userKinds.includes(kind as UserAccountKind)) {
    return { code, kind: kind as UserAccountKind, userId: id, campaignId: null, allowNegative: false };
  }
  if (scope === "campaign" && parts.length === 3 && id && kind === "escrow") {
    return { code, kind: "escrow", userId: null, campaignId: id, allowNegative: false };
  }
  if (scope === "gateway" && parts.length === 2 && id) {
    return { code, kind: "gateway", userId: null, campaignId: null, allowNegative: true };
  }
  if (scope === "system" && parts.length === 2 && systemNames.includes(id as SystemAccountName)) {
    return { code, kind: id as SystemAccountName, userId: null, campaignId: null, allowNegative: true };
  }
  throw new AppError("bad_request", { account: code });
}

/**
 * Makes sure the accounts exist and returns them by code. Accepts codes or specs. Reads first; the
 * missing ones are inserted with on conflict (code) do nothing and read again, so any number of
 * parallel callers end up with the same rows.
 */
export async function ensureAccounts(
  ctx: DbCtx,
  input: { specs: ReadonlyArray<string | AccountSpec> },
): Promise<Map<string, LedgerAccount>> {
  const db = executor(ctx);
  const { specs } = input;
  const wanted = new Map<string, AccountSpec>();
  for (const spec of specs) {
    const full = typeof spec === "string" ? accountSpec(spec) : spec;
    wanted.set(full.code, full);
  }
  const byCode = new Map<string, LedgerAccount>();
  if (wanted.size === 0) return byCode;
  const existing = await db
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, [...wanted.keys()]));
  for (const row of existing) byCode.set(row.code, row);
  const missing = [...wanted.values()].filter((spec) => !byCode.has(spec.code));
  if (missing.length === 0) return byCode;
  await db
    .insert(ledgerAccounts)
    .values(missing.map(({ code, kind, userId, campaignId, allowNegative }) => ({ code, kind, userId, campaignId, allowNegative })))
    .onConflictDoNothing({ target: ledgerAccounts.code });
  const created = await db
    .select()
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.code,
        missing.map((s) => s.code),
      ),
    );
  for (const row of created) byCode.set(row.code, row);
  return byCode;
}

export type UserAccounts = { wallet: LedgerAccount; earnings: LedgerAccount; held: LedgerAccount };

/** The three accounts of a user (created on first use). */
export async function userWalletAccounts(ctx: DbCtx, input: { userId: string }): Promise<UserAccounts> {
  const { userId } = input;
  // A user's everyday accounts; the frozen one exists only once a ban holds something.
  const codes = (["wallet", "earnings", "earnings_held"] as const).map((kind) => userAccountCode(userId, kind));
  const rows = await ensureAccounts(ctx, { specs: codes });
  const [wallet, earnings, held] = codes.map((code) => rows.get(code)!);
  return { wallet: wallet!, earnings: earnings!, held: held! };
}

export type UserBalances = {
  /** Spendable charged money: balance minus reserved (pending) debits. */
  wallet: number;
  /** Withdrawable rewards: balance minus pending withdrawals. */
  earnings: number;
  /** Rewards still in their retention period. */
  held: number;
};

/** An account's balance as a scalar subquery (zero for an account never used), for a statement to carry. */
const balanceOf = (code: SQLWrapper, value: "available" | "balance") =>
  sql<number>`coalesce((select ${value === "available" ? sql`a.balance - a.pending_debits` : sql`a.balance`} from ${ledgerAccounts} a where a.code = ${code}), 0)`.mapWith(
    Number,
  );
/** The code of the user's account of `kind` built in SQL from `userId` (a column or expression), as userAccountCode builds it. */
const userCodeOf = (userId: SQLWrapper, kind: "wallet" | "earnings" | "earnings_held") =>
  sql`'user:' || ${userId}::text || ${sql.raw(`':${kind}'`)}`;

/** The balances of the user a statement names by `userId` (a column, expression or placeholder): the dashboard's carry them. */
export function userBalancesOf(userId: SQLWrapper) {
  return {
    wallet: balanceOf(userCodeOf(userId, "wallet"), "available"),
    earnings: balanceOf(userCodeOf(userId, "earnings"), "available"),
    held: balanceOf(userCodeOf(userId, "earnings_held"), "balance"),
  };
}

/** The wallet's available Rials of the user a statement names by `userId` (a column or expression). */
export function walletAvailableOf(userId: SQLWrapper): SQL<number> {
  return userBalancesOf(userId).wallet;
}

const balancesQuery = preparedOnce((db) =>
  db
    .select(userBalancesOf(sql.placeholder("userId")))
    .from(sql`(select 1) as one`)
    .prepare("ledger_user_balances"),
);

/** A user's balances in Rials; accounts that were never used count as zero (nothing is created). */
export async function balancesOf(ctx: DbCtx, input: { userId: string }): Promise<UserBalances> {
  const db = executor(ctx);
  const { userId } = input;
  const [row] = await balancesQuery(db).execute({ userId });
  return row ?? { wallet: 0, earnings: 0, held: 0 };
}
