import { afterAll, beforeAll, describe, expect } from "vitest";
import { socialIdentities, users } from "@/server/db/schema";
import { appleVerifier, googleVerifier } from "@/server/adapters/oauth";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../../support/fake-oauth";
import { apiTest } from "@/tests/api/support/fixture";

const GOOGLE_CLIENT = "takapoo-web.apps.googleusercontent.com";
const APPLE_CLIENT = "app.takapoo.web";
let google: FakeOAuthProvider;
let apple: FakeOAuthProvider;

beforeAll(async () => {
  google = await startFakeOAuthProvider({ issuer: "https://accounts.google.com" });
  apple = await startFakeOAuthProvider({ issuer: "https://appleid.apple.com" });
});
afterAll(async () => {
  await Promise.all([google.close(), apple.close()]);
});
const it = apiTest
  .override("client", () => ({ address: "10.2.0.1" }))
  .override("appDeps", () => ({
    oauth: {
      google: googleVerifier({
        clientId: GOOGLE_CLIENT,
        clientSecret: "secret",
        jwksUrl: `${google.url}/certs`,
        tokenUrl: `${google.url}/token`,
        userinfoUrl: `${google.url}/userinfo`,
        tokeninfoUrl: `${google.url}/tokeninfo`,
      }),
      apple: appleVerifier({ clientId: APPLE_CLIENT, jwksUrl: `${apple.url}/keys` }),
    },
  }));

const person = {
  sub: "google-42",
  aud: GOOGLE_CLIENT,
  email: "sara@gmail.com",
  email_verified: true,
  given_name: "Sara",
  family_name: "Ahmadi",
};

describe("Google sign-in", () => {
  it("creates the account on the first ID token, stores (provider, sub), and asks for a phone", async ({ database, sms, call }) => {
    const first = await call("auth/google", { id_token: await google.signIdToken(person) });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ needs_phone: true, route: "/auth/two_factor_authentication" });
    expect(first.body.data.user).toMatchObject({ first_name: "Sara", email: "sara@gmail.com", phone: null });
    const [identity] = await database.db.select().from(socialIdentities);
    expect(identity).toMatchObject({ provider: "google", sub: "google-42" });
    const again = await call("auth/google", { id_token: await google.signIdToken(person) });
    expect(again.body.data.user.id).toBe(first.body.data.user.id);
    expect(await database.db.select().from(users)).toHaveLength(1);

    // Until a phone is verified the panel's data stays closed; adding one texts a code.
    const token = first.body.data.access_token as string;
    const added = await call("auth/phone", { phone: "09121234567" }, { token });
    expect(added.status).toBe(200);
    const verified = await call("auth/otp/verify", { token: added.body.data.otp.token, code: sms.lastCode("+989121234567") }, { token });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ needs_phone: false, route: "/dashboard" });
    expect(verified.body.data.user).toMatchObject({ phone: "+989121234567", phone_verified: true });
  });

  it("exchanges a popup authorization code and accepts a token-flow access token", async ({ call }) => {
    google.registerCode("code-1", person);
    const byCode = await call("auth/google", { code: "code-1" });
    expect(byCode.status).toBe(200);
    expect(google.tokenRequests.at(-1)?.get("redirect_uri")).toBe("postmessage");
    google.registerAccessToken("ya29.token", { aud: GOOGLE_CLIENT, claims: person });
    const byToken = await call("auth/google", { access_token: "ya29.token" });
    expect(byToken.status).toBe(200);
    expect(byToken.body.data.user.id).toBe(byCode.body.data.user.id);
  });

  it("refuses forged or foreign tokens with 401 and creates nothing", async ({ database, call }) => {
    for (const token of [
      await google.signIdToken({ ...person, aud: "someone-else" }),
      await google.signIdToken(person, { expiresIn: -60 }),
      await google.signIdToken(person, { kid: "unknown" }),
      await google.signIdToken(person, { alg: "none" }),
      await apple.signIdToken({ ...person, iss: "https://accounts.google.com" }),
    ]) {
      const refused = await call("auth/google", { id_token: token }, { locale: "fa-IR" });
      expect(refused.status).toBe(401);
      expect(refused.body.error!.message).toBe("ورود با گوگل ناموفق بود. لطفاً دوباره تلاش کنید.");
    }
    google.registerAccessToken("ya29.other", { aud: "other-app", claims: person });
    expect((await call("auth/google", { access_token: "ya29.other" })).status).toBe(401);
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it("does not take over an e-mail that belongs to another account", async ({ database, call }) => {
    await database.db
      .insert(users)
      .values({ firstName: "Other", email: "sara@gmail.com", phone: "+989350000000", phoneVerifiedAt: new Date() });
    const signedIn = await call("auth/google", { id_token: await google.signIdToken(person) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.email).toBeNull();
    expect(await database.db.select().from(users)).toHaveLength(2);
  });

  it("answers 404 when Google sign-in is not configured", async ({ rebuild, call }) => {
    rebuild({ oauth: { google: null, apple: null } });
    const missing = await call("auth/google", { id_token: await google.signIdToken(person) });
    expect(missing.status).toBe(404);
    expect(missing.body.error!.message).toBe("Signing in with Google is not available.");
  });
});

describe("Apple sign-in", () => {
  it("verifies the identity token and its nonce", async ({ call }) => {
    const claims = {
      sub: "apple-7",
      aud: APPLE_CLIENT,
      email: "x@privaterelay.appleid.com",
      email_verified: "true",
      nonce: "nonce-12345678",
    };
    const ok = await call("auth/apple", { id_token: await apple.signIdToken(claims), nonce: "nonce-12345678", first_name: "Reza" });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ first_name: "Reza", email: "x@privaterelay.appleid.com" });
    const wrongNonce = await call("auth/apple", { id_token: await apple.signIdToken(claims), nonce: "another-nonce-1" });
    expect(wrongNonce.status).toBe(401);
  });
});
