import { describe, expect } from "vitest";
import { otpChallenges } from "@/server/db/schema";
import { translateApi } from "@/server/http/i18n";
import { registerAndSignIn, validRegistration } from "@/tests/api/support/account-helpers";
import { apiTest, type ApiContext } from "@/tests/api/support/fixture";

// SPEC §8: every account error, produced by a real request, answered with its status and its
// sentence in Persian and in English.
const it = apiTest.override("client", ({ serial }) => ({ address: `10.4.${Math.floor(serial / 250)}.${serial % 250}` }));

/** What a scenario is given of its test's fixtures. */
type Given = Pick<ApiContext, "call" | "sms" | "database">;
type Scenario = {
  name: string;
  status: number;
  code: string;
  run: (locale: string, given: Given) => Promise<{ status: number; body: { error?: { code: string; message: string } } }>;
};

const password = { password: "New-Password-2026!", password_confirmation: "New-Password-2026!" };

async function startedRegistration({ call }: Pick<Given, "call">) {
  const started = await call("auth/register", { ...validRegistration, phone: "09120000001", email: "pending@example.com" });
  return started.body.data.otp.token as string;
}

const scenarios: Scenario[] = [
  {
    name: "register: malformed JSON",
    status: 400,
    code: "malformed_json",
    run: (locale, { call }) => call("auth/register", "{", { locale }),
  },
  {
    name: "register: user already exists",
    status: 409,
    code: "user_exists",
    run: async (locale, { call, sms }) => {
      await registerAndSignIn(call, sms);
      return call("auth/register", validRegistration, { locale });
    },
  },
  {
    name: "register: fields",
    status: 422,
    code: "validation_failed",
    run: (locale, { call }) => call("auth/register", { ...validRegistration, phone: "123" }, { locale }),
  },
  { name: "login: malformed JSON", status: 400, code: "malformed_json", run: (locale, { call }) => call("auth/login", "{", { locale }) },
  {
    name: "login: credentials incorrect",
    status: 401,
    code: "invalid_credentials",
    run: (locale, { call }) => call("auth/login", { credential: "09121234567", password: "whatever-123" }, { locale }),
  },
  {
    name: "login: information incorrect",
    status: 422,
    code: "validation_failed",
    run: (locale, { call }) => call("auth/login", { credential: "x" }, { locale }),
  },
  {
    name: "forgot: user not found",
    status: 404,
    code: "user_not_found",
    run: (locale, { call }) => call("auth/forgot-password", { credential: "nobody@example.com" }, { locale }),
  },
  {
    name: "forgot: fields",
    status: 422,
    code: "validation_failed",
    run: (locale, { call }) => call("auth/forgot-password", { credential: "" }, { locale }),
  },
  {
    name: "reset: no verified code step",
    status: 401,
    code: "reset_failed",
    run: (locale, { call }) => call("auth/reset-password", { token: "t".repeat(43), ...password }, { locale }),
  },
  {
    name: "reset: new password and confirmation",
    status: 422,
    code: "reset_validation_failed",
    run: (locale, { call }) =>
      call("auth/reset-password", { token: "t".repeat(43), password: "New-Password-2026!", password_confirmation: "x" }, { locale }),
  },
  {
    name: "otp verify: unknown step",
    status: 404,
    code: "otp_not_found",
    run: (locale, { call }) => call("auth/otp/verify", { token: "t".repeat(43), code: "123456" }, { locale }),
  },
  {
    name: "otp verify: already used",
    status: 409,
    code: "otp_used",
    run: async (locale, { call, sms }) => {
      const token = await startedRegistration({ call });
      await call("auth/otp/verify", { token, code: sms.lastCode("+989120000001") });
      return call("auth/otp/verify", { token, code: sms.lastCode("+989120000001") }, { locale });
    },
  },
  {
    name: "otp verify: expired",
    status: 410,
    code: "otp_expired",
    run: async (locale, { call, sms, database }) => {
      const token = await startedRegistration({ call });
      await database.db.update(otpChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
      return call("auth/otp/verify", { token, code: sms.lastCode("+989120000001") }, { locale });
    },
  },
  {
    name: "otp verify: incorrect code",
    status: 422,
    code: "otp_incorrect",
    run: async (locale, { call, sms }) => {
      const token = await startedRegistration({ call });
      const right = sms.lastCode("+989120000001");
      return call("auth/otp/verify", { token, code: right === "999999" ? "999998" : "999999" }, { locale });
    },
  },
  {
    name: "otp verify: too many tries",
    status: 429,
    code: "otp_locked",
    run: async (locale, { call, sms, database }) => {
      const token = await startedRegistration({ call });
      await database.db.update(otpChallenges).set({ attempts: 5 });
      return call("auth/otp/verify", { token, code: sms.lastCode("+989120000001") }, { locale });
    },
  },
  {
    name: "otp resend: unknown step",
    status: 404,
    code: "otp_not_found",
    run: (locale, { call }) => call("auth/otp/resend", { token: "t".repeat(43) }, { locale }),
  },
  {
    name: "otp resend: bad token",
    status: 422,
    code: "validation_failed",
    run: (locale, { call }) => call("auth/otp/resend", { token: "short" }, { locale }),
  },
  {
    name: "otp resend: too soon",
    status: 429,
    code: "otp_resend_too_soon",
    run: async (locale, { call }) => call("auth/otp/resend", { token: await startedRegistration({ call }) }, { locale }),
  },
  {
    name: "otp resend: step over",
    status: 410,
    code: "otp_finished",
    run: async (locale, { call, sms }) => {
      const token = await startedRegistration({ call });
      await call("auth/otp/verify", { token, code: sms.lastCode("+989120000001") });
      return call("auth/otp/resend", { token }, { locale });
    },
  },
  {
    name: "profile: not logged in",
    status: 401,
    code: "unauthorized",
    run: (locale, { call }) => call("me", { first_name: "x" }, { method: "PATCH", locale }),
  },
  {
    name: "profile: e-mail in use",
    status: 409,
    code: "email_in_use",
    run: async (locale, { call, sms }) => {
      await registerAndSignIn(call, sms, { phone: "09350000009", email: "used@example.com" });
      const { token } = await registerAndSignIn(call, sms);
      return call("me", { email: "used@example.com" }, { method: "PATCH", token, locale });
    },
  },
  {
    name: "profile: password validation failed",
    status: 422,
    code: "password_validation_failed",
    run: async (locale, { call, sms }) => {
      const { token } = await registerAndSignIn(call, sms);
      return call("me/password", { current_password: "wrong", ...password }, { method: "PUT", token, locale });
    },
  },
];

describe("SPEC §8 account errors", () => {
  for (const scenario of scenarios) {
    for (const locale of ["fa-IR", "en-US"] as const) {
      it(`${scenario.name} → ${scenario.status} in ${locale}`, async ({ call, sms, database }) => {
        const answer = await scenario.run(locale, { call, sms, database });
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
