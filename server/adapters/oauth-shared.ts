import { createRemoteJWKSet, customFetch, errors, jwtVerify } from "jose";
import type { FetchImplementation, JWTPayload, JWTVerifyGetKey } from "jose";

// What Google and Apple sign-in verification share (server/adapters/oauth-google.ts, oauth-apple.ts): the
// identity and error types, the cached remote key sets (JWKS), ID token checks and provider calls.
//
// Every failure becomes an OAuthVerificationError with one of three reasons:
// - invalid_token: the token, code or access token is not acceptable (bad signature, algorithm other than RS256,
//   wrong audience or issuer, expired, unknown key id, unverified email, nonce mismatch, code refused, ...);
// - not_configured: this server lacks what the flow needs (no client secret, or the provider refuses our client);
// - provider_unavailable: the provider's key set or endpoint could not be reached, timed out or answered 5xx.
// Tokens, codes and secrets are never put in error messages and nothing here logs.

export type SocialIdentity = {
  provider: "google" | "apple";
  sub: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
};

export type OAuthFailureReason = "invalid_token" | "not_configured" | "provider_unavailable";

export class OAuthVerificationError extends Error {
  readonly reason: OAuthFailureReason;

  constructor(reason: OAuthFailureReason, message: string = reason) {
    super(message);
    this.name = "OAuthVerificationError";
    this.reason = reason;
  }
}

export type Fetch = typeof fetch;

const CLOCK_TOLERANCE_SECONDS = 5;
const HTTP_TIMEOUT_MS = 5_000;

/** Thrown inside the key lookup so the verification wrapper can tell "provider down" from "bad token". */
class ProviderUnavailable extends Error {}

export function resolveFetch(custom: Fetch | undefined): Fetch {
  // Looked up at call time so a fetch replaced after start-up (tests, instrumentation) is honoured.
  return custom ?? ((input, init) => globalThis.fetch(input, init));
}

function errorSummary(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: unknown } }).cause;
    return typeof cause?.code === "string" ? `${error.name}: ${cause.code}` : error.name;
  }
  return "unknown error";
}

/** A cached remote key set whose fetch problems surface as ProviderUnavailable, and key mismatches as jose errors. */
export function remoteKeys(jwksUrl: string, fetchImpl: Fetch): JWTVerifyGetKey {
  const jwksFetch: FetchImplementation = async (url, options) => {
    try {
      return await fetchImpl(url, options);
    } catch (error) {
      throw new ProviderUnavailable(`key set unreachable (${errorSummary(error)})`);
    }
  };
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: HTTP_TIMEOUT_MS, [customFetch]: jwksFetch });
  return async (header, token) => {
    try {
      return await keys(header, token);
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw error;
      if (error instanceof errors.JWKSTimeout) throw new ProviderUnavailable("key set timed out");
      // Non-200 answers and unparsable bodies are plain JOSEErrors; a body that is not a key set is JWKSInvalid.
      if (error instanceof errors.JWKSInvalid || (error instanceof errors.JOSEError && error.code === errors.JOSEError.code)) {
        throw new ProviderUnavailable("key set answer unusable");
      }
      throw error; // JWKSNoMatchingKey and friends: the token's fault.
    }
  };
}

export async function verifyJwt(
  idToken: string,
  keys: JWTVerifyGetKey,
  options: { issuer: string | string[]; audience: string },
): Promise<JWTPayload> {
  if (typeof idToken !== "string" || idToken.length === 0) throw new OAuthVerificationError("invalid_token", "missing token");
  try {
    const { payload } = await jwtVerify(idToken, keys, {
      algorithms: ["RS256"],
      issuer: options.issuer,
      audience: options.audience,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["sub", "exp"],
    });
    if (typeof payload.sub !== "string" || payload.sub.length === 0) throw new OAuthVerificationError("invalid_token", "missing subject");
    return payload;
  } catch (error) {
    if (error instanceof OAuthVerificationError) throw error;
    if (error instanceof ProviderUnavailable) throw new OAuthVerificationError("provider_unavailable", error.message);
    // Only the jose error code: claim errors carry the payload, which has personal data.
    const code = error instanceof errors.JOSEError ? error.code : "ERR_MALFORMED";
    throw new OAuthVerificationError("invalid_token", `token rejected (${code})`);
  }
}

function isTrue(value: unknown): boolean {
  return value === true || value === "true";
}

export function optionalString(value: unknown): string | null {
  return typeof value === "string" && value.trim().length > 0 ? value.trim() : null;
}

export function emailOf(claims: Record<string, unknown>): { email: string | null; emailVerified: boolean } {
  const email = optionalString(claims.email);
  const emailVerified = isTrue(claims.email_verified);
  // An address the provider has not verified could belong to someone else: refuse rather than link by it.
  if (email !== null && !emailVerified) throw new OAuthVerificationError("invalid_token", "email not verified");
  return { email, emailVerified: email !== null && emailVerified };
}

/** Calls a provider endpoint: network failures, timeouts and 5xx are provider_unavailable; other answers are returned. */
export async function callProvider(
  fetchImpl: Fetch,
  url: string,
  init: RequestInit,
  what: string,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch (error) {
    throw new OAuthVerificationError("provider_unavailable", `${what} unreachable (${errorSummary(error)})`);
  }
  if (response.status >= 500) throw new OAuthVerificationError("provider_unavailable", `${what} answered ${response.status}`);
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    if (response.ok) throw new OAuthVerificationError("provider_unavailable", `${what} answered unparsable JSON`);
  }
  return { status: response.status, body };
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
