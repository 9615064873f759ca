import {
  asRecord,
  callProvider,
  emailOf,
  optionalString,
  OAuthVerificationError,
  remoteKeys,
  resolveFetch,
  verifyJwt,
} from "@/server/adapters/oauth-shared";
import type { Fetch, SocialIdentity } from "@/server/adapters/oauth-shared";

// Google sign-in: ID tokens (button / One Tap), the popup code flow and the token (implicit) flow.

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

const GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";
const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const GOOGLE_USERINFO_URL = "https://openidconnect.googleapis.com/v1/userinfo";
const GOOGLE_TOKENINFO_URL = "https://oauth2.googleapis.com/tokeninfo";
const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

function googleIdentity(claims: Record<string, unknown>, sub: string): SocialIdentity {
  return {
    provider: "google",
    sub,
    ...emailOf(claims),
    firstName: optionalString(claims.given_name),
    lastName: optionalString(claims.family_name),
  };
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
