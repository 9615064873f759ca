// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { locales } from "@/lib/i18n/locales";
import { registerInput, appleLoginInput } from "@/lib/schemas/auth";
import { campaignInput } from "@/lib/schemas/campaigns";
import { pageContentInput } from "@/lib/schemas/pages";
import { rejectIdentityInput, updateProfileInput } from "@/lib/schemas/profile";
import { hasBidiControl, hasVisibleText, visibleTextProblem } from "@/lib/validation/visible-text";
import { submitActivityInput } from "@/lib/schemas/activities";
import { validationError } from "@/server/http/validation";

/** Names made to look empty: zero-width characters, joiners, BOM, soft hyphen, fillers, blanks. */
const invisible = {
  "zero-width spaces": "\u200B\u200B\u200B",
  "zero-width non-joiner": "\u200C",
  "zero-width joiner": "\u200D\u200D",
  "word joiner": "\u2060",
  "BOM inside": "\u200B\uFEFF\u200B",
  "soft hyphens": "\u00AD\u00AD",
  "Hangul filler": "\u3164",
  "Braille blank": "\u2800\u2800",
  "variation selectors": "\uFE0F\uFE0E",
  "LRM and RLM only": "\u200E\u200F",
  "Arabic letter mark only": "\u061C",
  "mixed with spaces": " \u200B \u00A0 \u200D ",
  "tag characters": "\u{E0041}\u{E0042}",
  "Mongolian vowel separator": "\u180E",
};

/** Every embedding, override and isolate control. */
const bidiControls = {
  LRE: "\u202A",
  RLE: "\u202B",
  PDF: "\u202C",
  LRO: "\u202D",
  RLO: "\u202E",
  LRI: "\u2066",
  RLI: "\u2067",
  FSI: "\u2068",
  PDI: "\u2069",
};

/** What people really write, in the four languages: ZWNJ inside Persian words, LRM/RLM beside Latin. */
const legitimate = [
  "می‌خواهم",
  "محمدرضا نیک‌نام",
  "کمپین پاییز ۱۴۰۴ — نسخهٔ دوم",
  "فروشگاه\u200F (Sony)",
  "عبدالله الهاشمي",
  "تسويق\u061C 2026",
  "Çağrı Şahin",
  "İstanbul Kampanyası",
  "Mary-Jane O'Neil",
  "Zoë 😀",
  "a\u200Db",
  "x\u00ADy",
];

describe("visibleTextProblem", () => {
  it.each(Object.entries(invisible))("refuses text made only of invisible characters (%s)", (_, value) => {
    expect(hasVisibleText(value)).toBe(false);
    expect(visibleTextProblem(value)).toBe("text_invisible");
  });

  it.each(Object.entries(bidiControls))("refuses the %s control, alone or inside visible text", (_, control) => {
    expect(hasBidiControl(control)).toBe(true);
    expect(visibleTextProblem(`Ali${control}`)).toBe("text_bidi_control");
    expect(visibleTextProblem(`${control}gpj.exe`)).toBe("text_bidi_control");
    expect(visibleTextProblem(`علی${control}رضا`)).toBe("text_bidi_control");
  });

  it.each(["Sa\u0000ra", "\u001B[31mAli", "x\u007F", "y\u0085z", "\u0000"])("refuses control characters (%j)", (value) => {
    expect(visibleTextProblem(value)).toBe("text_control_characters");
  });

  it("keeps tabs and line breaks inside visible text (a reason may have lines)", () => {
    expect(visibleTextProblem("first line\nsecond\r\n\tthird")).toBeNull();
    expect(visibleTextProblem("\n\t\r")).toBe("text_invisible");
  });

  it.each(legitimate)("accepts %j", (value) => {
    expect(visibleTextProblem(value)).toBeNull();
  });

  it("leaves the empty string to the field's own required rule", () => {
    expect(visibleTextProblem("")).toBeNull();
  });
});

const RLO_NAME = "\u202Eإيران";
const ZW_NAME = "\u200B\u200C\u200D";

/** Every schema field that holds human text others read, with a valid object to put the text in. */
const registration = {
  first_name: "سارا",
  last_name: "احمدی",
  phone: "09121234567",
  email: "sara@example.com",
  password: "Takapoo-Rial-2026!x",
  password_confirmation: "Takapoo-Rial-2026!x",
  terms: true,
};

const fields: { name: string; schema: z.ZodType; valid: Record<string, unknown>; field: string }[] = [
  {
    name: "registration first name",
    schema: registerInput,
    field: "first_name",
    valid: registration,
  },
  {
    name: "registration last name",
    schema: registerInput,
    field: "last_name",
    valid: registration,
  },
  { name: "profile first name", schema: updateProfileInput, field: "first_name", valid: { first_name: "سارا" } },
  { name: "profile last name", schema: updateProfileInput, field: "last_name", valid: { last_name: "احمدی" } },
  {
    name: "Apple first name",
    schema: appleLoginInput,
    field: "first_name",
    valid: { id_token: "x".repeat(20), nonce: "n".repeat(16), first_name: "Sara" },
  },
  {
    name: "campaign name",
    schema: campaignInput,
    field: "name",
    valid: {
      name: "کمپین پاییز",
      network: "youtube",
      strategy: "smart",
      link: "https://www.youtube.com/@takapoo",
      follower_count: 1000,
      amount: 1_000_000,
      gateway: "wallet",
      accept_policies: true,
    },
  },
  { name: "reject / deny reason", schema: rejectIdentityInput, field: "reason", valid: { reason: "تصویر کارت خوانا نیست." } },
  ...(["title", "body", "meta_title", "meta_description"] as const).map((field) => ({
    name: `page ${field}`,
    schema: pageContentInput as z.ZodType,
    field,
    valid: { title: "درباره ما", body: "# تکاپو", meta_title: "درباره تکاپو", meta_description: "تکاپو چیست", og_image: "" },
  })),
  { name: "activity proof", schema: submitActivityInput, field: "proof", valid: { post_link: "https://example.com/p/1", proof: "done" } },
];

describe.each(fields)("$name", ({ schema, valid, field }) => {
  it("accepts the valid example and legitimate text in four languages", () => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const value of ["می‌خواهم کمپین", "عبدالله الهاشمي", "Çağrı Şahin", "Mary O'Neil"]) {
      expect(schema.safeParse({ ...valid, [field]: value }).success, value).toBe(true);
    }
  });

  it.each([
    [ZW_NAME, "text_invisible"],
    [RLO_NAME, "text_bidi_control"],
    ["Ali\u2066Reza", "text_bidi_control"],
    ["Sa\u0000ra", "text_control_characters"],
  ])("refuses %j with its own message", (value, key) => {
    const parsed = schema.safeParse({ ...valid, [field]: value });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error.issues.filter((issue) => issue.path.join(".") === field).map((issue) => issue.message)).toEqual([key]);
  });
});

describe("the refusals' sentences", () => {
  const expected = {
    "fa-IR": { text_invisible: "نامرئی", text_bidi_control: "جهت متن" },
    "en-US": { text_invisible: "invisible", text_bidi_control: "direction" },
    "tr-TR": { text_invisible: "görünmez", text_bidi_control: "yön" },
    "ar-AE": { text_invisible: "غير مرئية", text_bidi_control: "اتجاه النص" },
  } as const;

  it.each(locales)("are translated in %s, each its own", (locale) => {
    const parsed = rejectIdentityInput.safeParse({ reason: ZW_NAME });
    const bidi = rejectIdentityInput.safeParse({ reason: RLO_NAME });
    if (parsed.success || bidi.success) throw new Error("expected refusals");
    const invisibleMessage = validationError(locale, parsed.error, { reason: ZW_NAME }).fields?.reason;
    const bidiMessage = validationError(locale, bidi.error, { reason: RLO_NAME }).fields?.reason;
    expect(invisibleMessage).toContain(expected[locale].text_invisible);
    expect(bidiMessage).toContain(expected[locale].text_bidi_control);
    expect(invisibleMessage).not.toEqual(bidiMessage);
    for (const message of [invisibleMessage, bidiMessage]) {
      expect(message).not.toMatch(/api\.validation|[{}]/);
    }
  });
});
