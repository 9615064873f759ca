import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";
import { SignJWT } from "jose";
import { isUuid } from "@/lib/validation/uuid";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const TRUSTED_DEVICE_TTL_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = "takapoo";
const ACCESS_AUDIENCE = "takapoo-api";
const DEVICE_AUDIENCE = "takapoo-device";

export type AccessClaims = { userId: string; sessionId: string };

export async function signAccessToken(key: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(ACCESS_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key);
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
// The key made a KeyObject once (a raw key is prepared again on every HMAC: a third of its cost).
const secretKeys = new WeakMap<Uint8Array, KeyObject>();
function secretKeyOf(key: Uint8Array): KeyObject {
  let secret = secretKeys.get(key);
  if (!secret) {
    secret = createSecretKey(key);
    secretKeys.set(key, secret);
  }
  return secret;
}
/** Header parameters a token of ours never has: a token naming a key, or asking for extensions, was not made here. */
const FOREIGN_HEADER = ["kid", "jku", "jwk", "x5u", "x5c", "x5t", "x5t#S256", "crit", "b64"];

function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * An HS256 JWS in compact form verified with node:crypto, synchronously: the signature (constant-time,
 * over the header and payload as sent), then the header (HS256 and nothing naming a key) and the
 * registered claims (issuer, audience, expiry; a not-before or issued-at must be numbers). Every
 * authenticated request runs this: WebCrypto's verify went through the thread pool, a tenth of a
 * heartbeat's CPU. Tokens are still signed by jose (signAccessToken), and the tests hold both together.
 */
function verifiedPayload(key: Uint8Array, token: string, audience: string): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!BASE64URL.test(header) || !BASE64URL.test(payload) || !BASE64URL.test(signature)) return null;
  const expected = createHmac("sha256", secretKeyOf(key)).update(`${header}.${payload}`).digest();
  // Compared as bytes, and the text must be their one spelling: the last character of 43 carries two
  // unused bits, so another spelling of the same signature is another token, refused like a forged one.
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString("base64url") !== signature) return null;
  const protectedHeader = jsonPart(header);
  // HS256 only: "none", the RSA and EC families (key confusion) and the rest are refused.
  if (!protectedHeader || protectedHeader.alg !== "HS256" || FOREIGN_HEADER.some((name) => name in protectedHeader)) return null;
  const claims = jsonPart(payload);
  if (!claims) return null;
  const now = Math.floor(Date.now() / 1000);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== ISSUER || !audiences.includes(audience)) return null;
  if (typeof claims.exp !== "number" || claims.exp <= now) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== "number" || claims.nbf > now)) return null;
  if (claims.iat !== undefined && typeof claims.iat !== "number") return null;
  return claims;
}

/**
 * Access tokens verified lately, until their expiry: a page sends the same token with every request
 * (a watch page every 3 s) for up to ACCESS_TOKEN_TTL_SECONDS. Only a token that passed every check is
 * kept, under the very string and key it was verified with; its expiry is checked again on every use.
 * Whether its session is still open is never cached (each request's statement checks that).
 */
const verified = new Map<string, { key: Uint8Array; claims: AccessClaims; expiresAt: number }>();
const VERIFIED_KEPT = 10_000;

/** The claims of a valid access token, or null for anything forged, expired or malformed. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  const kept = verified.get(token);
  if (kept?.key === key) {
    if (kept.expiresAt > Math.floor(Date.now() / 1000)) return kept.claims;
    verified.delete(token);
    return null;
  }
  const payload = verifiedPayload(key, token, ACCESS_AUDIENCE);
  // Ids the statements cast to uuid: a token naming anything else is no one's (and cannot fail a
  // statement it shares with other callers, server/db/batched.ts).
  if (!payload || typeof payload.sub !== "string" || typeof payload.sid !== "string" || !isUuid(payload.sub) || !isUuid(payload.sid))
    return null;
  const claims = { userId: payload.sub, sessionId: payload.sid };
  // The oldest goes first when full (a Map iterates in insertion order).
  if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
  verified.set(token, { key, claims, expiresAt: payload.exp as number });
  return claims;
}

/** The signed trusted-device cookie: this browser passed a code step for this user (30 days). */
export async function signDeviceToken(key: Uint8Array, userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(DEVICE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TRUSTED_DEVICE_TTL_SECONDS}s`)
    .sign(key);
}

export async function deviceTrustedFor(key: Uint8Array, token: string | undefined, userId: string): Promise<boolean> {
  return token !== undefined && verifiedPayload(key, token, DEVICE_AUDIENCE)?.sub === userId;
}
