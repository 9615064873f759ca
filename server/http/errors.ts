import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppError, ErrorCode } from "@/server/core/errors";

export { AppError, type ErrorCode } from "@/server/core/errors";

/** The HTTP status each error code is answered with (the message: api.errors.<code> in messages/<locale>.json). */
export const errorStatus = {
  bad_request: 400,
  malformed_json: 400,
  unsupported_media_type: 415,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  page_not_found: 404,
  method_not_allowed: 405,
  /** A write sent by another site's page with the visitor's cookies (server/http/same-origin.ts). */
  cross_site_request: 403,
  conflict: 409,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
  // Accounts (SPEC §8)
  user_exists: 409,
  invalid_credentials: 401,
  user_not_found: 404,
  session_expired: 401,
  otp_invalid: 400,
  otp_not_found: 404,
  otp_used: 409,
  otp_finished: 410,
  otp_expired: 410,
  otp_incorrect: 422,
  otp_locked: 429,
  otp_resend_too_soon: 429,
  otp_limit: 429,
  sms_unavailable: 503,
  reset_failed: 401,
  reset_validation_failed: 422,
  email_in_use: 409,
  phone_in_use: 409,
  national_id_in_use: 409,
  screenshot_missing: 400,
  password_validation_failed: 422,
  phone_required: 403,
  social_login_failed: 401,
  social_unavailable: 503,
  social_not_configured: 404,
  profile_incomplete: 422,
  identity_already_pending: 409,
  identity_already_verified: 409,
  identity_not_pending: 409,
  identity_locked: 409,
  upload_missing: 422,
  upload_too_large: 413,
  upload_unsupported: 415,
  upload_too_many_pixels: 422,
  upload_corrupt: 422,
  // Money (SPEC §8)
  insufficient_funds: 403,
  idempotency_conflict: 409,
  transaction_not_found: 404,
  transaction_already_paid: 403,
  transaction_unauthorized: 401,
  gateway_unavailable: 503,
  gateway_not_configured: 400,
  payments_not_configured: 503,
  payment_not_found: 404,
  // Idempotency-Key on money requests (server/http/idempotency.ts)
  idempotency_key_invalid: 422,
  idempotency_key_reused: 422,
  idempotency_request_in_progress: 409,
  // Campaigns (SPEC §8)
  campaign_validation_failed: 422,
  trial_already_created: 409,
  campaign_not_found: 404,
  campaign_transition_invalid: 409,
  // Boosters' tasks and activities
  identity_not_verified: 403,
  task_not_found: 404,
  task_unavailable: 409,
  task_already_taken: 409,
  activity_not_found: 404,
  activity_state_invalid: 409,
  task_allowance_spent: 429,
  appeal_not_allowed: 409,
  revision_not_allowed: 409,
} as const satisfies Record<ErrorCode, ContentfulStatusCode>;

export function statusOf(error: Pick<AppError, "code">): ContentfulStatusCode {
  return errorStatus[error.code];
}
