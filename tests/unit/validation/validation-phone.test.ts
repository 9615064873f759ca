import { describe, expect, it } from "vitest";
import { maskPhone, normalizeIranianMobile } from "@/lib/validation/phone";
import { SPELLINGS_OF_09121234567 } from "../support/phones";

describe("normalizeIranianMobile", () => {
  it.each([...SPELLINGS_OF_09121234567, "\u200E0912\u00A0123\u00A04567\u200F"])("accepts %j", (input) => {
    expect(normalizeIranianMobile(input)).toBe("+989121234567");
  });

  it("accepts the other operators' prefixes", () => {
    expect(normalizeIranianMobile("09351234567")).toBe("+989351234567");
    expect(normalizeIranianMobile("09901234567")).toBe("+989901234567");
    expect(normalizeIranianMobile("09221234567")).toBe("+989221234567");
  });

  it.each([
    ["Tehran landline", "02112345678"],
    ["Tehran landline, international", "+982112345678"],
    ["Isfahan landline without 0", "3112345678"],
    ["too short", "0912123456"],
    ["too long", "091212345678"],
    ["Turkish mobile", "+905321234567"],
    ["German mobile", "+4915123456789"],
    ["letters", "0912abc4567"],
    ["extension", "09121234567 ext 5"],
    ["text around it", "call 09121234567"],
    ["empty", ""],
    ["only a plus", "+"],
  ])("rejects %s", (_label, input) => {
    expect(normalizeIranianMobile(input)).toBeNull();
  });
});

describe("maskPhone", () => {
  it("keeps the operator prefix and the last 4 digits of an Iranian mobile", () => {
    expect(maskPhone("+989121234567")).toBe("+98 912 *** 4567");
    expect(maskPhone("+989351112222")).toBe("+98 935 *** 2222");
  });

  it("hides the middle of other numbers", () => {
    const masked = maskPhone("+905321234567");
    expect(masked).toBe("+90 532 *** 4567");
    expect(masked).not.toContain("123");
    expect(maskPhone("+4915123456789")).toBe("+49 151 **** 6789");
  });

  it("never shows more than the last 4 digits of something it cannot parse", () => {
    expect(maskPhone("12345678")).toBe("12 ** 5678");
    expect(maskPhone("123")).toBe("***");
  });
});
