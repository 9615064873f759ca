import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { Database } from "@/server/db/client";
import { auditLog, otpChallenges, sessions, users } from "@/server/db/schema";
import { apiTestWith } from "@/tests/api/support/fixture";
import { jsonRequest, recordingSms, testApp } from "@/tests/api/support/helpers";

let database: Database;
let sms: ReturnType<typeof recordingSms>;
let app: ReturnType<typeof testApp>;
let ipCounter = 0;
let ip = "10.0.0.1";

const it = apiTestWith((api) => {
  ({ database, sms } = api);
  app = api.app({ socketAddress: (request) => request.headers.get("x-test-ip") });
  ip = `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions
type Json = { data?: any; error?: { code: string; message: string; fields?: Record<string, string> } };

async function call(path: string, body: unknown, options: { locale?: string; cookie?: string; method?: string; token?: string } = {}) {
  const headers: Record<string, string> = { "x-test-ip": ip, "X-Locale": options.locale ?? "en-US" };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request =
    body === undefined
      ? new Request(`http://localhost/api/${path}`, { method: "POST", headers })
      : options.method === "GET"
        ? new Request(`http://localhost/api/${path}`, { headers })
        : options.method
          ? new Request(`http://localhost/api/${path}`, {
              method: options.method,
              headers: { ...headers, "content-type": "application/json" },
              body: JSON.stringify(body),
            })
          : jsonRequest(path, body, headers);
  const response = await app.fetch(request);
  return { status: response.status, body: (await response.json()) as Json, cookies: response.headers.getSetCookie() };
}

/** The cookie header a browser would send back after these Set-Cookie lines. */
function cookieJar(setCookies: string[], jar: Record<string, string> = {}) {
  for (const line of setCookies) {
    const [pair] = line.split(";");
    const [name, ...value] = pair!.split("=");
    const v = value.join("=");
    if (/Max-Age=0/i.test(line) || v === "") delete jar[name!.trim()];
    else jar[name!.trim()] = v;
  }
  return jar;
}
const header = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");

const valid = {
  first_name: "Sara",
  last_name: "Ahmadi",
  phone: "۰۹۱۲۱۲۳۴۵۶۷",
  email: "Sara@Example.com",
  password: "Takapoo-Rial-2026!x",
  password_confirmation: "Takapoo-Rial-2026!x",
  terms: true,
};

async function registerUser(overrides: Partial<typeof valid> = {}) {
  const input = { ...valid, ...overrides };
  const started = await call("auth/register", input);
  expect(started.status).toBe(200);
  const phone = started.body.data.otp.phone as string;
  const e164 = sms.sent.at(-1)!.phone;
  const verified = await call("auth/otp/verify", { token: started.body.data.otp.token, code: sms.lastCode(e164), trust_device: true });
  expect(verified.status).toBe(200);
  return { ...verified, phone, e164, jar: cookieJar(verified.cookies) };
}

describe("register", () => {
  it("answers the code step, stores nothing until the code is right, then creates the verified account", async () => {
    const started = await call("auth/register", valid);
    expect(started.status).toBe(200);
    expect(started.body.data.otp).toMatchObject({ route: "/auth/two_factor_authentication", phone: "+98 912 *** 4567", resend_in: 120 });
    expect(await database.db.select().from(users)).toHaveLength(0);
    expect(sms.sent.at(-1)).toMatchObject({ phone: "+989121234567", purpose: "register" });
    const code = sms.sent.at(-1)!.code;
    expect(code).toMatch(/^\d{6}$/);
    const [challenge] = await database.db.select().from(otpChallenges);
    expect(challenge!.codeHash).not.toContain(code);
    const verified = await call("auth/otp/verify", { token: started.body.data.otp.token, code });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ token_type: "Bearer", route: "/dashboard", needs_phone: false });
    expect(verified.body.data.user).toMatchObject({
      phone: "+989121234567",
      email: "sara@example.com",
      phone_verified: true,
      identity_status: "registered",
    });
    expect(JSON.stringify(verified.body)).not.toMatch(/scrypt|password_hash/);
    expect(verified.cookies.join("\n")).toMatch(/tk_access=.+HttpOnly/);
    expect(verified.cookies.join("\n")).toMatch(/tk_refresh=.+HttpOnly/);
  });

  it("accepts every form of the mobile number and stores E.164", async () => {
    for (const [i, phone] of ["09121234560", "+989121234561", "00989121234562", "٠٩١٢١٢٣٤٥٦٣"].entries()) {
      await registerUser({ phone, email: `u${i}@example.com` });
    }
    const phones = (await database.db.select({ phone: users.phone }).from(users)).map((u) => u.phone).sort();
    expect(phones).toEqual(["+989121234560", "+989121234561", "+989121234562", "+989121234563"]);
  });

  it("answers 409 for an existing phone or e-mail, in the caller's language", async () => {
    await registerUser();
    const samePhone = await call("auth/register", { ...valid, email: "other@example.com" });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.error).toMatchObject({
      code: "user_exists",
      message: "A user with this mobile number or e-mail already exists.",
    });
    const sameEmail = await call("auth/register", { ...valid, phone: "09351234567" }, { locale: "fa-IR" });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error!.message).toBe("کاربری با این شماره موبایل یا ایمیل از قبل وجود دارد.");
  });

  it("answers 422 with one message per field", async () => {
    const bad = await call("auth/register", {
      first_name: " ",
      last_name: "x".repeat(51),
      phone: "02112345678",
      email: "not-an-email",
      password: "short",
      password_confirmation: "other",
      terms: false,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error!.message).toBe("The information you entered is incorrect.");
    expect(bad.body.error!.fields).toMatchObject({
      first_name: "Enter your first name.",
      last_name: "Enter at most 50 characters.",
      phone: "Enter a valid Iranian mobile number, such as 09121234567.",
      email: "Enter a valid e-mail address.",
      password: "The password must be 8 to 128 characters long.",
      terms: "Please read and accept the terms and conditions.",
    });
    const mismatch = await call("auth/register", { ...valid, password_confirmation: "Takapoo-Rial-2026!y" }, { locale: "fa-IR" });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error!.fields).toEqual({ password_confirmation: "تکرار رمز عبور با آن یکسان نیست." });
    const common = await call("auth/register", { ...valid, password: "password123", password_confirmation: "password123" });
    expect(common.status).toBe(422);
    expect(common.body.error!.fields).toEqual({ password: "This password is too common. Choose a less predictable one." });
    expect(await database.db.select().from(otpChallenges)).toHaveLength(0);
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await call("auth/register", "{not json");
    expect(response.status).toBe(400);
  });
});

describe("one-time codes", () => {
  it("refuses a wrong code (422), burns the step after 5 tries: the 6th, correct, is refused (429)", async () => {
    const started = await call("auth/register", valid);
    const token = started.body.data.otp.token;
    const code = sms.sent.at(-1)!.code;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const attempt = await call("auth/otp/verify", { token, code: wrong });
      expect(attempt.status).toBe(422);
      expect(attempt.body.error!.code).toBe("otp_incorrect");
    }
    const sixth = await call("auth/otp/verify", { token, code });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error!.message).toBe("Too many attempts. Please try again after a few minutes.");
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it("expires after 2 minutes (410), is single use (409), unknown tokens 404, bad format 422", async () => {
    const started = await call("auth/register", valid);
    const token = started.body.data.otp.token;
    const code = sms.sent.at(-1)!.code;
    await database.db.update(otpChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await call("auth/otp/verify", { token, code }, { locale: "fa-IR" });
    expect(expired.status).toBe(410);
    expect(expired.body.error!.message).toBe("کد منقضی شده است. کد جدید درخواست کنید.");
    await database.db.update(otpChallenges).set({ expiresAt: new Date(Date.now() + 60_000) });
    expect((await call("auth/otp/verify", { token, code })).status).toBe(200);
    const again = await call("auth/otp/verify", { token, code });
    expect(again.status).toBe(409);
    expect((await call("auth/otp/verify", { token: "x".repeat(43), code })).status).toBe(404);
    const format = await call("auth/otp/verify", { token, code: "12ab" });
    expect(format.status).toBe(422);
    expect(format.body.error!.fields).toEqual({ code: "Enter the 6-digit code." });
  });

  it("accepts the code in Persian digits", async () => {
    const started = await call("auth/register", valid);
    const persian = sms.sent.at(-1)!.code.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!);
    expect((await call("auth/otp/verify", { token: started.body.data.otp.token, code: persian })).status).toBe(200);
  });

  it("resends only after 120 seconds, with a new code; the old one stops working", async () => {
    const started = await call("auth/register", valid);
    const token = started.body.data.otp.token;
    const first = sms.sent.at(-1)!.code;
    const early = await call("auth/otp/resend", { token });
    expect(early.status).toBe(429);
    expect(early.body.error!.message).toMatch(/^Please wait 1[12]\d seconds before requesting a new code\.$/);
    await database.db.update(otpChallenges).set({ lastSentAt: new Date(Date.now() - 121_000) });
    const resent = await call("auth/otp/resend", { token });
    expect(resent.status).toBe(200);
    expect(resent.body.data.otp.resend_in).toBe(120);
    const second = sms.sent.at(-1)!.code;
    expect(sms.sent).toHaveLength(2);
    if (first !== second) expect((await call("auth/otp/verify", { token, code: first })).status).toBe(422);
    expect((await call("auth/otp/verify", { token, code: second })).status).toBe(200);
    expect((await call("auth/otp/resend", { token })).status).toBe(410);
    expect((await call("auth/otp/resend", { token: "y".repeat(43) })).status).toBe(404);
  });

  it("sends at most 5 codes per phone and 20 per IP an hour", async () => {
    for (let i = 0; i < 5; i++) expect((await call("auth/register", { ...valid, email: `p${i}@example.com` })).status).toBe(200);
    const sixth = await call("auth/register", { ...valid, email: "p6@example.com" });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatchObject({
      code: "otp_limit",
      message: "Too many codes were requested. Please try again after a few minutes.",
    });
    ip = "10.9.9.9";
    for (let i = 0; i < 20; i++) {
      const phone = `0913${String(1000000 + i)
        .slice(1)
        .padStart(7, "0")}`;
      expect((await call("auth/register", { ...valid, phone, email: `i${i}@example.com` })).status).toBe(200);
    }
    expect((await call("auth/register", { ...valid, phone: "09139999999", email: "last@example.com" })).status).toBe(429);
  });

  it("answers 503 with a translated message when the SMS provider fails, and keeps nothing", async () => {
    app = testApp(database, {
      sms: { sendOtp: () => Promise.reject(new Error("provider down")) },
      socketAddress: (request) => request.headers.get("x-test-ip"),
    });
    const failed = await call("auth/register", valid, { locale: "fa-IR" });
    expect(failed.status).toBe(503);
    expect(failed.body.error!.message).toBe("ارسال پیامک ممکن نشد. لطفاً کمی بعد دوباره تلاش کنید.");
    expect(await database.db.select().from(otpChallenges)).toHaveLength(0);
  });
});

describe("login", () => {
  it("goes through a code on an untrusted device, straight in on a trusted one", async () => {
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

  it("answers the same 401 for a wrong password and an unknown account; 422 for a malformed credential", async () => {
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
  it("answers 429 after 10 wrong passwords for an account in 15 minutes, even for the right one", async () => {
    await registerUser();
    for (let i = 0; i < 10; i++)
      expect((await call("auth/login", { credential: "09121234567", password: `guess-${i}-xx` })).status).toBe(401);
    for (const credential of ["sara@example.com", "+989121234567"]) {
      const blocked = await call("auth/login", { credential, password: valid.password }, { locale: "fa-IR" });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error!.message).toBe("درخواست‌ها بیش از حد مجاز است. لطفاً چند دقیقهٔ دیگر دوباره تلاش کنید.");
    }
    // Someone else, from elsewhere, is not affected.
    ip = "10.200.0.1";
    const other = await call("auth/register", { ...valid, phone: "09350001111", email: "x@example.com" });
    expect(other.status).toBe(200);
  });
});

describe("forgot and reset password", () => {
  it("texts a code, opens the reset step, changes the password and ends every session", async () => {
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
  it("rotates the refresh token; a reused one revokes its whole family", async () => {
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

  it("accepts the bearer token; logout ends the session", async () => {
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

  it("refuses forged access tokens: alg none, other key, HS/RS confusion, wrong audience, expired", async () => {
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
    for (const token of [none, otherKey, rs, confusion, wrongAud, wrongIss, expired, unknownKid, "garbage"]) {
      const response = await call("me", null, { method: "GET", token });
      expect(response.status, token.slice(0, 30)).toBe(401);
    }
    expect((await call("me", null, { method: "GET", token: rightKey })).status).toBe(200);
  });
});

describe("authorization", () => {
  it("lets a user see and end only their own sessions", async () => {
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

  it("answers 401 without a session on every account route", async () => {
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

  it("hides the admin area (404) from users and anonymous callers", async () => {
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
