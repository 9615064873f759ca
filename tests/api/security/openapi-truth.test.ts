import { readdirSync, readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import type { YoutubeAccounts } from "@/server/adapters/youtube-account";
import { apiTest } from "@/tests/api/support/fixture";
import { provokedAnswers, templateOf, undocumented, unnamed422s, type OpenApiPaths } from "@/tests/api/support/provoked";
import { apiKeyOf, keyOperation, newSession, signedInUser, type SignedIn } from "./signed-in";
import { SAMPLE_ID, answersErrorOnPurpose } from "./paths";
import type { Document, Operation, Parameter, Schema } from "@/tests/api/support/openapi-document";

/**
 * /api/openapi.json tells the truth (issue 31 item 2), as a client generator or an OpenAPI fuzzer
 * reads it: every operation a session guards declares `security`; every operation that takes a
 * body documents its 400 (malformed JSON) and 422, every one that takes parameters its 422; and
 * every status this file provokes — anonymous, as a user and as an admin, with a plausible request,
 * malformed JSON, another media type, a bad value in each parameter — is one the document lists
 * for that operation. No literal path is answered by another method's parameter route
 * (`GET /api/campaigns/quote` reached `GET /api/campaigns/{id}`).
 */

let requestNumber = 0;
/** Each request from its own address, so no counted limit (logins, codes) answers in place of the route. */
const address = () => `10.31.${(requestNumber >> 8) & 255}.${requestNumber & 255}`;

/** Google's side of a YouTube connection, as a fake that knows nothing. */
const quietGoogle: YoutubeAccounts = {
  likeChecks: false,
  authorizeUrl: () => "https://accounts.google.com/o/oauth2/v2/auth?fake=1",
  exchangeCode: async () => ({ accessToken: "a", refreshToken: "r", scopes: [] }),
  refresh: async () => ({ accessToken: "a", refreshToken: "r", scopes: [] }),
  revoke: async () => undefined,
  myChannel: async () => null,
  channelOf: async () => null,
  subscribedTo: async () => new Set(),
  ratings: async () => new Map(),
  hasComment: async () => false,
  metered: () => quietGoogle,
} as unknown as YoutubeAccounts;

/* ---- The document ---- */

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function operations(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method: method.toUpperCase(), path, operation: item[method]! })),
  );
}

/* ---- A plausible request, read from the document ---- */

/** Values for strings whose pattern or name says what they hold; the first one the schema takes is used. */
const CANDIDATES: Record<string, string[]> = {
  phone: ["09121234567"],
  email: ["sara@example.com"],
  password: ["Takapoo-Rial-2026!x"],
  password_confirmation: ["Takapoo-Rial-2026!x"],
  current_password: ["Takapoo-Rial-2026!x"],
  code: ["123456", "abcdefgh23", "basic"],
  iban: ["IR820540102680020817909002"],
  national_id: ["0012345679"],
  slug: ["about"],
  locale: ["en-US"],
  gateway: ["sandbox"],
  authority: ["SBX0000000000000"],
};
const ANY_STRINGS = ["Sample", "https://www.youtube.com/@takapoo", "about", "sandbox", "123456", "09121234567", "SBX0000000000000"];

function sampleOf(doc: Document, schema: Schema | undefined, name = ""): unknown {
  if (!schema) return undefined;
  if (schema.$ref) return sampleOf(doc, doc.components.schemas[schema.$ref.split("/").pop()!], name);
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sampleOf(doc, part, name)));
  if (schema.oneOf ?? schema.anyOf) return sampleOf(doc, (schema.oneOf ?? schema.anyOf)![0], name);
  const type = [schema.type ?? "object"].flat().find((t) => t !== "null") ?? "null";
  switch (type) {
    case "object": {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) value[key] = sampleOf(doc, schema.properties?.[key], key);
      return value;
    }
    case "array":
      return (schema.minItems ?? 0) > 0 ? [sampleOf(doc, schema.items, name)] : [];
    case "integer":
    case "number": {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return sampleString(schema, name);
  }
}

function sampleString(schema: Schema, name: string): string {
  if (schema.format === "uuid") return SAMPLE_ID;
  if (schema.format === "email") return "sara@example.com";
  if (schema.format === "date-time") return new Date(Date.now() + 86_400_000).toISOString();
  if (schema.format === "date") return "2026-01-01";
  if (schema.format === "uri") return "https://www.youtube.com/@takapoo";
  const fits = (value: string) =>
    (!schema.pattern || new RegExp(schema.pattern, "u").test(value)) && value.length >= (schema.minLength ?? 0);
  return [...(CANDIDATES[name] ?? []), ...ANY_STRINGS].find(fits) ?? "Sample";
}

/** The URL of an operation, its path parameters filled in (one of them with `bad` instead, when given). */
function urlOf(doc: Document, path: string, operation: Operation, bad?: Parameter): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (bad?.in === "path" && bad.name === name) return "%00x";
    const parameter = operation.parameters?.find((p) => p.in === "path" && p.name === name);
    return encodeURIComponent(String(sampleOf(doc, parameter?.schema, name) ?? SAMPLE_ID));
  });
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== "query") continue;
    if (bad === parameter) query.set(parameter.name, "\u0000");
    else if (parameter.required) query.set(parameter.name, String(sampleOf(doc, parameter.schema, parameter.name)));
  }
  const search = query.toString();
  return `${filled.replace(/^\/api\//, "")}${search ? `?${search}` : ""}`;
}

type Identity = "anonymous" | "user" | "admin";
type Probe = { identity: Identity; label: string; body?: string; contentType?: string; bad?: Parameter };

/** The requests made of one operation. */
function probesOf(operation: Operation): Probe[] {
  const list: Probe[] = [
    { identity: "anonymous", label: "plausible" },
    { identity: "user", label: "plausible" },
    { identity: "admin", label: "plausible" },
  ];
  if (operation.requestBody?.content["application/json"]) {
    list.push({ identity: "admin", label: "malformed JSON", body: '{"a":', contentType: "application/json" });
    list.push({ identity: "user", label: "malformed JSON", body: '{"a":', contentType: "application/json" });
    list.push({ identity: "admin", label: "another media type", body: "a=1", contentType: "text/plain" });
  }
  for (const parameter of operation.parameters ?? [])
    if (parameter.in === "path" || parameter.in === "query")
      list.push({ identity: "admin", label: `bad ${parameter.name}`, bad: parameter });
  return list;
}

/**
 * The app with every optional route on (the sandbox bank, YouTube search and connections), so all
 * are documented and walked; each request from an address of its own (`client.address` is read per call).
 */
const it = apiTest
  // A user and an admin of the running test, made on first use; a fresh session of theirs each time
  // (a logout or a session's end among the probes ends only its own).
  .extend("tokenOf", ({ database }) => {
    let people: { user: SignedIn; admin: SignedIn } | undefined;
    const keys = new Map<Identity, string>();
    return async (identity: Identity, key = false): Promise<string | undefined> => {
      if (identity === "anonymous") return undefined;
      people ??= { user: await signedInUser(database.db, "user"), admin: await signedInUser(database.db, "admin", "Admin") };
      // An operation an API key opens is sent one of the identity's keys, made once.
      if (key) {
        if (!keys.has(identity)) keys.set(identity, await apiKeyOf(database.db, people[identity].user));
        return keys.get(identity);
      }
      return (await newSession(database.db, people[identity].user)).accessToken;
    };
  })
  .extend("send", ({ call, tokenOf }) => {
    return async function send(doc: Document, method: string, path: string, operation: Operation, probe: Probe) {
      requestNumber++;
      const url = urlOf(doc, path, operation, probe.bad);
      const token = await tokenOf(probe.identity, keyOperation(operation));
      const json = operation.requestBody?.content["application/json"]?.schema;
      const form = operation.requestBody?.content["multipart/form-data"];
      const headers: Record<string, string> = {};
      if (probe.contentType) headers["content-type"] = probe.contentType;
      // A body as a client sends it: the plausible one, or the probe's own; multipart gets a form.
      let body: unknown = undefined;
      let formData: FormData | undefined;
      if (probe.body !== undefined) body = probe.body;
      else if (json) body = sampleOf(doc, json);
      else if (form && method !== "GET") {
        formData = new FormData();
        formData.set("card", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: "image/jpeg" }), "card.jpg");
      }
      if (method === "GET" || method === "DELETE") body = probe.body;
      const answer = await call(url, body, {
        method,
        ...(token ? { token } : {}),
        ...(formData ? { form: formData } : {}),
        headers,
      });
      await answer.response.body?.cancel().catch(() => undefined);
      return answer;
    };
  })
  .override("client", () => ({
    get address() {
      return address();
    },
  }))
  .override("appDeps", ({ gateways }) => ({
    gateways,
    youtube: {
      searchChannels: async () => [],
      metered() {
        return this;
      },
    },
    youtubeAccounts: quietGoogle,
  }));

/* ---- The tests ---- */

describe("/api/openapi.json tells the truth", () => {
  it("every operation a session guards declares security, and none that is open does", { timeout: 300_000 }, async ({ openapi, send }) => {
    const doc = await openapi();
    const wrong: string[] = [];
    let guarded = 0;
    for (const { method, path, operation } of operations(doc)) {
      if (answersErrorOnPurpose(method, path)) continue;
      const anonymous = await send(doc, method, path, operation, { identity: "anonymous", label: "plausible" });
      const code = anonymous.body.error?.code;
      // An API key's operations (security apiKey) answer api_key_invalid to no one.
      let needsSession =
        anonymous.status === 401 && (code === "unauthorized" || code === "transaction_unauthorized" || code === "api_key_invalid");
      // Admin routes answer 404 to anyone else, as if they did not exist: the admin's own answer tells.
      if (anonymous.status === 404 && code === "route_not_found") {
        const admin = await send(doc, method, path, operation, { identity: "admin", label: "plausible" });
        needsSession = admin.body.error?.code !== "route_not_found";
      }
      if (needsSession) guarded++;
      if (needsSession && !operation.security?.length) wrong.push(`${method} ${path}: needs a session, declares no security`);
      if (!needsSession && operation.security?.length)
        wrong.push(`${method} ${path}: declares security, yet answers ${anonymous.status} ${code ?? ""} to no one`);
    }
    expect(wrong).toEqual([]);
    expect(guarded).toBeGreaterThan(90);
  });

  it("every route is declared with apiRoute (server/http/route-parts.ts), which adds what its middleware and request answer", () => {
    const files = readdirSync("server", { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
    const direct = files.filter((file) => file !== "http/route-parts.ts" && /\bcreateRoute\(/.test(readFileSync(`server/${file}`, "utf8")));
    expect(direct).toEqual([]);
  });

  it("every operation with a body documents its 400 and 422, every one with parameters its 422", async ({ openapi }) => {
    const doc = await openapi();
    const missing: string[] = [];
    for (const { method, path, operation } of operations(doc)) {
      const has = (status: number) => String(status) in operation.responses;
      if (operation.requestBody && !has(400)) missing.push(`${method} ${path}: a body, no 400`);
      if (operation.requestBody && !has(422)) missing.push(`${method} ${path}: a body, no 422`);
      if (operation.parameters?.length && !has(422)) missing.push(`${method} ${path}: parameters, no 422`);
    }
    expect(missing).toEqual([]);
  });

  it("every status the walk provokes is one the document lists for its operation", { timeout: 600_000 }, async ({ openapi, send }) => {
    const doc = await openapi();
    let sent = 0;
    for (const { method, path, operation } of operations(doc)) {
      for (const probe of probesOf(operation)) {
        const answer = await send(doc, method, path, operation, probe);
        sent++;
        if (probe.label === "malformed JSON") expect(answer.status, `${method} ${path} (${probe.identity}): malformed JSON`).not.toBe(200);
      }
    }
    expect(sent).toBeGreaterThan(600);
    expect(undocumented(doc.paths as OpenApiPaths, provokedAnswers())).toEqual([]);
    expect(unnamed422s(provokedAnswers())).toEqual([]);
  });

  it("no literal path is answered by another method's route with a parameter (GET /api/campaigns/quote)", async ({
    database,
    call,
    openapi,
  }) => {
    const doc = await openapi();
    const shadowed: string[] = [];
    for (const path of Object.keys(doc.paths).filter((p) => !p.includes("{"))) {
      for (const method of METHODS) {
        if (doc.paths[path]![method]) continue;
        const other = templateOf(doc.paths as OpenApiPaths, method, path);
        if (!other) continue;
        const answer = await call(path.replace(/^\/api\//, ""), undefined, { method: method.toUpperCase() });
        const allow = answer.response.headers.get("allow") ?? "";
        if (answer.status !== 405)
          shadowed.push(`${method.toUpperCase()} ${path} → ${answer.status} ${answer.body.error?.code ?? ""}, routed as ${other}`);
        else if (allow.split(", ").includes(method.toUpperCase()))
          shadowed.push(`${method.toUpperCase()} ${path}: 405, yet Allow: ${allow}`);
      }
    }
    expect(shadowed).toEqual([]);
    // The campaign route's own answer to an id that is not one: its 422 naming the id, not the campaign form's sentence.
    const admin = await signedInUser(database.db, "admin", "Admin");
    const notAnId = await call("campaigns/not-a-campaign", undefined, { method: "GET", token: admin.accessToken });
    expect(notAnId.status).toBe(422);
    expect(notAnId.body.error).toMatchObject({ code: "validation_failed", fields: { id: expect.any(String) } });
    const quoteByGet = await call("campaigns/quote", undefined, { method: "GET", token: admin.accessToken });
    expect([quoteByGet.status, quoteByGet.response.headers.get("allow")]).toEqual([405, "POST, OPTIONS"]);
  });
});
