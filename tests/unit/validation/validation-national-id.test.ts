import { describe, expect, it } from "vitest";
import { isValidIranianNationalId } from "@/lib/validation/national-id";

/** The check digit for the first 9 digits, computed here independently of the module. */
function withCheckDigit(first9: string): string {
  const sum = [...first9].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
  const r = sum % 11;
  return first9 + String(r < 2 ? r : 11 - r);
}

const toPersian = (s: string) => s.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹".charAt(Number(d)));

describe("isValidIranianNationalId", () => {
  it("accepts a known valid id", () => {
    expect(isValidIranianNationalId("0084575948")).toBe(true);
  });

  it("accepts ids built with the check-digit rule, for both remainder branches", () => {
    const ids = ["123456789", "001234567", "987654321", "000000012", "456789123", "111111112"].map(withCheckDigit);
    const remainders = new Set<string>();
    for (const id of ids) {
      expect(isValidIranianNationalId(id), id).toBe(true);
      const sum = [...id.slice(0, 9)].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
      remainders.add(sum % 11 < 2 ? "small" : "large");
    }
    expect(remainders).toEqual(new Set(["small", "large"]));
  });

  it("accepts Persian and Arabic-Indic digits, spaces and dashes", () => {
    expect(isValidIranianNationalId(toPersian("0084575948"))).toBe(true);
    expect(isValidIranianNationalId("٠٠٨٤٥٧٥٩٤٨")).toBe(true);
    expect(isValidIranianNationalId("008-457594-8")).toBe(true);
    expect(isValidIranianNationalId(" 0084575948 ")).toBe(true);
  });

  it("rejects every wrong check digit", () => {
    const valid = "0084575948";
    for (let d = 0; d <= 9; d++) {
      const candidate = valid.slice(0, 9) + String(d);
      expect(isValidIranianNationalId(candidate), candidate).toBe(candidate === valid);
    }
  });

  it("rejects a swapped pair of digits", () => {
    expect(isValidIranianNationalId("0048575948")).toBe(false);
  });

  it.each(["0000000000", "1111111111", "2222222222", "9999999999"])("rejects the repeated digit %s", (id) => {
    expect(isValidIranianNationalId(id)).toBe(false);
  });

  it.each(["", "008457594", "00845759480", "084575948", "00845759a8", "0084575948x"])("rejects the malformed %j", (id) => {
    expect(isValidIranianNationalId(id)).toBe(false);
  });
});
