/**
 * The one error class of the core API, known to the domain without any transport: a code says what
 * went wrong, params fill the message's placeholders, fields carry per-field messages. How a code is
 * answered (its HTTP status, its translated message under api.errors.<code>) is server/http/errors.ts.
 * A code in capitals (ERR_…) is SPEC §8's own name for a payout or invitation refusal, carried on the
 * wire as SPEC writes it; every other code is ours, in snake_case.
 */
export const errorCodes = [
  "bad_request",
  "malformed_json",
  "unsupported_media_type",
  "unauthorized",
  "forbidden",
  "not_found",
  "route_not_found",
  "page_not_found",
  "method_not_allowed",
  /** A write sent by another site's page with the visitor's cookies (server/http/same-origin.ts). */
  "cross_site_request",
  "conflict",
  "payload_too_large",
  "validation_failed",
  "rate_limited",
  "internal",
  "service_unavailable",
  // Accounts (SPEC §8)
  "user_exists",
  "invalid_credentials",
  "user_not_found",
  "session_expired",
  "otp_invalid",
  "otp_not_found",
  "otp_used",
  "otp_finished",
  "otp_expired",
  "otp_incorrect",
  "otp_locked",
  "otp_resend_too_soon",
  "otp_limit",
  "sms_unavailable",
  "reset_failed",
  "reset_validation_failed",
  "email_in_use",
  "phone_in_use",
  "national_id_in_use",
  "screenshot_missing",
  "password_validation_failed",
  "phone_required",
  "social_login_failed",
  "social_unavailable",
  "social_not_configured",
  "profile_incomplete",
  "identity_already_pending",
  "identity_already_verified",
  "identity_not_pending",
  "identity_locked",
  "upload_missing",
  "upload_too_large",
  "upload_unsupported",
  "upload_too_many_pixels",
  "upload_corrupt",
  // Money (SPEC §8)
  "insufficient_funds",
  "idempotency_conflict",
  "transaction_not_found",
  "transaction_already_paid",
  "transaction_unauthorized",
  "gateway_unavailable",
  "gateway_not_configured",
  "payments_not_configured",
  "payment_not_found",
  // Idempotency-Key on money requests (server/http/idempotency.ts)
  "idempotency_key_invalid",
  "idempotency_key_reused",
  "idempotency_request_in_progress",
  // Campaigns (SPEC §8)
  "campaign_validation_failed",
  "trial_already_created",
  "campaign_not_found",
  "campaign_transition_invalid",
  "campaign_day_invalid",
  /** PUT campaigns/{id}/monthly-budget: less than the campaign's minimum monthly cost. */
  "campaign_monthly_too_small",
  /** PUT admin/pricing: a (network, action) pair that is not priced. */
  "price_action_unknown",
  // Boosters' tasks and activities
  "identity_not_verified",
  "task_not_found",
  "task_unavailable",
  "task_already_taken",
  "activity_not_found",
  "activity_state_invalid",
  "task_allowance_spent",
  // YouTube channels and API checks (issue 16)
  "youtube_not_connected",
  "youtube_scope_missing",
  "youtube_unavailable",
  "youtube_quota_spent",
  "youtube_checks_paused",
  "check_failed_not_subscribed",
  "check_failed_not_liked",
  "check_failed_comment_not_found",
  "watch_session_not_found",
  "watch_session_ended",
  "appeal_not_allowed",
  "revision_not_allowed",
  // Memberships and payouts (issue 17): SPEC §8's payout codes, 400 each
  "ERR_INSUFFICIENT_BALANCE",
  "ERR_NO_ACTIVE_MEMBERSHIP",
  "ERR_WRONG_AMOUNT",
  "ERR_MAX_WITHDRAWALS_REACHED",
  "withdrawals_disabled",
  "iban_missing",
  "iban_recently_changed",
  "payout_not_found",
  "notification_not_found",
  /** Money and account notices cannot be switched off in the app; a category that sends no SMS has none to switch off. */
  "notification_always_in_app",
  "notification_no_sms",
  /** The notification streams open from one address reached their cap (server/notifications/live.ts). */
  "too_many_streams",
  // Invitations (issue 18): SPEC §8's invitation codes, 409 each (403 when all are used: invitations_used_up)
  "ERR_USER_ALREADY_INVITED",
  "ERR_USER_ALREADY_REGISTERED",
  "ERR_MAX_INVITATIONS",
  "invitations_used_up",
  "invitation_opted_out",
  "invitation_not_found",
  "plan_not_found",
  "membership_already_renewed",
  "membership_changed",
  "payout_transition_invalid",
  /** A payout denied, failed or reversed without a reason. */
  "payout_reason_required",
  "payout_rail_manual",
  "iban_owner_mismatch",
  "iban_check_unavailable",
  "account_banned",
  "user_already_banned",
  "user_not_banned",
  "cannot_ban_admin",
  // API keys (issue 36)
  "api_key_invalid",
  "api_key_scope_missing",
  "api_key_address_refused",
  "api_keys_limit",
  "api_key_not_accepted",
  // Webhooks (issue 36)
  "webhook_address_refused",
  "webhook_https_required",
  "webhooks_limit",
  /** A refill asked of an order that cannot have one now (not a finished YouTube order inside its guarantee). */
  "order_refill_unavailable",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Values for the message's placeholders, e.g. {slug}. */
    readonly params: Record<string, string | number> = {},
    /**
     * Per-field messages (already translated), for 422. A field given null is answered with the
     * error's own sentence: a verb without a translator names the field its refusal is about.
     */
    readonly fields?: Record<string, string | null>,
  ) {
    super(code);
    this.name = "AppError";
  }
}
