import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { appleVerifier, oauthFromEnv } from "@/server/adapters/oauth";
import { GOOGLE_CLIENT, APPLE_CLIENT, google, apple, person, expectReason, closedPortUrl } from "@/tests/api/auth/oauth-support";

describe("Apple ID token", () => {
  const verifier = () => appleVerifier({ clientId: APPLE_CLIENT, jwksUrl: `${apple.url}/keys` });
  const applePerson = { sub: "001234.abcdef.1234", aud: APPLE_CLIENT, email: "x7@privaterelay.appleid.com", email_verified: "true" };

  it("returns the identity of a valid token carrying the nonce as-is", async () => {
    const token = await apple.signIdToken({ ...applePerson, nonce: "n-0123456789" });
    await expect(verifier().verifyIdToken(token, "n-0123456789")).resolves.toEqual({
      provider: "apple",
      sub: applePerson.sub,
      email: applePerson.email,
      emailVerified: true,
      firstName: null,
      lastName: null,
    });
  });

  it("accepts the SHA-256 hex form of the nonce and a boolean email_verified", async () => {
    const hashed = createHash("sha256").update("n-native").digest("hex");
    const token = await apple.signIdToken({ ...applePerson, email_verified: true, nonce: hashed });
    await expect(verifier().verifyIdToken(token, "n-native")).resolves.toMatchObject({ sub: applePerson.sub, emailVerified: true });
  });

  it("rejects a wrong, missing or loosely matching nonce", async () => {
    const token = await apple.signIdToken({ ...applePerson, nonce: "n-0123456789" });
    await expectReason(verifier().verifyIdToken(token, "n-something-else"), "invalid_token");
    await expectReason(verifier().verifyIdToken(token, "N-0123456789"), "invalid_token");
    await expectReason(verifier().verifyIdToken(token, ""), "invalid_token");
    await expectReason(verifier().verifyIdToken(await apple.signIdToken(applePerson), "n-0123456789"), "invalid_token");
  });

  it("rejects another audience, a Google-signed token and an expired token", async () => {
    await expectReason(
      verifier().verifyIdToken(await apple.signIdToken({ ...applePerson, aud: "other", nonce: "n" }), "n"),
      "invalid_token",
    );
    await expectReason(verifier().verifyIdToken(await google.signIdToken({ ...applePerson, nonce: "n" }), "n"), "invalid_token");
    await expectReason(
      verifier().verifyIdToken(await apple.signIdToken({ ...applePerson, nonce: "n" }, { expiresIn: -30 }), "n"),
      "invalid_token",
    );
  });

  it("reports provider_unavailable when Apple's keys cannot be fetched", async () => {
    const down = appleVerifier({ clientId: APPLE_CLIENT, jwksUrl: `${await closedPortUrl()}/keys` });
    await expectReason(down.verifyIdToken(await apple.signIdToken({ ...applePerson, nonce: "n" }), "n"), "provider_unavailable");
  });
});

describe("oauthFromEnv", () => {
  it("builds only the providers whose client id is set", () => {
    expect(oauthFromEnv({})).toEqual({ google: null, apple: null });
    const both = oauthFromEnv({ GOOGLE_CLIENT_ID: GOOGLE_CLIENT, APPLE_CLIENT_ID: APPLE_CLIENT });
    expect(both.google).not.toBeNull();
    expect(both.apple).not.toBeNull();
    expect(oauthFromEnv({ GOOGLE_CLIENT_ID: "  ", APPLE_CLIENT_ID: APPLE_CLIENT }).google).toBeNull();
  });

  it("reads the endpoint overrides", async () => {
    const { google: verifier } = oauthFromEnv({
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
      GOOGLE_CLIENT_SECRET: "shh",
      GOOGLE_JWKS_URL: `${google.url}/certs`,
      GOOGLE_TOKEN_URL: `${google.url}/token`,
      GOOGLE_USERINFO_URL: `${google.url}/userinfo`,
      GOOGLE_TOKENINFO_URL: `${google.url}/tokeninfo`,
    });
    google.registerCode("4/env", person);
    await expect(verifier?.exchangeCode("4/env")).resolves.toMatchObject({ sub: person.sub });
    google.registerAccessToken("ya29.env", { aud: GOOGLE_CLIENT, claims: person });
    await expect(verifier?.verifyAccessToken("ya29.env")).resolves.toMatchObject({ sub: person.sub });
  });
});
