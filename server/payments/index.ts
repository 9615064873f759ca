// The payments feature's front door: what other features, jobs, the CLI and the composition root may call.
// A feature imports another only through its index.ts (tests/unit/system/layout-rules.test.ts).
export { callbackUrl, localizeRedirect, openAtGateway, providerAmountMetadata, startWalletCharge } from "@/server/payments/charge-wallet";
export { type Gateways, requireGateway } from "@/server/payments/gateways";
export { toTransactionOutput } from "@/server/payments/present";
export { reconcilePayments } from "@/server/payments/reconcile";
export { type SettlementHandler, registerSettlement } from "@/server/payments/settlements";
export { mergeMetadata, stillPending } from "@/server/payments/transaction-updates";
