import type { TxCtx } from "@/server/core/context";
import type { Transaction, TransactionIntent } from "@/server/db/schema";

/**
 * What a paid feature does with a payment of its intent when the gateway says it is paid, inside the
 * transaction that marks it paid. Payments knows no campaign or membership: the features that sell
 * something register a handler for their intent at the composition root (server/root.ts).
 */
export type SettlementHandler = {
  /**
   * The ledger account the money goes to instead of the payer's wallet (a campaign's escrow while
   * the campaign still awaits payment, read under its row lock), or null for the wallet.
   */
  destination?: (ctx: TxCtx, input: { transaction: Transaction }) => Promise<string | null>;
  /**
   * After the money moved and the transaction is linked to its transfer: what the payment pays for.
   * Answers the transaction as it then stands, or null when it did not change.
   */
  settled?: (ctx: TxCtx, input: { transaction: Transaction; toDestination: boolean }) => Promise<Transaction | null>;
};

const handlers = new Map<TransactionIntent, SettlementHandler>();

/** Registers what settles a payment of this intent (the last registration of an intent wins). */
export function registerSettlement(intent: TransactionIntent, handler: SettlementHandler): void {
  handlers.set(intent, handler);
}

/** The handler of a payment's intent; none for a wallet top-up. */
export function settlementOf(intent: TransactionIntent): SettlementHandler | undefined {
  return handlers.get(intent);
}
