import { createHash, timingSafeEqual } from "node:crypto";
import { createRemoteJWKSet, customFetch, errors, jwtVerify } from "jose";
import type { FetchImplementation, JWTPayload, JWTVerifyGetKey } from "jose";
import { rawEnv } from "@/server/core/env";

// Server-side verification of Google and Apple sign-in.
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

type Fetch = typeof fetch;

export type GoogleVerifierConfig = {
  clientId: string;
  clientSecret?: string;
  /** Default https://www.googleapis.com/oauth2/v3/certs */
  jwksUrl?: string;
  /** Default https://oauth2.googleapis.com/token */
  tokenUrl?: string;
  /** Default https://openidconnect.googleapis.com/v1/userinfo */
  userinfoUrl?: string;
  /** Default https://oauth2.googleapis.com/tokeninfo (the access token is added as ?access_token=) */
  tokeninfoUrl?: string;
  fetch?: Fetch;
};

export type GoogleVerifier = {
  /** Verifies a Google ID token (Sign in with Google button / One Tap credential). */
  verifyIdToken(idToken: string): Promise<SocialIdentity>;
  /** Exchanges an authorization code (popup code flow: redirectUri "postmessage", the default) and verifies its ID token. */
  exchangeCode(code: string, redirectUri?: string): Promise<SocialIdentity>;
  /** Token (implicit) flow: checks the access token was issued to this client, then reads the profile from userinfo. */
  verifyAccessToken(accessToken: string): Promise<SocialIdentity>;
};

export type AppleVerifierConfig = {
  clientId: string;
  /** Default https://appleid.apple.com/auth/keys */
  jwksUrl?: string;
  fetch?: Fetch;
};

export type AppleVerifier = {
  /** Verifies an Apple ID token whose nonce claim must match the nonce this server issued for the sign-in. */
  verifyIdToken(idToken: string, expectedNonce: string): Promise<SocialIdentity>;
};

const GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";
const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const GOOGLE_USERINFO_URL = "https://openidconnect.googleapis.com/v1/userinfo";
const GOOGLE_TOKENINFO_URL = "https://oauth2.googleapis.com/tokeninfo";
const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
const APPLE_JWKS_URL = "https://appleid.apple.com/auth/keys";
const APPLE_ISSUER = "https://appleid.apple.com";

const CLOCK_TOLERANCE_SECONDS = 5;
const HTTP_TIMEOUT_MS = 5_000;

/** Thrown inside the key lookup so the verification wrapper can tell "provider down" from "bad token". */
class ProviderUnavailable extends Error {}

function resolveFetch(custom: Fetch | undefined): Fetch {
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
function remoteKeys(jwksUrl: string, fetchImpl: Fetch): JWTVerifyGetKey {
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

async function verifyJwt(
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

function optionalString(value: unknown): string | null {
  return typeof value === "string" && value.trim().length > 0 ? value.trim() : null;
}

function emailOf(claims: Record<string, unknown>): { email: string | null; emailVerified: boolean } {
  const email = optionalString(claims.email);
  const emailVerified = isTrue(claims.email_verified);
  // An address the provider has not verified could belong to someone else: refuse rather than link by it.
  if (email !== null && !emailVerified) throw new OAuthVerificationError("invalid_token", "email not verified");
  return { email, emailVerified: email !== null && emailVerified };
}

function googleIdentity(claims: Record<string, unknown>, sub: string): SocialIdentity {
  return {
    provider: "google",
    sub,
    ...emailOf(claims),
    firstName: optionalString(claims.given_name),
    lastName: optionalString(claims.family_name),
  };
}

/** Calls a provider endpoint: network failures, timeouts and 5xx are provider_unavailable; other answers are returned. */
async function callProvider(fetchImpl: Fetch, url: string, init: RequestInit, what: string): Promise<{ status: number; body: unknown }> {
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

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function googleVerifier(config: GoogleVerifierConfig): GoogleVerifier {
  const clientId = config.clientId;
  const fetchImpl = resolveFetch(config.fetch);
  const keys = remoteKeys(config.jwksUrl ?? GOOGLE_JWKS_URL, fetchImpl);
  const tokenUrl = config.tokenUrl ?? GOOGLE_TOKEN_URL;
  const userinfoUrl = config.userinfoUrl ?? GOOGLE_USERINFO_URL;
  const tokeninfoUrl = config.tokeninfoUrl ?? GOOGLE_TOKENINFO_URL;

  async function verifyIdToken(idToken: string): Promise<SocialIdentity> {
    const payload = await verifyJwt(idToken, keys, { issuer: GOOGLE_ISSUERS, audience: clientId });
    return googleIdentity(payload, payload.sub as string);
  }

  async function exchangeCode(code: string, redirectUri = "postmessage"): Promise<SocialIdentity> {
    if (!config.clientSecret) throw new OAuthVerificationError("not_configured", "Google client secret is not configured");
    if (typeof code !== "string" || code.length === 0) throw new OAuthVerificationError("invalid_token", "missing code");
    const form = new URLSearchParams({
      code,
      client_id: clientId,
      client_secret: config.clientSecret,
      redirect_uri: redirectUri,
      grant_type: "authorization_code",
    });
    const { status, body } = await callProvider(
      fetchImpl,
      tokenUrl,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, body: form },
      "token endpoint",
    );
    const answer = asRecord(body);
    if (status !== 200) {
      // invalid_client / unauthorized_client: our credentials are wrong, not the user's code.
      if (answer.error === "invalid_client" || answer.error === "unauthorized_client") {
        throw new OAuthVerificationError("not_configured", `token endpoint refused the client (${answer.error})`);
      }
      throw new OAuthVerificationError("invalid_token", `code refused (${typeof answer.error === "string" ? answer.error : status})`);
    }
    if (typeof answer.id_token !== "string") throw new OAuthVerificationError("invalid_token", "token answer has no id_token");
    return verifyIdToken(answer.id_token);
  }

  async function verifyAccessToken(accessToken: string): Promise<SocialIdentity> {
    if (typeof accessToken !== "string" || accessToken.length === 0) throw new OAuthVerificationError("invalid_token", "missing token");
    // 1. tokeninfo: whom was this token issued to? A token from another app must not sign anyone in here.
    const infoUrl = new URL(tokeninfoUrl);
    infoUrl.searchParams.set("access_token", accessToken);
    const info = await callProvider(fetchImpl, infoUrl.href, { headers: { accept: "application/json" } }, "tokeninfo endpoint");
    if (info.status !== 200) throw new OAuthVerificationError("invalid_token", `access token refused (${info.status})`);
    const tokenInfo = asRecord(info.body);
    if (tokenInfo.aud !== clientId) throw new OAuthVerificationError("invalid_token", "access token issued to another client");
    if (tokenInfo.azp !== undefined && tokenInfo.azp !== clientId)
      throw new OAuthVerificationError("invalid_token", "access token issued to another client");
    const expiresIn = Number(tokenInfo.expires_in);
    if (tokenInfo.expires_in !== undefined && !(expiresIn > 0)) throw new OAuthVerificationError("invalid_token", "access token expired");

    // 2. userinfo: the profile.
    const user = await callProvider(
      fetchImpl,
      userinfoUrl,
      { headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" } },
      "userinfo endpoint",
    );
    if (user.status !== 200) throw new OAuthVerificationError("invalid_token", `access token refused by userinfo (${user.status})`);
    const profile = asRecord(user.body);
    const sub = optionalString(profile.sub);
    if (sub === null) throw new OAuthVerificationError("invalid_token", "userinfo has no subject");
    if (tokenInfo.sub !== undefined && tokenInfo.sub !== sub)
      throw new OAuthVerificationError("invalid_token", "tokeninfo and userinfo disagree");
    return googleIdentity(profile, sub);
  }

  return { verifyIdToken, exchangeCode, verifyAccessToken };
}

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Apple nonce rule: the token's `nonce` claim must equal, exactly (case-sensitive, no trimming), either the nonce this
 * server issued or its lowercase SHA-256 hex digest. Apple JS (`AppleID.auth.init({ nonce })`, the web flow used here)
 * copies the nonce it is given into the token as-is; native Sign in with Apple flows conventionally send the SHA-256
 * hex of a raw nonce instead. Both forms are bound to the server-issued value; nothing looser is accepted.
 */
function nonceMatches(claim: unknown, expectedNonce: string): boolean {
  if (typeof claim !== "string" || claim.length === 0) return false;
  const hashed = createHash("sha256").update(expectedNonce, "utf8").digest("hex");
  return sameString(claim, expectedNonce) || sameString(claim, hashed);
}

export function appleVerifier(config: AppleVerifierConfig): AppleVerifier {
  const clientId = config.clientId;
  const keys = remoteKeys(config.jwksUrl ?? APPLE_JWKS_URL, resolveFetch(config.fetch));

  async function verifyIdToken(idToken: string, expectedNonce: string): Promise<SocialIdentity> {
    if (typeof expectedNonce !== "string" || expectedNonce.length === 0)
      throw new OAuthVerificationError("invalid_token", "no nonce expected");
    const payload = await verifyJwt(idToken, keys, { issuer: APPLE_ISSUER, audience: clientId });
    if (!nonceMatches(payload.nonce, expectedNonce)) throw new OAuthVerificationError("invalid_token", "nonce mismatch");
    // Apple puts no name in the ID token: it is posted once, on the first sign-in, beside the token.
    return { provider: "apple", sub: payload.sub as string, ...emailOf(payload), firstName: null, lastName: null };
  }

  return { verifyIdToken };
}

type Env = Record<string, string | undefined>;

function envValue(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Verifiers configured from the environment; a provider whose client id is unset is null (its sign-in is off). */
export function oauthFromEnv(env: Env = rawEnv()): { google: GoogleVerifier | null; apple: AppleVerifier | null } {
  const googleClientId = envValue(env, "GOOGLE_CLIENT_ID");
  const appleClientId = envValue(env, "APPLE_CLIENT_ID");
  return {
    google: googleClientId
      ? googleVerifier({
          clientId: googleClientId,
          clientSecret: envValue(env, "GOOGLE_CLIENT_SECRET"),
          jwksUrl: envValue(env, "GOOGLE_JWKS_URL"),
          tokenUrl: envValue(env, "GOOGLE_TOKEN_URL"),
          userinfoUrl: envValue(env, "GOOGLE_USERINFO_URL"),
          tokeninfoUrl: envValue(env, "GOOGLE_TOKENINFO_URL"),
        })
      : null,
    apple: appleClientId ? appleVerifier({ clientId: appleClientId, jwksUrl: envValue(env, "APPLE_JWKS_URL") }) : null,
  };
}
