import { describe, expect, it } from "vitest";
import { locales } from "@/lib/i18n/locales";
import { errorCodes } from "@/server/core/errors";
import { errorStatus } from "@/server/http/errors";
import { translateApi } from "@/server/http/i18n";

/**
 * The error catalogue (issue 31 item 2): SPEC §8's payout and invitation codes travel as SPEC writes
 * them (ERR_…, with SPEC's statuses), every other code is ours in snake_case; every code has a status
 * and a sentence in each locale, and a refusal shared by payouts and invitations speaks of what was asked.
 */
const SPEC_CODES = {
  ERR_INSUFFICIENT_BALANCE: 400,
  ERR_NO_ACTIVE_MEMBERSHIP: 400,
  ERR_WRONG_AMOUNT: 400,
  ERR_MAX_WITHDRAWALS_REACHED: 400,
  ERR_USER_ALREADY_INVITED: 409,
  ERR_USER_ALREADY_REGISTERED: 409,
  ERR_MAX_INVITATIONS: 409,
};

describe("error codes", () => {
  it("SPEC §8's seven in capitals with SPEC's statuses; every other code snake_case", () => {
    const capitals = errorCodes.filter((code) => code.startsWith("ERR_"));
    expect(Object.fromEntries(capitals.map((code) => [code, errorStatus[code]]))).toEqual(SPEC_CODES);
    expect(errorCodes.filter((code) => !code.startsWith("ERR_") && !/^[a-z][a-z0-9_]*$/.test(code))).toEqual([]);
    expect(errorStatus.invitations_used_up).toBe(403);
  });

  it("every code has a sentence in each locale, with or without saying what was asked", () => {
    for (const locale of locales)
      for (const code of errorCodes) {
        const params = {
          limit: 10,
          until: Date.UTC(2026, 0, 1),
          slug: "about",
          path: "/x",
          provider: "Google",
          seconds: 30,
          days: 365,
          min: 165_000,
          max: 20,
        };
        for (const about of [{}, { about: "withdrawal" }, { about: "invitation" }] as Record<string, string>[]) {
          const text = translateApi(locale, `errors.${code}`, { ...params, ...about });
          expect(text, `${locale} ${code}`).not.toMatch(/^api\.|[{}]/);
        }
      }
  });

  it("payouts and invitations each speak of what was asked", () => {
    const en = (code: string, about?: string) => translateApi("en-US", `errors.${code}`, about ? { about } : {});
    expect(en("ERR_NO_ACTIVE_MEMBERSHIP", "withdrawal")).toBe("Payouts need an active membership plan. Choose a plan on the payouts page.");
    expect(en("ERR_NO_ACTIVE_MEMBERSHIP", "invitation")).toBe(
      "Inviting friends needs an active membership plan. Choose a plan on the payouts page.",
    );
    expect(en("identity_not_verified", "withdrawal")).toBe("Verify your identity in your profile before you withdraw.");
    expect(en("identity_not_verified")).toBe("Verify your identity in your profile before you take tasks.");
    for (const locale of locales)
      expect(translateApi(locale, "errors.ERR_NO_ACTIVE_MEMBERSHIP", { about: "invitation" })).not.toBe(
        translateApi(locale, "errors.ERR_NO_ACTIVE_MEMBERSHIP", { about: "withdrawal" }),
      );
  });
});
