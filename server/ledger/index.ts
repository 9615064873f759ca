export {
  accountSpec,
  balancesOf,
  userBalancesOf,
  walletAvailableOf,
  campaignEscrowCode,
  ensureAccounts,
  gatewayAccountCode,
  systemAccountCode,
  userAccountCode,
  userWalletAccounts,
  type AccountSpec,
  type SystemAccountName,
  type UserAccountKind,
  type UserAccounts,
  type UserBalances,
} from "@/server/ledger/accounts";
export { checkLedgerInvariants, type LedgerViolation } from "@/server/ledger/invariants";
export { isRetryable, sqlState, withRetry } from "@/server/db/retry";
export { postTransfer, voidTransfer } from "@/server/ledger/settle";
export { transfer, transferSteps, wasPending, type LedgerCtx, type LedgerTx, type TransferInput } from "@/server/ledger/transfer";
