export {
  accountSpec,
  balancesOf,
  userBalanceCodes,
  userBalanceColumns,
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
} from "./accounts";
export { checkLedgerInvariants, type LedgerViolation } from "./invariants";
export { isRetryable, sqlState, withRetry } from "./retry";
export { postTransfer, transfer, voidTransfer, wasPending, type LedgerOptions, type LedgerTx, type TransferInput } from "./transfer";
