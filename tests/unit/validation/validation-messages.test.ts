// @vitest-environment node
// The API extends zod with .openapi() when it loads; the shared schemas below are used by its routes.
import "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { locales } from "@/lib/i18n/locales";
import { valuesNamedBy, type Issue } from "@/lib/validation/messages";
import { issueMessage } from "@/server/http/validation";
import { catalogue, checkIssues, validationKeys, watchConsoleErrors } from "./validation-support";

/**
 * Every validation failure speaks a sentence: for every issue any schema can raise (each zod 4 issue
 * code with each origin and format, every key our schemas name, every API route's schemas), the
 * message exists in the four locales, gets every ICU value it names, and renders without a raw key,
 * a `{…}` left over or next-intl's FORMATTING_ERROR. The web forms' mapping says the same sentence.
 */
watchConsoleErrors();

/** Every kind of issue zod 4 raises, each origin and format, with an input that raises it. */
const generic: [string, z.ZodType, unknown][] = [
  ["invalid_type, missing", z.object({ a: z.string() }), {}],
  ["invalid_type, wrong type", z.object({ a: z.string() }), { a: 1 }],
  ["invalid_type, int", z.int(), 1.5],
  ["invalid_type, NaN", z.nan(), 1],
  ["invalid_type, bad date", z.date(), new Date("x")],
  ["too_small string", z.string().min(3), "a"],
  ["too_small string, required", z.string().min(1), ""],
  ["too_small string, exact", z.string().length(5), "abc"],
  ["too_big string, exact", z.string().length(5), "abcdefg"],
  ["too_big string", z.string().max(2), "abc"],
  ["too_small number", z.number().min(5), 1],
  ["too_big number", z.number().max(5), 10],
  ["too_small number, exclusive", z.number().positive(), 0],
  ["too_big number, exclusive", z.number().lt(5), 5],
  ["too_big int, safe range", z.number().int(), 2 ** 60],
  ["too_small int, safe range", z.number().int(), -(2 ** 60)],
  ["too_small bigint", z.bigint().min(5n), 1n],
  ["too_big bigint", z.bigint().max(5n), 10n],
  ["too_small array", z.array(z.string()).min(2), []],
  ["too_big array", z.array(z.string()).max(1), ["a", "b"]],
  ["too_small set", z.set(z.string()).min(2), new Set(["a"])],
  ["too_big set", z.set(z.string()).max(1), new Set(["a", "b"])],
  ["too_small date", z.date().min(new Date("2020-01-01")), new Date("2019-01-01")],
  ["too_big date", z.date().max(new Date("2020-01-01")), new Date("2021-01-01")],
  ["too_small file", z.file().min(10), new File(["abc"], "a.txt")],
  ["too_big file", z.file().max(3), new File(["abcdef"], "a.txt")],
  ...(
    [
      ["email", z.email()],
      ["url", z.url()],
      ["httpUrl", z.httpUrl()],
      ["uuid", z.uuid()],
      ["guid", z.guid()],
      ["nanoid", z.nanoid()],
      ["cuid", z.cuid()],
      ["cuid2", z.cuid2()],
      ["ulid", z.ulid()],
      ["xid", z.xid()],
      ["ksuid", z.ksuid()],
      ["ipv4", z.ipv4()],
      ["ipv6", z.ipv6()],
      ["cidrv4", z.cidrv4()],
      ["cidrv6", z.cidrv6()],
      ["base64", z.base64()],
      ["base64url", z.base64url()],
      ["e164", z.e164()],
      ["jwt", z.jwt()],
      ["emoji", z.emoji()],
      ["hex", z.hex()],
      ["hostname", z.hostname()],
      ["hash", z.hash("sha256")],
      ["iso datetime", z.iso.datetime()],
      ["iso date", z.iso.date()],
      ["iso time", z.iso.time()],
      ["iso duration", z.iso.duration()],
      ["lowercase", z.string().lowercase()],
      ["uppercase", z.string().uppercase()],
      ["regex", z.string().regex(/^a$/)],
      ["starts_with", z.string().startsWith("a")],
      ["ends_with", z.string().endsWith("a")],
      ["includes", z.string().includes("a")],
    ] as const
  ).map(([format, schema]): [string, z.ZodType, unknown] => [`invalid_format ${format}`, schema, format === "uppercase" ? "b" : "!! B"]),
  ["not_multiple_of number", z.number().multipleOf(5), 3],
  ["not_multiple_of bigint", z.bigint().multipleOf(5n), 3n],
  ["unrecognized_keys", z.strictObject({ a: z.string().optional() }), { b: 1, c: 2 }],
  ["invalid_union", z.union([z.string(), z.number()]), true],
  [
    "invalid_union, discriminated",
    z.discriminatedUnion("t", [z.object({ t: z.literal("a") }), z.object({ t: z.literal("b") })]),
    { t: "c" },
  ],
  ["invalid_key record", z.record(z.string().min(2), z.string()), { a: "x" }],
  ["invalid_key map", z.map(z.object({ a: z.string() }), z.string()), new Map([[{}, "x"]])],
  ["invalid_element map", z.map(z.object({}), z.string()), new Map([[{}, 1]])],
  ["invalid_value enum", z.enum(["a", "b"]), "c"],
  ["invalid_value literal", z.literal(true), false],
  ["invalid_value stringbool", z.stringbool(), "maybe"],
  ["custom", z.string().refine(() => false), "a"],
  ["custom naming a key", z.string().refine(() => false, "too_big_string"), "a"],
  ["custom naming a key with its values", z.string().refine(() => false, { message: "too_big_string", params: { maximum: 3 } }), "abcd"],
  ["a bound naming a key with values", z.string().max(3, "too_big_string"), "abcd"],
  ["a bound naming another key with values", z.number().min(3, "too_small_number"), 1],
];

const ZOD_ISSUE_CODES = [
  "invalid_type",
  "too_big",
  "too_small",
  "invalid_format",
  "not_multiple_of",
  "unrecognized_keys",
  "invalid_union",
  "invalid_key",
  "invalid_element",
  "invalid_value",
  "custom",
] as const satisfies readonly Issue["code"][];

describe("zod 4's issues, each code, origin and format", () => {
  const seen = new Set<string>();

  it.each(generic)("%s speaks a sentence in every locale", (name, schema, input) => {
    const issues = checkIssues(schema, input, name);
    expect(issues.length, name).toBeGreaterThan(0);
    for (const issue of issues) seen.add(issue.code);
  });

  it("covers every issue code zod 4 has", () => {
    expect([...seen].sort()).toEqual([...ZOD_ISSUE_CODES].sort());
  });

  it("names the bound in the sentence", () => {
    const issue = z.string().max(100, "too_big_string").safeParse("x".repeat(101)).error!.issues[0]!;
    expect(issueMessage("en-US", issue, "")).toBe("Enter at most 100 characters.");
    expect(issueMessage("fa-IR", issue, "")).toBe("حداکثر ۱۰۰ نویسه وارد کنید.");
    expect(issueMessage("tr-TR", issue, "")).toBe("En fazla 100 karakter girin.");
    expect(issueMessage("ar-AE", issue, "")).toMatch(/100|١٠٠/);
  });
});

describe("every message of api.validation", () => {
  it.each(validationKeys)("%s names exactly the values its kind of issue supplies, in every locale", (key) => {
    for (const locale of locales) {
      const text = (catalogue[locale].api.validation as Record<string, string>)[key];
      expect(text, `${key} in ${locale}`).toBeTruthy();
      const named = [...new Set([...text!.matchAll(/\{\s*(\w+)/g)].map((match) => match[1]))].sort();
      expect(named, `${key} in ${locale}`).toEqual(valuesNamedBy(key));
    }
  });
});
