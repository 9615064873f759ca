import { isTimeout, networkCode, redact } from "@/server/adapters/http-failure";
import { GatewayError, type GatewayId } from "./types";

// How the gateway adapters call their provider's HTTP API and turn a refusal into a GatewayError.

export type ProviderAnswer = {
  httpStatus: number;
  /** The parsed JSON body; undefined when the body is not JSON. */
  json: unknown;
};

/**
 * One HTTP call to a provider with a timeout. Network errors and timeouts become GatewayError("unavailable");
 * the fetch error is not attached as the cause (it can quote request details). The answer is returned whatever
 * its status, for the adapter to interpret.
 */
export async function callProvider(options: {
  gateway: GatewayId;
  /** For messages: "Zarinpal payment request". */
  label: string;
  url: string;
  init: RequestInit;
  fetch: typeof fetch;
  timeoutMs: number;
  secrets: readonly string[];
}): Promise<ProviderAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await options.fetch(options.url, { ...options.init, signal: AbortSignal.timeout(options.timeoutMs) });
    text = await response.text();
  } catch (error) {
    const message = isTimeout(error)
      ? `${options.label} timed out after ${options.timeoutMs} ms`
      : `${options.label} failed: network error${networkCode(error)}`;
    throw new GatewayError(redact(message, options.secrets), { gateway: options.gateway, reason: "unavailable" });
  }
  let json: unknown;
  try {
    json = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    json = undefined;
  }
  return { httpStatus: response.status, json };
}

/** GatewayError for an HTTP answer without a usable body: 5xx/429 are "unavailable", the rest "bad_response". */
export function unusableAnswer(gateway: GatewayId, label: string, httpStatus: number): GatewayError {
  const retryable = httpStatus >= 500 || httpStatus === 429;
  return new GatewayError(`${label} failed: HTTP ${httpStatus}${retryable ? "" : " with an answer that does not follow the API"}`, {
    gateway,
    reason: retryable ? "unavailable" : "bad_response",
    httpStatus,
  });
}

/** A provider message cut to a sane length with secrets removed, or "" when there is none. */
export function providerMessage(value: unknown, secrets: readonly string[]): string {
  if (typeof value !== "string" || !value.trim()) return "";
  const text = value.trim().replace(/\s+/g, " ");
  return redact(text.length > 200 ? `${text.slice(0, 200)}…` : text, secrets);
}

/** The settings every HTTP gateway takes besides its credentials. */
export type ProviderHttpOptions = {
  /** The provider's API origin; each adapter has its default. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Per request; default 10 s. */
  timeoutMs?: number;
};

/** `call(label, path, init)`: one callProvider to `baseUrl` + path (trailing slashes of baseUrl dropped). */
export function providerCaller(options: {
  gateway: GatewayId;
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  secrets: readonly string[];
}): (label: string, path: string, init: RequestInit) => Promise<ProviderAnswer> {
  const root = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return (label, path, init) =>
    callProvider({ gateway: options.gateway, label, url: `${root}${path}`, init, fetch: fetchImpl, timeoutMs, secrets: options.secrets });
}

/**
 * GatewayError for a JSON API's answer that is not a 2xx and carries an error: 401/403 say the provider refused our
 * credential (`refusedCredential`: "Stripe did not accept the secret key"); 5xx and 429 are worth another try.
 */
export function httpRefusal(
  gateway: GatewayId,
  label: string,
  httpStatus: number,
  error: { code: string | null; detail: string; refusedCredential: string },
): GatewayError {
  const { code, detail } = error;
  if (httpStatus === 401 || httpStatus === 403) {
    return new GatewayError(`${label} was refused: ${error.refusedCredential} (HTTP ${httpStatus})`, {
      gateway,
      reason: "rejected",
      providerCode: code,
      httpStatus,
    });
  }
  const retryable = httpStatus >= 500 || httpStatus === 429;
  return new GatewayError(`${label} failed with HTTP ${httpStatus}${code ? ` (${code})` : ""}${detail ? `: ${detail}` : ""}`, {
    gateway,
    reason: retryable ? "unavailable" : "rejected",
    providerCode: code,
    httpStatus,
  });
}
