import { createHash, timingSafeEqual } from "node:crypto";
import { emailOf, OAuthVerificationError, remoteKeys, resolveFetch, verifyJwt } from "@/server/adapters/oauth-shared";
import type { Fetch, SocialIdentity } from "@/server/adapters/oauth-shared";

// Sign in with Apple: ID tokens bound to the nonce this server issued.

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

const APPLE_JWKS_URL = "https://appleid.apple.com/auth/keys";
const APPLE_ISSUER = "https://appleid.apple.com";

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
