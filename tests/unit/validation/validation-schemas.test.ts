// @vitest-environment node
// The API extends zod with .openapi() when it loads; the shared schemas below are used by its routes.
import "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as activitySchemas from "@/lib/schemas/activities";
import * as authSchemas from "@/lib/schemas/auth";
import * as campaignSchemas from "@/lib/schemas/campaigns";
import * as pageSchemas from "@/lib/schemas/pages";
import * as profileSchemas from "@/lib/schemas/profile";
import * as walletSchemas from "@/lib/schemas/wallet";
import { createApp } from "@/server/app";
import { issueMessage } from "@/server/http/validation";
import { checkIssues, consoleError, watchConsoleErrors } from "./validation-support";

watchConsoleErrors();

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
    sms: { async sendOtp() {}, async sendNotice() {} },
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
