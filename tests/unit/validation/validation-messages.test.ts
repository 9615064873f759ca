// @vitest-environment node
// The API extends zod with .openapi() when it loads; the shared schemas below are used by its routes.
import "@hono/zod-openapi";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { z } from "zod";
import { translateFieldMessage } from "@/lib/forms/use-field-message";
import { fieldErrorOf } from "@/lib/forms/schema-resolver";
import { locales, type Locale } from "@/lib/i18n/locales";
import * as activitySchemas from "@/lib/schemas/activities";
import * as authSchemas from "@/lib/schemas/auth";
import * as campaignSchemas from "@/lib/schemas/campaigns";
import * as pageSchemas from "@/lib/schemas/pages";
import * as profileSchemas from "@/lib/schemas/profile";
import * as walletSchemas from "@/lib/schemas/wallet";
import { valuesNamedBy, type Issue } from "@/lib/validation/messages";
import arAE from "@/messages/ar-AE.json";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import trTR from "@/messages/tr-TR.json";
import { createApp } from "@/server/app";
import { issueMessage } from "@/server/http/validation";

/**
 * Every validation failure speaks a sentence: for every issue any schema can raise (each zod 4 issue
 * code with each origin and format, every key our schemas name, every API route's schemas), the
 * message exists in the four locales, gets every ICU value it names, and renders without a raw key,
 * a `{…}` left over or next-intl's FORMATTING_ERROR. The web forms' mapping says the same sentence.
 */
const catalogue = { "fa-IR": faIR, "en-US": enUS, "tr-TR": trTR, "ar-AE": arAE } as const;
const validationKeys = Object.keys(faIR.api.validation);

let consoleError: MockInstance;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => {
  consoleError.mockRestore();
});

/** The keys the server's mapping and the forms' mapping choose, and the sentences they render. */
function render(locale: Locale, issue: Issue, input: unknown) {
  const server = issueMessage(locale, issue, input);
  const t = createTranslator({
    locale,
    messages: catalogue[locale],
    namespace: "api.validation",
    onError: (error) => {
      throw error;
    },
  });
  const form = translateFieldMessage(t as never, fieldErrorOf(issue, input).message ?? "");
  return { server, form };
}

function expectSentence(message: string | null, context: string) {
  expect(message, context).toBeTypeOf("string");
  expect(message, context).not.toMatch(/^api\.|validation\.|[{}]|FORMATTING_ERROR|^[a-z_]+$/);
  expect(message!.trim().length, context).toBeGreaterThan(3);
}

/** Checks every issue of a failed parse in the four locales; returns the issues. */
function checkIssues(schema: z.ZodType, input: unknown, context: string): Issue[] {
  const parsed = schema.safeParse(input);
  if (parsed.success) return [];
  for (const issue of parsed.error.issues) {
    for (const locale of locales) {
      const { server, form } = render(locale, issue, input);
      const where = `${context} ${JSON.stringify(issue, (_, v) => (typeof v === "bigint" ? `${v}n` : v))} in ${locale}`;
      expectSentence(server, where);
      expect(form, `${where} (web form)`).toBe(server);
    }
  }
  expect(consoleError, context).not.toHaveBeenCalled();
  return parsed.error.issues;
}

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

/* ---- Our own schemas: every export of lib/schemas and every schema of every API route ---- */

type AnyZod = z.ZodType & { _zod: { def: { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType; innerType?: z.ZodType } } };

/** The object shape under a schema (through refinements, pipes, optionals), if it is an object. */
function shapeOf(schema: AnyZod): Record<string, z.ZodType> | null {
  const def = schema._zod.def;
  if (def.type === "object" && def.shape) return def.shape;
  if (def.type === "pipe" && def.in) return shapeOf(def.in as AnyZod);
  if (def.innerType) return shapeOf(def.innerType as AnyZod);
  return null;
}

const long = (n: number) => "ی".repeat(n);
/** Values that break a field in every way a client can: wrong types, bounds, formats, hidden text. */
const hostileValues: unknown[] = [
  undefined,
  null,
  true,
  "",
  " ",
  "x",
  "ab",
  "\u200B\u200C",
  "\u202Eabc",
  "nothttps://",
  "http://example.com",
  "09121234567",
  "IR000000000000000000000000",
  "1400-13-40",
  "not-a-slug!",
  long(101),
  long(501),
  long(5000),
  long(100_001),
  0,
  -1,
  1.5,
  99,
  2 ** 60,
  -(2 ** 60),
  1e12,
  [],
  {},
  ["x"],
];

function fuzz(name: string, schema: z.ZodType) {
  const shape = shapeOf(schema as AnyZod);
  const inputs: unknown[] = [undefined, null, "x", 1, [], {}, { unexpected_field: 1 }];
  for (const field of Object.keys(shape ?? {})) for (const value of hostileValues) inputs.push({ [field]: value });
  for (const value of hostileValues) if (!shape) inputs.push(value);
  const codes = new Set<string>();
  for (const input of inputs)
    for (const issue of checkIssues(schema, input, `${name} ← ${JSON.stringify(input)?.slice(0, 80)}`)) codes.add(issue.code);
  return codes;
}

const libSchemas = Object.entries<unknown>({
  ...activitySchemas,
  ...authSchemas,
  ...campaignSchemas,
  ...pageSchemas,
  ...profileSchemas,
  ...walletSchemas,
}).filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType);

describe("the shared schemas (lib/schemas)", () => {
  it("are all found", () => {
    expect(libSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "registerInput",
        "updateProfileInput",
        "campaignInput",
        "pageContentInput",
        "rejectIdentityInput",
        "chargeWalletInput",
      ]),
    );
  });

  // The response schemas (now in lib/schemas too) are large: fuzzing one takes seconds on a loaded machine.
  it.each(libSchemas)(
    "%s: every failure speaks a sentence in every locale",
    (name, schema) => {
      expect(fuzz(name, schema).size).toBeGreaterThan(0);
    },
    60_000,
  );

  it("a too-long campaign name names the maximum (it answered the raw key and logged FORMATTING_ERROR)", () => {
    const input = { name: "x".repeat(campaignSchemas.CAMPAIGN_NAME_MAX + 1) };
    const issue = campaignSchemas.campaignQuoteInput.safeParse(input).error!.issues.find((i) => i.path[0] === "name")!;
    expect(issueMessage("en-US", issue, input)).toBe(`Enter at most ${campaignSchemas.CAMPAIGN_NAME_MAX} characters.`);
    expect(consoleError).not.toHaveBeenCalled();
  });
});

/** Every request schema (body, query, params) of every route the API documents. */
function routeSchemas(): [string, z.ZodType][] {
  const app = createApp({
    database: async () => {
      throw new Error("no database in this test");
    },
    sms: { async sendOtp() {} },
    storage: {} as never,
  });
  type Route = {
    method: string;
    path: string;
    request?: Record<string, unknown> & { body?: { content?: Record<string, { schema?: unknown }> } };
  };
  const definitions = (app as unknown as { openAPIRegistry: { definitions: { type: string; route?: Route }[] } }).openAPIRegistry
    .definitions;
  const found: [string, z.ZodType][] = [];
  for (const { route } of definitions) {
    if (!route?.request) continue;
    for (const [part, value] of Object.entries(route.request)) {
      const schemas = part === "body" ? Object.values(route.request.body?.content ?? {}).map((c) => c.schema) : [value];
      for (const schema of schemas)
        if (schema instanceof z.ZodType) found.push([`${route.method.toUpperCase()} ${route.path} ${part}`, schema]);
    }
  }
  return found;
}

describe("every API route's request schemas", () => {
  const schemas = routeSchemas();

  it("are found (bodies, queries and path parameters)", () => {
    expect(schemas.length).toBeGreaterThan(30);
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "POST /campaigns body",
        "POST /campaigns/quote body",
        "GET /campaigns query",
        "PUT /admin/pages/{slug}/{locale} params",
      ]),
    );
  });

  it.each(schemas)("%s: every failure speaks a sentence in every locale", (name, schema) => {
    fuzz(name, schema);
  });
});

/* ---- Keys our code names: each exists in the four locales; a key with values only on a check that has them ---- */

const ROOT = path.resolve(import.meta.dirname, "../../..");
function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}
const schemaSources = [
  ...sources("lib/schemas"),
  ...sources("server").filter((file) => /routes(\/|\.ts$)/.test(file)),
  ...sources("components"),
  "lib/validation/visible-text.ts",
];

describe("keys named in the code", () => {
  const withValues = validationKeys.filter((key) => /\{/.test((faIR.api.validation as Record<string, string>)[key]!));

  it("every api.validation key a schema or form names exists in the four locales", () => {
    const named = new Set<string>();
    for (const file of schemaSources) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const [, key] of text.matchAll(/(?:message:\s*|z\.\w+\(|\.\w+\([^()"]*,\s*|\(|fieldMessage\()"([a-z][a-z0-9_]+)"/g)) {
        if (key && (validationKeys.includes(key) || /_(invalid|required|too_long|format)$/.test(key))) named.add(key);
      }
    }
    expect(named.size).toBeGreaterThan(20);
    for (const key of named)
      for (const locale of locales) expect(catalogue[locale].api.validation, `${key} in ${locale}`).toHaveProperty(key);
  });

  it.each(withValues)("%s is named only by a bound check that supplies its value", (key) => {
    for (const file of schemaSources) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const match of text.matchAll(new RegExp(`"${key}"`, "g"))) {
        const before = text.slice(Math.max(0, match.index - 120), match.index);
        expect(before, `${file}: "${key}"`).toMatch(
          /\.(min|max|length|gt|gte|lt|lte|positive|negative|nonnegative|nonpositive|multipleOf)\([^()]*,\s*$/,
        );
      }
    }
  });
});
