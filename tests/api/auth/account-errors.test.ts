import { describe, expect } from "vitest";
import type { Database } from "@/server/db/client";
import { otpChallenges } from "@/server/db/schema";
import { translateApi } from "@/server/http/i18n";
import { caller, registerAndSignIn, validRegistration } from "@/tests/api/support/account-helpers";
import { apiTestWith } from "@/tests/api/support/fixture";
import { recordingSms, testApp } from "@/tests/api/support/helpers";

// SPEC §8: every account error, produced by a real request, answered with its status and its
// sentence in Persian and in English.
let database: Database;
let sms: ReturnType<typeof recordingSms>;
let app: ReturnType<typeof testApp>;
let n = 0;
let ip = "10.4.0.1";
const call = caller(
  () => app,
  () => ip,
);

const it = apiTestWith((api) => {
  ({ database, sms } = api);
  app = api.app({ socketAddress: (request) => request.headers.get("x-test-ip") });
  ip = `10.4.${Math.floor(++n / 250)}.${n % 250}`;
});

type Scenario = {
  name: string;
  status: number;
  code: string;
  run: (locale: string) => Promise<{ status: number; body: { error?: { code: string; message: string } } }>;
};

const password = { password: "New-Password-2026!", password_confirmation: "New-Password-2026!" };

async function startedRegistration() {
  const started = await call("auth/register", { ...validRegistration, phone: "09120000001", email: "pending@example.com" });
  return started.body.data.otp.token as string;
}

const scenarios: Scenario[] = [
  { name: "register: malformed JSON", status: 400, code: "malformed_json", run: (locale) => call("auth/register", "{", { locale }) },
  {
    name: "register: user already exists",
    status: 409,
    code: "user_exists",
    run: async (locale) => {
      await registerAndSignIn(call, sms);
      return call("auth/register", validRegistration, { locale });
    },
  },
  {
    name: "register: fields",
    status: 422,
    code: "validation_failed",
    run: (locale) => call("auth/register", { ...validRegistration, phone: "123" }, { locale }),
  },
  { name: "login: malformed JSON", status: 400, code: "malformed_json", run: (locale) => call("auth/login", "{", { locale }) },
  {
    name: "login: credentials incorrect",
    status: 401,
    code: "invalid_credentials",
    run: (locale) => call("auth/login", { credential: "09121234567", password: "whatever-123" }, { locale }),
  },
  {
    name: "login: information incorrect",
    status: 422,
    code: "validation_failed",
    run: (locale) => call("auth/login", { credential: "x" }, { locale }),
  },
  {
    name: "forgot: user not found",
    status: 404,
    code: "user_not_found",
    run: (locale) => call("auth/forgot-password", { credential: "nobody@example.com" }, { locale }),
  },
  {
    name: "forgot: fields",
    status: 422,
    code: "validation_failed",
    run: (locale) => call("auth/forgot-password", { credential: "" }, { locale }),
  },
  {
    name: "reset: no verified code step",
    status: 401,
    code: "reset_failed",
    run: (locale) => call("auth/reset-password", { token: "t".repeat(43), ...password }, { locale }),
  },
  {
    name: "reset: new password and confirmation",
    status: 422,
    code: "reset_validation_failed",
    run: (locale) =>
      call("auth/reset-password", { token: "t".repeat(43), password: "New-Password-2026!", password_confirmation: "x" }, { locale }),
  },
  {
    name: "otp verify: unknown step",
    status: 404,
    code: "otp_not_found",
    run: (locale) => call("auth/otp/verify", { token: "t".repeat(43), code: "123456" }, { locale }),
  },
  {
    name: "otp verify: already used",
    status: 409,
    code: "otp_used",
    run: async (locale) => {
      const token = await startedRegistration();
      await call("auth/otp/verify", { token, code: sms.lastCode("+989120000001") });
      return call("auth/otp/verify", { token, code: sms.lastCode("+989120000001") }, { locale });
    },
  },
  {
    name: "otp verify: expired",
    status: 410,
    code: "otp_expired",
    run: async (locale) => {
      const token = await startedRegistration();
      await database.db.update(otpChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
      return call("auth/otp/verify", { token, code: sms.lastCode("+989120000001") }, { locale });
    },
  },
  {
    name: "otp verify: incorrect code",
    status: 422,
    code: "otp_incorrect",
    run: async (locale) => {
      const token = await startedRegistration();
      const right = sms.lastCode("+989120000001");
      return call("auth/otp/verify", { token, code: right === "999999" ? "999998" : "999999" }, { locale });
    },
  },
  {
    name: "otp verify: too many tries",
    status: 429,
    code: "otp_locked",
    run: async (locale) => {
      const token = await startedRegistration();
      await database.db.update(otpChallenges).set({ attempts: 5 });
      return call("auth/otp/verify", { token, code: sms.lastCode("+989120000001") }, { locale });
    },
  },
  {
    name: "otp resend: unknown step",
    status: 404,
    code: "otp_not_found",
    run: (locale) => call("auth/otp/resend", { token: "t".repeat(43) }, { locale }),
  },
  {
    name: "otp resend: bad token",
    status: 422,
    code: "validation_failed",
    run: (locale) => call("auth/otp/resend", { token: "short" }, { locale }),
  },
  {
    name: "otp resend: too soon",
    status: 429,
    code: "otp_resend_too_soon",
    run: async (locale) => call("auth/otp/resend", { token: await startedRegistration() }, { locale }),
  },
  {
    name: "otp resend: step over",
    status: 410,
    code: "otp_finished",
    run: async (locale) => {
      const token = await startedRegistration();
      await call("auth/otp/verify", { token, code: sms.lastCode("+989120000001") });
      return call("auth/otp/resend", { token }, { locale });
    },
  },
  {
    name: "profile: not logged in",
    status: 401,
    code: "unauthorized",
    run: (locale) => call("me", { first_name: "x" }, { method: "PATCH", locale }),
  },
  {
    name: "profile: e-mail in use",
    status: 409,
    code: "email_in_use",
    run: async (locale) => {
      await registerAndSignIn(call, sms, { phone: "09350000009", email: "used@example.com" });
      const { token } = await registerAndSignIn(call, sms);
      return call("me", { email: "used@example.com" }, { method: "PATCH", token, locale });
    },
  },
  {
    name: "profile: password validation failed",
    status: 422,
    code: "password_validation_failed",
    run: async (locale) => {
      const { token } = await registerAndSignIn(call, sms);
      return call("me/password", { current_password: "wrong", ...password }, { method: "PUT", token, locale });
    },
  },
];

describe("SPEC §8 account errors", () => {
  for (const scenario of scenarios) {
    for (const locale of ["fa-IR", "en-US"] as const) {
      it(`${scenario.name} → ${scenario.status} in ${locale}`, async () => {
        const answer = await scenario.run(locale);
        expect(answer.status).toBe(scenario.status);
        expect(answer.body.error!.code).toBe(scenario.code);
        const params: Record<string, number> = scenario.code === "otp_resend_too_soon" ? { seconds: 120 } : {};
        const expected = translateApi(locale, `errors.${scenario.code}`, params);
        if (scenario.code === "otp_resend_too_soon") expect(answer.body.error!.message).toMatch(/1[12]\d|۱[۱۲][۰-۹]/);
        else expect(answer.body.error!.message).toBe(expected);
        expect(answer.body.error!.message).not.toMatch(/^api\./);
      });
    }
  }

  it("has a different sentence in Persian and English for every error it uses", () => {
    for (const code of new Set(scenarios.map((s) => s.code))) {
      expect(translateApi("fa-IR", `errors.${code}`, { seconds: 1 })).not.toBe(translateApi("en-US", `errors.${code}`, { seconds: 1 }));
    }
  });
});
