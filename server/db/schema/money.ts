import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { transactionIntents, transactionStatuses, type TransactionIntent, type TransactionStatus } from "@/lib/schemas/enums";

/**
 * DESIGN §3 ledger accounts. Per user: wallet (charged money, spendable, not withdrawable),
 * earnings (withdrawable), earnings_held (rewards in retention); per campaign: escrow; system:
 * one per gateway, payouts, revenue, promotions. Only system accounts may go below zero.
 */
export const ledgerAccountKinds = [
  "wallet",
  "earnings",
  "earnings_held",
  "frozen",
  "escrow",
  "gateway",
  "payouts",
  "revenue",
  "promotions",
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stable name: user:<id>:wallet, campaign:<id>:escrow, gateway:zarinpal, system:revenue … */
    code: text("code").notNull(),
    kind: text("kind", { enum: ledgerAccountKinds }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "restrict" }),
    campaignId: uuid("campaign_id"),
    /** Sum of posted credits minus posted debits, in Rials, kept in the transaction that changes it. */
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    /** Debits of pending (two-phase) transfers: reserved, not yet posted. */
    pendingDebits: bigint("pending_debits", { mode: "number" }).notNull().default(0),
    allowNegative: boolean("allow_negative").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ledger_accounts_code_idx").on(table.code),
    index("ledger_accounts_user_idx").on(table.userId),
    // The last line of defence: no user account below zero, whatever the code above does.
    check("ledger_accounts_no_overdraft", sql`${table.allowNegative} or ${table.balance} - ${table.pendingDebits} >= 0`),
    check("ledger_accounts_pending_nonnegative", sql`${table.pendingDebits} >= 0`),
  ],
);

export const transferStatuses = ["pending", "posted", "voided"] as const;
export type TransferStatus = (typeof transferStatuses)[number];

/** An immutable movement of an amount from one account to another, unique by idempotency key. */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull(),
    debitAccountId: uuid("debit_account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: uuid("credit_account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint("amount", { mode: "number" }).notNull(),
    intent: text("intent").notNull(),
    status: text("status", { enum: transferStatuses }).notNull(),
    metadata: jsonb("metadata")
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /**
     * The order of posting (the statement's order): taken when a direct transfer is written, again when a
     * two-phase one is posted. created_at is the transaction's start, shared by all its transfers.
     */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    /** Each account's balance right after this transfer posted (null until then), written by the statement that moved it. */
    debitBalanceAfter: bigint("debit_balance_after", { mode: "number" }),
    creditBalanceAfter: bigint("credit_balance_after", { mode: "number" }),
  },
  (table) => [
    uniqueIndex("ledger_transfers_key_idx").on(table.idempotencyKey),
    index("ledger_transfers_debit_seq_idx").on(table.debitAccountId, table.seq),
    index("ledger_transfers_credit_seq_idx").on(table.creditAccountId, table.seq),
    // Reserves (pending, voided: a payout's) are few among an account's movements: the statement's pending and failed tabs.
    index("ledger_transfers_reserve_idx")
      .on(table.debitAccountId, table.seq)
      .where(sql`${table.status} <> 'posted'`),
    check("ledger_transfers_amount_positive", sql`${table.amount} > 0`),
    check("ledger_transfers_distinct_accounts", sql`${table.debitAccountId} <> ${table.creditAccountId}`),
  ],
);

export { transactionIntents, transactionStatuses, type TransactionIntent, type TransactionStatus };

/** What a user sees of money: a payment or a movement, linked to the transfer that settled it. */
export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status", { enum: transactionStatuses }).notNull().default("pending"),
    intent: text("intent", { enum: transactionIntents }).notNull(),
    /** The provider id (sandbox, zarinpal, …) for gateway payments; null for internal movements. */
    gateway: text("gateway"),
    /** The provider's id of the payment we created (Zarinpal's Authority …). */
    authority: text("authority"),
    /** The provider's reference once paid (Zarinpal's ref_id …). */
    reference: text("reference"),
    transferId: uuid("transfer_id").references(() => ledgerTransfers.id),
    /** The campaign a campaign payment belongs to. */
    campaignId: uuid("campaign_id"),
    failureReason: text("failure_reason"),
    metadata: jsonb("metadata")
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The ledger's last seq when the payment was created (a trigger sets it): where it stands in the statement while it moved nothing. */
    ledgerSeq: bigint("ledger_seq", { mode: "number" }),
  },
  (table) => [
    index("transactions_user_idx").on(table.userId, table.createdAt),
    index("transactions_unsettled_idx")
      .on(table.userId, table.ledgerSeq)
      .where(sql`${table.status} <> 'paid'`),
    uniqueIndex("transactions_gateway_authority_idx").on(table.gateway, table.authority),
    index("transactions_pending_idx").on(table.status, table.createdAt),
    index("transactions_campaign_idx").on(table.campaignId, table.createdAt),
    check("transactions_amount_positive", sql`${table.amount} > 0`),
  ],
);

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type LedgerTransfer = typeof ledgerTransfers.$inferSelect;
export type Transaction = typeof transactions.$inferSelect;
