import { describe, expect } from "vitest";
import { otpChallenges, users } from "@/server/db/schema";
import { it, valid } from "@/tests/api/auth/accounts-support";

describe("register", () => {
  it("answers the code step, stores nothing until the code is right, then creates the verified account", async ({
    database,
    sms,
    call,
  }) => {
    const started = await call("auth/register", valid);
    expect(started.status).toBe(200);
    expect(started.body.data.otp).toMatchObject({ route: "/auth/two_factor_authentication", phone: "+98 912 *** 4567", resend_in: 120 });
    expect(await database.db.select().from(users)).toHaveLength(0);
    expect(sms.sent.at(-1)).toMatchObject({ phone: "+989121234567", purpose: "register" });
    const code = sms.sent.at(-1)!.code;
    expect(code).toMatch(/^\d{6}$/);
    const [challenge] = await database.db.select().from(otpChallenges);
    expect(challenge!.codeHash).not.toContain(code);
    // The code page, reloaded, reads the same step back.
    const step = await call("auth/otp/status", { token: started.body.data.otp.token });
    expect(step.status).toBe(200);
    expect(step.body.data.otp).toMatchObject({ token: started.body.data.otp.token, phone: "+98 912 *** 4567" });
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

  it("accepts every form of the mobile number and stores E.164", async ({ database, registerUser }) => {
    for (const [i, phone] of ["09121234560", "+989121234561", "00989121234562", "٠٩١٢١٢٣٤٥٦٣"].entries()) {
      await registerUser({ phone, email: `u${i}@example.com` });
    }
    const phones = (await database.db.select({ phone: users.phone }).from(users)).map((u) => u.phone).sort();
    expect(phones).toEqual(["+989121234560", "+989121234561", "+989121234562", "+989121234563"]);
  });

  it("answers 409 for an existing phone or e-mail, in the caller's language", async ({ call, registerUser }) => {
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

  it("answers 422 with one message per field", async ({ database, call }) => {
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

  it("answers 400 for malformed JSON", async ({ call }) => {
    const response = await call("auth/register", "{not json");
    expect(response.status).toBe(400);
  });
});

describe("one-time codes", () => {
  it("refuses a wrong code (422), burns the step after 5 tries: the 6th, correct, is refused (429)", async ({ database, sms, call }) => {
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

  it("expires after 2 minutes (410), is single use (409), unknown tokens 404, bad format 422", async ({ database, sms, call }) => {
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

  it("accepts the code in Persian digits", async ({ sms, call }) => {
    const started = await call("auth/register", valid);
    const persian = sms.sent.at(-1)!.code.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!);
    expect((await call("auth/otp/verify", { token: started.body.data.otp.token, code: persian })).status).toBe(200);
  });

  it("resends only after 120 seconds, with a new code; the old one stops working", async ({ database, sms, call }) => {
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

  it("sends at most 5 codes per phone and 20 per IP an hour", async ({ client, call }) => {
    for (let i = 0; i < 5; i++) expect((await call("auth/register", { ...valid, email: `p${i}@example.com` })).status).toBe(200);
    const sixth = await call("auth/register", { ...valid, email: "p6@example.com" });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatchObject({
      code: "otp_limit",
      message: "Too many codes were requested. Please try again after a few minutes.",
    });
    client.address = "10.9.9.9";
    for (let i = 0; i < 20; i++) {
      const phone = `0913${String(1000000 + i)
        .slice(1)
        .padStart(7, "0")}`;
      expect((await call("auth/register", { ...valid, phone, email: `i${i}@example.com` })).status).toBe(200);
    }
    expect((await call("auth/register", { ...valid, phone: "09139999999", email: "last@example.com" })).status).toBe(429);
  });

  it("answers 503 with a translated message when the SMS provider fails, and keeps nothing", async ({ database, rebuild, call }) => {
    rebuild({ sms: { sendOtp: () => Promise.reject(new Error("provider down")), sendNotice: () => Promise.resolve() } });
    const failed = await call("auth/register", valid, { locale: "fa-IR" });
    expect(failed.status).toBe(503);
    expect(failed.body.error!.message).toBe("ارسال پیامک ممکن نشد. لطفاً کمی بعد دوباره تلاش کنید.");
    expect(await database.db.select().from(otpChallenges)).toHaveLength(0);
  });
});
