/**
 * Every closed list of values the product knows, defined once: the database schema
 * (server/db/schema, text enums), the contract (lib/schemas) and the UI import them from here.
 * Plain arrays with no imports, so the browser, the migrations tool and the server can all load it.
 */

/** SPEC §4 identity states. */
export const identityStatuses = [
  "registered",
  "active",
  "identity_verification_pending",
  "identity_verified",
  "identity_verification_failed",
] as const;
export type IdentityStatus = (typeof identityStatuses)[number];

export const userRoles = ["user", "admin"] as const;
export type UserRole = (typeof userRoles)[number];

export const oauthProviders = ["google", "apple"] as const;

export const otpPurposes = ["register", "login", "reset_password", "verify_phone"] as const;
export type OtpPurpose = (typeof otpPurposes)[number];

export const campaignNetworks = ["youtube", "instagram"] as const;
export type Network = (typeof campaignNetworks)[number];

export const campaignStrategies = ["smart", "trial", "monetize", "watch_time"] as const;
export type Strategy = (typeof campaignStrategies)[number];

export const campaignStatuses = ["awaiting_payment", "awaiting_review", "active", "rejected", "completed", "paid", "paused"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const activityStatuses = ["pending", "in_progress", "awaiting_review", "approved", "denied", "completed"] as const;
export type ActivityStatus = (typeof activityStatuses)[number];

export const activityTypes = ["video", "story", "post"] as const;
export type ActivityType = (typeof activityTypes)[number];

/** SPEC §3 Transaction intents (plus what the ledger needs). */
export const transactionIntents = [
  "wallet_charge",
  "campaign_creation",
  "membership_payment",
  "pay_membership",
  "campaign_fee",
  "reward",
  "refund",
  "payout",
] as const;
export type TransactionIntent = (typeof transactionIntents)[number];

export const transactionStatuses = ["pending", "paid", "failed"] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/** How a payment gateway takes money (the charge form groups gateways by it). */
export const gatewayKinds = ["test", "shetab", "card", "crypto"] as const;
export type GatewayKind = (typeof gatewayKinds)[number];
