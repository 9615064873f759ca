// @vitest-environment node
import { describe, expect, it } from "vitest";
import { PASSWORD_MAX, PASSWORD_MIN, passwordLengthError } from "@/lib/validation/password";
import { isCommonPassword, passwordPolicyError } from "@/server/auth/password-policy";

describe("isCommonPassword", () => {
  it.each(["password", "12345678", "qwertyuiop", "PassWord", "QWERTYUIOP", "۱۲۳۴۵۶۷۸"])("finds %j on the list", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(["Takapoo-Rial-2026!x", "", "p4ssw0rd-not-really-common-9f3"])("does not flag %j", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe("password length", () => {
  it("has the agreed bounds", () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(128);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(passwordLengthError("a".repeat(7))).toBe("too_short");
    expect(passwordLengthError("a".repeat(8))).toBeNull();
    expect(passwordLengthError("a".repeat(128))).toBeNull();
    expect(passwordLengthError("a".repeat(129))).toBe("too_long");
    expect(passwordLengthError("😀".repeat(7))).toBe("too_short");
    expect(passwordLengthError("😀".repeat(128))).toBeNull();
  });
});

describe("passwordPolicyError", () => {
  it("reports the first broken rule", () => {
    expect(passwordPolicyError("abc")).toBe("too_short");
    expect(passwordPolicyError("x".repeat(200))).toBe("too_long");
    expect(passwordPolicyError("password")).toBe("too_common");
    expect(passwordPolicyError("Takapoo-Rial-2026!x")).toBeNull();
  });
});
