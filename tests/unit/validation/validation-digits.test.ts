import { describe, expect, it } from "vitest";
import { normalizeDigits } from "@/lib/validation/digits";

describe("normalizeDigits", () => {
  it("turns Persian and Arabic-Indic digits into ASCII", () => {
    expect(normalizeDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(normalizeDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(normalizeDigits("۰۹۱۲-٣٤٥ 6789")).toBe("0912-345 6789");
  });

  it("leaves everything else alone", () => {
    expect(normalizeDigits("")).toBe("");
    expect(normalizeDigits("abc 123 تکاپو +-")).toBe("abc 123 تکاپو +-");
    // Arabic letters and punctuation next to the digit blocks are not digits.
    expect(normalizeDigits("\u066A\u066B\u06EF\u06FA")).toBe("\u066A\u066B\u06EF\u06FA");
  });
});
