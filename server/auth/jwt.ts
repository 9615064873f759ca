import { jwtVerify, SignJWT } from "jose";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const TRUSTED_DEVICE_TTL_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = "takapoo";
const ACCESS_AUDIENCE = "takapoo-api";
const DEVICE_AUDIENCE = "takapoo-device";
/** The only algorithm accepted: "none", the RSA and EC families (key confusion) and the rest are refused. */
const ALGORITHMS = ["HS256"];

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

// The key imported once as an HMAC CryptoKey (a raw key is re-imported on every verification: a third of its cost).
const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(key: Uint8Array): Promise<CryptoKey> {
  let imported = hmacKeys.get(key);
  if (!imported) {
    imported = crypto.subtle.importKey("raw", key as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    hmacKeys.set(key, imported);
  }
  return imported;
}

/** The claims of a valid access token, or null for anything forged, expired or malformed. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload, protectedHeader } = await jwtVerify(token, await hmacKey(key), {
      algorithms: ALGORITHMS,
      issuer: ISSUER,
      audience: ACCESS_AUDIENCE,
    });
    // Ours never name a key: a token that does (a kid, a jku, an embedded jwk) was not made here.
    if (protectedHeader.kid !== undefined || protectedHeader.jku !== undefined || protectedHeader.jwk !== undefined) return null;
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
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
  if (!token) return false;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ALGORITHMS, issuer: ISSUER, audience: DEVICE_AUDIENCE });
    return payload.sub === userId;
  } catch {
    return false;
  }
}
