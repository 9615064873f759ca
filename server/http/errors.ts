/**
 * The one error class of the core API. A code says what went wrong, the status follows from the
 * code, the message is looked up in messages/<locale>.json under api.errors.<code> when answered.
 */
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
  conflict: 409,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly status: (typeof errorStatus)[ErrorCode];

  constructor(
    readonly code: ErrorCode,
    /** Values for the message's placeholders, e.g. {slug}. */
    readonly params: Record<string, string | number> = {},
    /** Per-field messages (already translated), for 422. */
    readonly fields?: Record<string, string>,
  ) {
    super(code);
    this.name = "AppError";
    this.status = errorStatus[code];
  }
}
