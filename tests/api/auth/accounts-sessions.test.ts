import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { auditLog, sessions, users } from "@/server/db/schema";
import { it, cookieJar, header, valid } from "@/tests/api/auth/accounts-support";

describe("login", () => {
  it("goes through a code on an untrusted device, straight in on a trusted one", async ({ sms, call, registerUser }) => {
    const registered = await registerUser();
    const device = { tk_device: registered.jar.tk_device! };
    expect(device.tk_device).toBeTruthy();
    const untrusted = await call("auth/login", { credential: "sara@example.com", password: valid.password });
    expect(untrusted.status).toBe(200);
    expect(untrusted.body.data.otp.route).toBe("/auth/two_factor_authentication");
    expect(sms.sent.at(-1)!.purpose).toBe("login");
    const trusted = await call("auth/login", { credential: "+989121234567", password: valid.password }, { cookie: header(device) });
    expect(trusted.status).toBe(200);
    expect(trusted.body.data.access_token).toBeTruthy();
    expect(trusted.body.data.user.phone).toBe("+989121234567");
  });

  it("answers the same 401 for a wrong password and an unknown account; 422 for a malformed credential", async ({ call, registerUser }) => {
    await registerUser();
    const wrong = await call("auth/login", { credential: "09121234567", password: "wrong-password" });
    const unknown = await call("auth/login", { credential: "09350000000", password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error!.message).toBe("The mobile number, e-mail or password is incorrect.");
    expect(unknown.body.error!.message).toBe(wrong.body.error!.message);
    const malformed = await call("auth/login", { credential: "not a phone", password: "x" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.error!.fields).toEqual({ credential: "Enter a valid mobile number or e-mail address." });
  });
});

describe("password guessing", () => {
  it("answers 429 after 10 wrong passwords for an account in 15 minutes, even for the right one", async ({
    client,
    call,
    registerUser,
  }) => {
    await registerUser();
    for (let i = 0; i < 10; i++)
      expect((await call("auth/login", { credential: "09121234567", password: `guess-${i}-xx` })).status).toBe(401);
    for (const credential of ["sara@example.com", "+989121234567"]) {
      const blocked = await call("auth/login", { credential, password: valid.password }, { locale: "fa-IR" });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error!.message).toBe("درخواست‌ها بیش از حد مجاز است. لطفاً چند دقیقهٔ دیگر دوباره تلاش کنید.");
    }
    // Someone else, from elsewhere, is not affected.
    client.address = "10.200.0.1";
    const other = await call("auth/register", { ...valid, phone: "09350001111", email: "x@example.com" });
    expect(other.status).toBe(200);
  });
});

describe("forgot and reset password", () => {
  it("texts a code, opens the reset step, changes the password and ends every session", async ({ database, sms, call, registerUser }) => {
    const registered = await registerUser();
    const unknown = await call("auth/forgot-password", { credential: "nobody@example.com" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error!.message).toBe("No user was found with this mobile number or e-mail.");
    const started = await call("auth/forgot-password", { credential: "sara@example.com" });
    expect(started.status).toBe(200);
    const token = started.body.data.otp.token;
    const early = await call("auth/reset-password", { token, password: "New-Password-2026!", password_confirmation: "New-Password-2026!" });
    expect(early.status).toBe(401);
    expect(early.body.error!.message).toMatch(/^An error occurred/);
    const verified = await call("auth/otp/verify", { token, code: sms.lastCode(registered.e164) });
    expect(verified.body.data.reset).toEqual({ token, route: "/auth/reset_password" });
    const mismatch = await call("auth/reset-password", { token, password: "New-Password-2026!", password_confirmation: "nope" });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error!.message).toBe("Check the new password and its confirmation.");
    const done = await call("auth/reset-password", { token, password: "New-Password-2026!", password_confirmation: "New-Password-2026!" });
    expect(done.status).toBe(200);
    expect(done.body.data.message).toBe("Password changed successfully.");
    expect((await call("me", null, { method: "GET", cookie: header(registered.jar) })).status).toBe(401);
    expect((await call("auth/reset-password", { token, password: "Another-2026!x", password_confirmation: "Another-2026!x" })).status).toBe(
      401,
    );
    const old = await call("auth/login", { credential: "sara@example.com", password: valid.password });
    expect(old.status).toBe(401);
    const fresh = await call(
      "auth/login",
      { credential: "sara@example.com", password: "New-Password-2026!" },
      { cookie: `tk_device=${registered.jar.tk_device}` },
    );
    expect(fresh.body.data.access_token).toBeTruthy();
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "user.password_reset"));
    expect(audit).toBeTruthy();
  });
});

describe("sessions", () => {
  it("rotates the refresh token; a reused one revokes its whole family", async ({ database, call, registerUser }) => {
    const registered = await registerUser();
    const first = registered.jar.tk_refresh!;
    const rotated = await call("auth/refresh", undefined, { cookie: `tk_refresh=${first}` });
    expect(rotated.status).toBe(200);
    const second = cookieJar(rotated.cookies).tk_refresh!;
    expect(second).not.toBe(first);
    const reused = await call("auth/refresh", undefined, { cookie: `tk_refresh=${first}` });
    expect(reused.status).toBe(401);
    expect(reused.body.error!.code).toBe("session_expired");
    expect((await call("auth/refresh", undefined, { cookie: `tk_refresh=${second}` })).status).toBe(401);
    const [session] = await database.db.select().from(sessions);
    expect(session!.revokedReason).toBe("refresh_token_reuse");
    expect((await call("me", null, { method: "GET", token: rotated.body.data.access_token })).status).toBe(401);
  });

  it("accepts the bearer token; logout ends the session", async ({ call, registerUser }) => {
    const registered = await registerUser();
    const token = registered.body.data.access_token as string;
    const me = await call("me", null, { method: "GET", token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ phone: "+989121234567", wallet_balance: 0, unread_notifications: 0 });
    expect(JSON.stringify(me.body)).not.toMatch(/password_hash|scrypt/);
    const out = await call("auth/logout", undefined, { token });
    expect(out.status).toBe(200);
    expect(out.cookies.join("\n")).toMatch(/tk_access=;/);
    expect((await call("me", null, { method: "GET", token })).status).toBe(401);
  });

  it("refuses forged access tokens: alg none, other key, HS/RS confusion, wrong audience, expired", async ({
    database,
    call,
    registerUser,
  }) => {
    const { SignJWT, generateKeyPair, exportSPKI } = await import("jose");
    const registered = await registerUser();
    const good = registered.body.data.access_token as string;
    const [, payloadPart] = good.split(".");
    const claims = JSON.parse(Buffer.from(payloadPart!, "base64url").toString());
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const none = `${b64({ alg: "none", typ: "JWT" })}.${payloadPart}.`;
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("x".repeat(48)));
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const rs = await new SignJWT(claims).setProtectedHeader({ alg: "RS256" }).sign(privateKey);
    const confusion = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(await exportSPKI(publicKey)));
    const [row] = await database.db
      .execute<{ value: string }>(sql`select value from app_secrets where name = 'auth_signing_key'`)
      .then((r) => (r as unknown as { rows: { value: string }[] }).rows);
    const key = new TextEncoder().encode(row!.value);
    const wrongAud = await new SignJWT({ ...claims, aud: "someone-else" }).setProtectedHeader({ alg: "HS256" }).sign(key);
    const wrongIss = await new SignJWT({ ...claims, iss: "evil" }).setProtectedHeader({ alg: "HS256" }).sign(key);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: "HS256" })
      .sign(key);
    const rightKey = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(key);
    const unknownKid = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", kid: "someone-elses-key" }).sign(key);
    // Signed with the right key but not as ours: another HMAC, no expiry, not yet valid, a payload changed after signing.
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: "HS512" }).sign(key);
    const lasting = { ...claims };
    delete lasting.exp;
    const noExpiry = await new SignJWT(lasting).setProtectedHeader({ alg: "HS256" }).sign(key);
    const notYet = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setNotBefore("1h").sign(key);
    const [goodHeader, , goodSignature] = good.split(".");
    const tampered = `${goodHeader}.${b64({ ...claims, sub: "00000000-0000-4000-8000-000000000000" })}.${goodSignature}`;
    const padded = `${good}=`;
    const forged = [none, otherKey, rs, confusion, wrongAud, wrongIss, expired, unknownKid, hs512, noExpiry, notYet, tampered, padded];
    for (const token of [...forged, "garbage", "a.b.c"]) {
      const response = await call("me", null, { method: "GET", token });
      expect(response.status, token.slice(0, 30)).toBe(401);
    }
    expect((await call("me", null, { method: "GET", token: rightKey })).status).toBe(200);
  });
});

describe("authorization", () => {
  it("lets a user see and end only their own sessions", async ({ database, call, registerUser }) => {
    const a = await registerUser();
    const b = await registerUser({ phone: "09351112233", email: "b@example.com" });
    const tokenA = a.body.data.access_token as string;
    const tokenB = b.body.data.access_token as string;
    const listA = await call("me/sessions", null, { method: "GET", token: tokenA });
    expect(listA.status).toBe(200);
    expect(listA.body.data).toHaveLength(1);
    expect(listA.body.data[0].current).toBe(true);
    const listB = await call("me/sessions", null, { method: "GET", token: tokenB });
    const sessionB = listB.body.data[0].id as string;
    const steal = await call(`me/sessions/${sessionB}`, null, { method: "DELETE", token: tokenA });
    expect(steal.status).toBe(404);
    expect((await call("me", null, { method: "GET", token: tokenB })).status).toBe(200);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sessionB));
    expect(row!.revokedAt).toBeNull();
    const own = await call(`me/sessions/${listA.body.data[0].id}`, null, { method: "DELETE", token: tokenA });
    expect(own.status).toBe(200);
    expect((await call("me", null, { method: "GET", token: tokenA })).status).toBe(401);
  });

  it("answers 401 without a session on every account route", async ({ call }) => {
    for (const [method, path] of [
      ["GET", "me"],
      ["PATCH", "me"],
      ["PUT", "me/password"],
      ["GET", "me/identity-card"],
    ] as const) {
      const response = await call(path, {}, { method });
      expect(response.status, path).toBe(401);
    }
    expect((await call("me/identity-verification", {})).status).toBe(401);
  });

  it("hides the admin area (404) from users and anonymous callers", async ({ database, call, registerUser }) => {
    const registered = await registerUser();
    for (const token of [undefined, registered.body.data.access_token]) {
      const response = await call("admin/identity-requests", null, { method: "GET", ...(token ? { token } : {}) });
      expect(response.status).toBe(404);
    }
    const [user] = await database.db.select().from(users);
    const approve = await call(`admin/users/${user!.id}/identity/approve`, {}, { token: registered.body.data.access_token });
    expect(approve.status).toBe(404);
  });
});
