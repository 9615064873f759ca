import { describe, expect, it } from "vitest";
import { generateKeyPair } from "jose";
import { googleVerifier } from "@/server/adapters/oauth";
import { GOOGLE_CLIENT, google, googleConfig, person, rejection, expectReason, closedPortUrl } from "@/tests/api/auth/oauth-support";

describe("Google ID token", () => {
  const verifier = () => googleVerifier(googleConfig());

  it("returns the identity of a valid token", async () => {
    const token = await google.signIdToken(person);
    await expect(verifier().verifyIdToken(token)).resolves.toEqual({
      provider: "google",
      sub: person.sub,
      email: "sara@example.com",
      emailVerified: true,
      firstName: "Sara",
      lastName: "Ahmadi",
    });
  });

  it("accepts the issuer without scheme and a token without email", async () => {
    const token = await google.signIdToken({ sub: "42", aud: GOOGLE_CLIENT, iss: "accounts.google.com" });
    await expect(verifier().verifyIdToken(token)).resolves.toMatchObject({ sub: "42", email: null, emailVerified: false, firstName: null });
  });

  it("rejects a token for another audience", async () => {
    await expectReason(
      verifier().verifyIdToken(await google.signIdToken({ ...person, aud: "other-app.apps.googleusercontent.com" })),
      "invalid_token",
      "CLAIM",
    );
  });

  it("rejects a token from another issuer", async () => {
    await expectReason(
      verifier().verifyIdToken(await google.signIdToken({ ...person, iss: "https://evil.example" })),
      "invalid_token",
      "CLAIM",
    );
  });

  it("rejects an expired token", async () => {
    await expectReason(verifier().verifyIdToken(await google.signIdToken(person, { expiresIn: -60 })), "invalid_token", "ERR_JWT_EXPIRED");
  });

  it("rejects an unknown key id", async () => {
    await expectReason(
      verifier().verifyIdToken(await google.signIdToken(person, { kid: "not-a-google-key" })),
      "invalid_token",
      "ERR_JWKS_NO_MATCHING_KEY",
    );
  });

  it("rejects a token signed by another key under the served kid", async () => {
    const other = await generateKeyPair("RS256");
    await expectReason(
      verifier().verifyIdToken(await google.signIdToken(person, { key: other.privateKey })),
      "invalid_token",
      "ERR_JWS_SIGNATURE_VERIFICATION_FAILED",
    );
  });

  it("rejects alg none", async () => {
    const token = await google.signIdToken(person, { alg: "none" });
    expect(token.endsWith(".")).toBe(true);
    await expectReason(verifier().verifyIdToken(token), "invalid_token", "ERR_JOSE_ALG_NOT_ALLOWED");
  });

  it("rejects HS256 signed with the public key as the secret", async () => {
    const secrets = [new TextEncoder().encode(google.publicKeyPem), new TextEncoder().encode(JSON.stringify(google.publicJwk))];
    for (const key of secrets) {
      await expectReason(
        verifier().verifyIdToken(await google.signIdToken(person, { alg: "HS256", key })),
        "invalid_token",
        "ERR_JOSE_ALG_NOT_ALLOWED",
      );
    }
  });

  it("rejects an unverified email", async () => {
    await expectReason(
      verifier().verifyIdToken(await google.signIdToken({ ...person, email_verified: false })),
      "invalid_token",
      "email not verified",
    );
  });

  it("rejects garbage", async () => {
    await expectReason(verifier().verifyIdToken("not.a.jwt"), "invalid_token");
    await expectReason(verifier().verifyIdToken(""), "invalid_token");
  });

  it("keeps error messages free of the token", async () => {
    const token = await google.signIdToken({ ...person, aud: "someone-else" });
    const error = await rejection(verifier().verifyIdToken(token));
    expect(error.message).not.toContain(token);
    expect(error.message).not.toContain(person.email);
  });

  it("reports provider_unavailable when the key set cannot be fetched", async () => {
    const token = await google.signIdToken(person);
    await expectReason(
      googleVerifier(googleConfig({ jwksUrl: `${await closedPortUrl()}/certs` })).verifyIdToken(token),
      "provider_unavailable",
    );
  });

  it("reports provider_unavailable when the key set answers 5xx", async () => {
    const token = await google.signIdToken(person);
    google.setFailure(503);
    try {
      await expectReason(verifier().verifyIdToken(token), "provider_unavailable");
    } finally {
      google.setFailure(null);
    }
  });

  it("fetches the key set once per verifier", async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const cached = googleVerifier(googleConfig({ fetch: counting }));
    await cached.verifyIdToken(await google.signIdToken(person));
    await cached.verifyIdToken(await google.signIdToken(person));
    expect(calls).toBe(1);
  });
});

describe("Google code exchange", () => {
  it("exchanges a good code for the identity, sending the popup redirect_uri", async () => {
    google.registerCode("4/good-code", person, { clientId: GOOGLE_CLIENT, clientSecret: "shh", redirectUri: "postmessage" });
    const identity = await googleVerifier(googleConfig()).exchangeCode("4/good-code");
    expect(identity).toMatchObject({ provider: "google", sub: person.sub, email: person.email, emailVerified: true });
    const sent = google.tokenRequests.at(-1);
    expect(sent?.get("grant_type")).toBe("authorization_code");
    expect(sent?.get("redirect_uri")).toBe("postmessage");
    expect(sent?.get("client_id")).toBe(GOOGLE_CLIENT);
  });

  it("rejects a bad or reused code", async () => {
    const verifier = googleVerifier(googleConfig());
    await expectReason(verifier.exchangeCode("4/never-issued"), "invalid_token");
    google.registerCode("4/once", person);
    await verifier.exchangeCode("4/once");
    await expectReason(verifier.exchangeCode("4/once"), "invalid_token");
  });

  it("is not_configured without a client secret or with a refused client", async () => {
    google.registerCode("4/secret-check", person, { clientSecret: "right" });
    await expectReason(googleVerifier(googleConfig({ clientSecret: undefined })).exchangeCode("4/secret-check"), "not_configured");
    await expectReason(googleVerifier(googleConfig({ clientSecret: "wrong" })).exchangeCode("4/secret-check"), "not_configured");
  });

  it("rejects an ID token from the exchange that is for another client", async () => {
    google.registerCode("4/other-aud", { ...person, aud: "other-app" });
    await expectReason(googleVerifier(googleConfig()).exchangeCode("4/other-aud"), "invalid_token");
  });

  it("reports provider_unavailable when the token endpoint is down or answers 5xx", async () => {
    await expectReason(
      googleVerifier(googleConfig({ tokenUrl: `${await closedPortUrl()}/token` })).exchangeCode("4/x"),
      "provider_unavailable",
    );
    google.registerCode("4/while-down", person);
    google.setFailure(502);
    try {
      await expectReason(googleVerifier(googleConfig()).exchangeCode("4/while-down"), "provider_unavailable");
    } finally {
      google.setFailure(null);
    }
  });
});

describe("Google access token", () => {
  it("returns the userinfo identity for a token issued to this client", async () => {
    google.registerAccessToken("ya29.ours", { aud: GOOGLE_CLIENT, claims: person });
    await expect(googleVerifier(googleConfig()).verifyAccessToken("ya29.ours")).resolves.toEqual({
      provider: "google",
      sub: person.sub,
      email: person.email,
      emailVerified: true,
      firstName: "Sara",
      lastName: "Ahmadi",
    });
  });

  it("rejects a token issued to another app", async () => {
    google.registerAccessToken("ya29.theirs", { aud: "other-app.apps.googleusercontent.com", claims: person });
    await expectReason(googleVerifier(googleConfig()).verifyAccessToken("ya29.theirs"), "invalid_token");
  });

  it("rejects unknown and expired tokens and unverified emails", async () => {
    const verifier = googleVerifier(googleConfig());
    await expectReason(verifier.verifyAccessToken("ya29.unknown"), "invalid_token");
    google.registerAccessToken("ya29.expired", { aud: GOOGLE_CLIENT, claims: person, expiresIn: -1 });
    await expectReason(verifier.verifyAccessToken("ya29.expired"), "invalid_token");
    google.registerAccessToken("ya29.unverified", { aud: GOOGLE_CLIENT, claims: { ...person, email_verified: false } });
    await expectReason(verifier.verifyAccessToken("ya29.unverified"), "invalid_token");
  });

  it("reports provider_unavailable when tokeninfo answers 5xx", async () => {
    google.registerAccessToken("ya29.down", { aud: GOOGLE_CLIENT, claims: person });
    google.setFailure(500);
    try {
      await expectReason(googleVerifier(googleConfig()).verifyAccessToken("ya29.down"), "provider_unavailable");
    } finally {
      google.setFailure(null);
    }
  });
});
