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

/** What a person came for (issue 34), asked after the first sign-in: grow a channel or page, earn, or both. */
export const purposes = ["grow", "earn", "both"] as const;
export type Purpose = (typeof purposes)[number];

export const userRoles = ["user", "admin"] as const;
export type UserRole = (typeof userRoles)[number];

export const oauthProviders = ["google", "apple"] as const;

export const otpPurposes = ["register", "login", "reset_password", "verify_phone"] as const;
export type OtpPurpose = (typeof otpPurposes)[number];

export const campaignNetworks = ["youtube", "instagram"] as const;
export type Network = (typeof campaignNetworks)[number];

export const campaignStrategies = ["smart", "trial", "monetize", "watch_time", "units"] as const;
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
  "campaign_top_up",
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

/** What a line of a person's statement is (issue 33): one business event, whichever transfers carried it. */
export const statementKinds = [
  "charge",
  "campaign_payment",
  "campaign_refund",
  "reward_held",
  "reward_released",
  "reward_clawed_back",
  "invitation_reward",
  "plan",
  "payout",
  "payout_returned",
  "frozen",
  "unfrozen",
  "other",
] as const;
export type StatementKind = (typeof statementKinds)[number];
/** A statement line's state: done (paid), waiting (pending: a payment or a payout; held: a reward in retention), failed. */
export const statementStatuses = ["paid", "pending", "held", "failed"] as const;
export type StatementStatus = (typeof statementStatuses)[number];
/** The account a line moved: one of the person's own, or their card (a campaign paid by card straight to its budget). */
export const statementAccounts = ["wallet", "earnings", "earnings_held", "frozen", "card"] as const;
export type StatementAccount = (typeof statementAccounts)[number];
/** What a line concerns, which the statement links to. */
export const statementSubjects = ["campaign", "activity", "membership", "payout", "invitation", "transaction"] as const;
export type StatementSubject = (typeof statementSubjects)[number];

/** The payment gateways this code knows (which of them a server offers: GET payments/gateways). */
export const gatewayIds = ["sandbox", "zarinpal", "stripe", "nowpayments"] as const;
export type GatewayId = (typeof gatewayIds)[number];

/** How a payment gateway takes money (the charge form groups gateways by it). */
export const gatewayKinds = ["test", "shetab", "card", "crypto"] as const;
export type GatewayKind = (typeof gatewayKinds)[number];

/** How a booster's work is checked: by the network's API, by a watch session, or by a person. */
export const activityCheckMethods = ["api", "watch", "review"] as const;
export type ActivityCheckMethod = (typeof activityCheckMethods)[number];

/** Who decided an activity: the API check, the watch session, an admin, or the review deadline. */
export const activityDeciders = ["api", "watch", "admin", "sla"] as const;
export type ActivityDecider = (typeof activityDeciders)[number];

/** The reasons an admin picks from when denying work (with a written explanation). */
export const adminDenialCodes = ["not_done", "wrong_post", "wrong_account", "proof_unclear", "proof_fake", "other"] as const;
/** Every reason an activity can end denied: an admin's, the task's time running out, or the work undone before release. */
export const activityDenialCodes = [...adminDenialCodes, "expired", "dropped"] as const;
export type ActivityDenialCode = (typeof activityDenialCodes)[number];

/**
 * Issue 17 payout states (SPEC §4 pending, denied, active, confirmed, approved, plus what happens
 * after a bank accepted): pending (requested, the amount held) → approved (an admin approved) →
 * active (sent to the bank, or its outcome unknown) → confirmed (paid) | failed (money back);
 * pending → denied; confirmed → reversed (a PAYA return). server/payouts/transitions.ts enforces it.
 */
export const payoutStatuses = ["pending", "approved", "active", "confirmed", "denied", "failed", "reversed"] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
/**
 * Why the bank did not pay, in words the pages translate: refused when sent (nothing was taken), failed
 * after it was accepted, or returned after it was paid (PAYA returns). An admin's denial carries no code.
 */
export const payoutReasonCodes = ["bank_refused", "bank_failed", "bank_returned"] as const;
export type PayoutReasonCode = (typeof payoutReasonCodes)[number];
/** How a payout is sent: manual (a PAYA batch file admins pay at the bank) or jibit (Jibit Transferor's API). */
export const payoutRails = ["manual", "jibit"] as const;
export type PayoutRailId = (typeof payoutRails)[number];
/**
 * What is known of an IBAN's owner: matched (the provider says it belongs to the user's national ID),
 * mismatch (it does not), format_only (no provider configured: only the checksum and bank code were checked).
 */
export const ibanCheckStatuses = ["matched", "mismatch", "format_only"] as const;
export type IbanCheckStatus = (typeof ibanCheckStatuses)[number];

/** Where a membership is paid from: rewards earned, or the charged wallet. */
export const membershipFundingSources = ["earnings", "wallet"] as const;
export type MembershipFundingSource = (typeof membershipFundingSources)[number];

/** The four locales a plan's name is written in. */
export const planLocales = ["fa-IR", "en-US", "tr-TR", "ar-AE"] as const;

/**
 * What a notification announces (issue 18): each has its words in messages/ (notifications.kinds) and
 * the page it leads to (lib/notifications/links.ts).
 */
export const notificationKinds = [
  "campaign_approved",
  "campaign_rejected",
  "campaign_completed",
  "campaign_paid",
  "campaign_refunded",
  "campaign_renewed",
  "campaign_paused_short",
  "payment_paid",
  "payment_failed",
  "activity_approved",
  "activity_auto_approved",
  "activity_denied",
  "activity_revision",
  "activity_released",
  "activity_clawed_back",
  "activity_guarantee_dropped",
  "payout_approved",
  "payout_confirmed",
  "payout_failed",
  "payout_denied",
  "payout_reversed",
  "identity_approved",
  "identity_rejected",
  "membership_bought",
  "membership_expiring",
  "membership_expired",
  "invitation_registered",
  "invitation_rewarded",
  /** A webhook endpoint disabled after its deliveries failed for 24 hours (issue 36). */
  "webhook_disabled",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** SPEC §4: an invitation is pending (sent), registered, paid (the invitee bought a first plan), joined (the reward paid). */
export const invitationStatuses = ["pending", "registered", "paid", "joined"] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** What an API key may do (issue 36): read campaigns and the balance, create campaigns, spend from the wallet. */
export const apiKeyScopes = ["read", "create", "spend"] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/**
 * What a webhook endpoint may hear (issue 36 item 4): a campaign's decisions and end, its units
 * (batched per minute per campaign), and a campaign paused because the wallet was short.
 */
export const webhookEvents = [
  "campaign.approved",
  "campaign.rejected",
  "campaign.completed",
  "campaign.refunded",
  "units.delivered",
  "units.dropped",
  "units.refilled",
  "wallet.low",
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
/** What a delivery carries: an event, or the owner's test ("ping"). */
export const webhookDeliveryEvents = [...webhookEvents, "ping"] as const;
export type WebhookDeliveryEvent = (typeof webhookDeliveryEvents)[number];
/** A delivery: waiting for its (next) attempt, received (2xx), or given up after 24 hours of failures. */
export const webhookDeliveryStates = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

/** An API key's state as its owner sees it. */
export const apiKeyStates = ["active", "expired", "revoked"] as const;
