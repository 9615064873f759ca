import { rawEnv } from "@/server/core/env";
import { appleVerifier, type AppleVerifier } from "@/server/adapters/oauth-apple";
import { googleVerifier, type GoogleVerifier } from "@/server/adapters/oauth-google";

// Server-side verification of Google and Apple sign-in: Google in oauth-google.ts, Apple in oauth-apple.ts,
// what they share (key sets, ID token checks, provider calls, the error reasons) in oauth-shared.ts.

export { OAuthVerificationError, type OAuthFailureReason, type SocialIdentity } from "@/server/adapters/oauth-shared";
export { googleVerifier, type GoogleVerifier, type GoogleVerifierConfig } from "@/server/adapters/oauth-google";
export { appleVerifier, type AppleVerifier, type AppleVerifierConfig } from "@/server/adapters/oauth-apple";

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
