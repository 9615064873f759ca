/**
 * What the adapters that call a provider over HTTP (payments, SMS) say about a failed call: whether it timed out,
 * the network error's code, and the message with the credentials taken out.
 */

export function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** " (ECONNREFUSED)" from undici's "fetch failed" cause, if there is one. */
export function networkCode(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" && /^[A-Z_]+$/.test(cause.code) ? ` (${cause.code})` : "";
}

/** `message` with every secret (as written and percent-encoded) replaced by [redacted]. */
export function redact(message: string, secrets: readonly string[]): string {
  let result = message;
  for (const secret of secrets) {
    if (!secret) continue;
    result = result.split(secret).join("[redacted]");
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) result = result.split(encoded).join("[redacted]");
  }
  return result;
}
