import { describe, expect } from "vitest";
import enUS from "@/messages/en-US.json";
import { CONTROL_FREE_LINE, CONTROL_FREE_TEXT } from "@/lib/schemas/common";
import type { YoutubeAccounts } from "@/server/adapters/youtube-account";
import { apiTest } from "@/tests/api/support/fixture";
import { apiKeyOf, keyOperation, signedInUser } from "./signed-in";
import { SAMPLE_ID } from "./paths";
import type { Document, Parameter, Schema } from "@/tests/api/support/openapi-document";

/**
 * Class of attack: control characters in what a client sends (issue 30 item 5). A NUL in the back
 * office's people search answered 500: PostgreSQL cannot store or compare a NUL in text. Every string
 * the API takes — body fields, query and path parameters, headers — refuses NUL and the other C0
 * controls (U+0000–U+001F, U+007F) with a 422 naming the field; only long text that documents it
 * (a page's Markdown, a reviewer's reason) keeps tab and line breaks. One rule in the contract
 * (`text()` / `longText()` in lib/schemas/common.ts), shown in /api/openapi.json as each string's
 * `pattern`; this file holds the document to it and sends a control character to every string the
 * document lists.
 */

let requestNumber = 0;
/** Each request from its own address, so no counted limit (logins, codes) answers in place of validation. */
const address = () => `10.30.${(requestNumber >> 8) & 255}.${requestNumber & 255}`;
/** Google's side of a YouTube connection: never reached, since every request here is refused before. */
const unreachedGoogle = new Proxy({ likeChecks: false } as YoutubeAccounts, {
  get: (target, name) =>
    name in target
      ? target[name as keyof YoutubeAccounts]
      : () => {
          throw new Error(`YouTube accounts: ${String(name)} was called with what should have been refused`);
        },
});

/**
 * The app with every optional route on (the sandbox bank, YouTube search and connections), so all are
 * documented and probed; each call from the address of the request under way (`client.address` is read per call).
 */
const it = apiTest
  .override("client", () => ({
    get address() {
      return address();
    },
  }))
  .override("appDeps", ({ gateways }) => ({
    gateways,
    youtube: {
      searchChannels: () => {
        throw new Error("YouTube search was called with what should have been refused");
      },
      metered() {
        return this;
      },
    },
    youtubeAccounts: unreachedGoogle,
  }));

const REFUSED = enUS.api.validation.text_control_characters;
const CONTROLS = { NUL: "\u0000", ESC: "\u001b" } as const;

/* ---- The document ---- */

/** A string in a request: where it is, and its schema. */
type RequestString = { method: string; path: string; in: Parameter["in"] | "body"; name: string; schema: Schema; key: boolean };

/** Every string a request may carry, by the document: parameters, and the JSON body's fields at any depth. */
function requestStrings(doc: Document): RequestString[] {
  const found: RequestString[] = [];
  const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(doc.components.schemas[schema.$ref.split("/").pop()!]!) : schema);
  const walk = (schema: Schema, at: string[], visit: (name: string, schema: Schema) => void, seen: Set<Schema>) => {
    const resolved = resolve(schema);
    if (seen.has(resolved)) return;
    const inner = new Set(seen).add(resolved);
    for (const part of [...(resolved.allOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) walk(part, at, visit, inner);
    if ([resolved.type ?? []].flat().includes("string")) visit(at.join("."), resolved);
    for (const [key, property] of Object.entries(resolved.properties ?? {})) walk(property, [...at, key], visit, inner);
    if (resolved.items) walk(resolved.items, [...at, "0"], visit, inner);
    if (typeof resolved.additionalProperties === "object") walk(resolved.additionalProperties, [...at, "*"], visit, inner);
  };
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const key = keyOperation(operation);
      for (const parameter of operation.parameters ?? [])
        if (parameter.schema)
          walk(
            parameter.schema,
            [parameter.name],
            (name, schema) => found.push({ method, path, in: parameter.in, name, schema, key }),
            new Set(),
          );
      const json = operation.requestBody?.content["application/json"]?.schema;
      if (json) walk(json, [], (name, schema) => found.push({ method, path, in: "body", name, schema, key }), new Set());
    }
  }
  return found;
}

/** Strings that cannot hold a control character by their kind: a list of values, a uuid, an instant, a file. */
const closedKind = (schema: Schema) =>
  schema.enum !== undefined || schema.const !== undefined || ["uuid", "date-time", "binary"].includes(schema.format ?? "");

/**
 * Whether a field's own pattern admits no control character, read conservatively: anchored at both
 * ends, no alternative outside a group, nothing that matches "any" character (`.`, a negated class, an
 * upper-case class escape, a property escape, a character written as an escape), and only visible
 * characters written in it — ranges included, DEL never inside one.
 */
function patternRefusesControls(pattern: string): boolean {
  if (pattern === CONTROL_FREE_LINE.source || pattern === CONTROL_FREE_TEXT.source) return true;
  if (!pattern.startsWith("^") || !pattern.endsWith("$") || pattern.endsWith("\\$")) return false;
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
    if (char === "\\") {
      const next = pattern[i + 1] ?? "";
      // \d and \w are ASCII digits and word characters; an escaped punctuation mark is itself.
      if (!/[dw]/.test(next) && !/[\^$\\.*+?()[\]{}|/\-_@:]/.test(next)) return false;
      i++;
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      else if (char === "-" && pattern[i - 1] !== "[" && pattern[i + 1] !== "]") {
        const from = pattern.codePointAt(i - 1)!;
        const to = pattern.codePointAt(i + 1)!;
        if (from <= 0x7f && to >= 0x7f) return false;
      }
      continue;
    }
    if (char === "[") {
      if (pattern[i + 1] === "^") return false;
      inClass = true;
    } else if (char === ".") return false;
    else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "|" && depth === 0) return false;
  }
  return !inClass && depth === 0;
}

describe("/api/openapi.json", () => {
  it("gives every string a request carries a rule that refuses control characters", async ({ openapi }) => {
    const strings = requestStrings(await openapi());
    expect(strings.length).toBeGreaterThan(150);
    const unruled = strings
      .filter(({ schema }) => !closedKind(schema) && !(schema.pattern !== undefined && patternRefusesControls(schema.pattern)))
      .map((s) => `${s.method.toUpperCase()} ${s.path} ${s.in} ${s.name}: ${JSON.stringify(s.schema)}`);
    expect(unruled).toEqual([]);
  });

  it("the two patterns of the contract, and the check of a field's own pattern, say what they should", () => {
    const line = new RegExp(CONTROL_FREE_LINE.source, "u");
    const text = new RegExp(CONTROL_FREE_TEXT.source, "u");
    for (let code = 0; code <= 0x7f; code++) {
      const char = String.fromCharCode(code);
      const control = code < 0x20 || code === 0x7f;
      expect(line.test(`a${char}b`), `U+${code.toString(16)} in a line`).toBe(!control);
      expect(text.test(`a${char}b`), `U+${code.toString(16)} in long text`).toBe(!control || ["\t", "\n", "\r"].includes(char));
    }
    expect(line.test("می‌خواهم ‏Şahin")).toBe(true);
    for (const own of ["^[a-z_.]*$", "^\\d{4}-\\d{2}-\\d{2}$", "^(earnings|wallet|gateway:[a-z0-9_-]{1,40})$", "^@?[A-Za-z0-9._]{1,30}$"])
      expect(patternRefusesControls(own), own).toBe(true);
    for (const loose of ["^.*$", "[a-z]+", "^[^a-z]+$", "^\\S+$", "^a|b$", "^[ -\u00ff]$", "^\\x00$", "^\\p{L}+$"])
      expect(patternRefusesControls(loose), loose).toBe(false);
  });
});

/* ---- Every string the document lists, sent with a control character ---- */

/** `value` at a dotted path of a new body; numeric segments are array positions. */
function bodyWith(name: string, value: string): unknown {
  const keys = name.split(".");
  const build = (index: number): unknown => {
    if (index === keys.length) return value;
    const key = keys[index]!;
    if (/^\d+$/.test(key)) return [build(index + 1)];
    return { [key === "*" ? "any" : key]: build(index + 1) };
  };
  return build(0);
}

/** Plausible values for path parameters (any other is a uuid). */
const SAMPLE_PARAMS: Record<string, string> = { slug: "about", locale: "en-US", gateway: "sandbox", authority: "SBX0000000000000" };

type Probe = { label: string; url: string; method: string; body?: unknown; field: string; ruled: boolean; key: boolean };

function probes(doc: Document): Probe[] {
  const list: Probe[] = [];
  for (const string of requestStrings(doc)) {
    // Headers are held to the rule by the document's test above; a control character in one never
    // reaches the app (HTTP parsers and fetch refuse it). Files are not text.
    if (string.in === "header" || string.in === "cookie" || string.schema.format === "binary") continue;
    for (const [controlName, control] of Object.entries(CONTROLS)) {
      const value = string.in === "path" ? `${SAMPLE_PARAMS[string.name] ?? SAMPLE_ID}${control}` : `x${control}y`;
      const path = string.path
        .replace(/^\/api\//, "")
        .replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(name === string.name && string.in === "path" ? value : (SAMPLE_PARAMS[name] ?? SAMPLE_ID)),
        );
      const query = string.in === "query" ? `?${string.name}=${encodeURIComponent(value)}` : "";
      list.push({
        label: `${string.method.toUpperCase()} ${string.path} ${string.in} ${string.name} (${controlName})`,
        method: string.method.toUpperCase(),
        url: `${path}${query}`,
        ...(string.in === "body" ? { body: bodyWith(string.name, value) } : {}),
        field: string.name,
        ruled: !closedKind(string.schema),
        key: string.key,
      });
    }
  }
  return list;
}

describe("a control character in any string of any request", () => {
  it(
    "answers 4xx, never 5xx; a validated field answers 422 naming it, with the contract's sentence",
    { timeout: 300_000 },
    async ({ database, app, openapi }) => {
      const admin = await signedInUser(database.db, "admin", "Admin");
      const list = probes(await openapi());
      expect(list.length).toBeGreaterThan(200);
      const failures: string[] = [];
      const beforeValidation: string[] = [];
      let adminKey: string | undefined;
      for (const probe of list) {
        requestNumber++;
        const headers: Record<string, string> = {
          authorization: `Bearer ${probe.key ? (adminKey ??= await apiKeyOf(database.db, admin.user)) : admin.accessToken}`,
          accept: "application/json",
          "x-locale": "en-US",
          "x-test-ip": address(),
        };
        if (probe.body !== undefined) headers["content-type"] = "application/json";
        const response = await app.request(`/api/${probe.url}`, {
          method: probe.method,
          headers,
          ...(probe.body !== undefined ? { body: JSON.stringify(probe.body) } : {}),
        });
        const answer = (await response.json().catch(() => ({}))) as { error?: { code?: string; fields?: Record<string, string> } };
        const what = `${probe.label} → ${response.status} ${answer.error?.code ?? ""}`;
        if (response.status >= 500 || response.status < 400) failures.push(`${what} ${JSON.stringify(answer).slice(0, 200)}`);
        else if (response.status !== 422 || !answer.error?.fields) beforeValidation.push(what);
        else if (answer.error.fields[probe.field] === undefined)
          failures.push(`${what}: no message for ${probe.field} in ${JSON.stringify(answer.error.fields)}`);
        else if (probe.ruled && answer.error.fields[probe.field] !== REFUSED)
          failures.push(`${what}: ${probe.field} says ${JSON.stringify(answer.error.fields[probe.field])}`);
      }
      expect(failures).toEqual([]);
      expect(beforeValidation).toEqual([]);
    },
  );
});

describe("GET /api/admin/users?q= with a NUL (it answered 500: PostgreSQL refuses the byte)", () => {
  it("answers 422 naming q", async ({ database, call }) => {
    const admin = await signedInUser(database.db, "admin", "Admin");
    for (const q of ["\u0000", "0912\u0000", "Sara\u001b"]) {
      const answer = await call(`admin/users?q=${encodeURIComponent(q)}`, undefined, { method: "GET", token: admin.accessToken });
      expect(answer.status, JSON.stringify(q)).toBe(422);
      expect(answer.body.error?.fields?.q, JSON.stringify(q)).toBe(REFUSED);
    }
    const found = await call("admin/users?q=Admin", undefined, { method: "GET", token: admin.accessToken });
    expect(found.status).toBe(200);
  });
});

describe("what a payment gateway appends to the return address (read by the gateway's adapter, kept with the payment)", () => {
  it("answers 422 naming the value that holds a control character", async ({ app }) => {
    for (const [name, value] of [
      ["Authority", "SBX\u0000"],
      ["Status", "OK\u001b"],
      ["tx", `${SAMPLE_ID}\u0000`],
    ]) {
      const query = new URLSearchParams({ Authority: "SBX1", Status: "OK", [name!]: value! });
      const response = await app.request(`/api/payments/sandbox/callback?${query}`, {
        headers: { "x-locale": "en-US", "x-test-ip": "10.30.255.1" },
      });
      expect(response.status, name).toBe(422);
      expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields[name!], name).toBe(REFUSED);
    }
    // A name given twice (a replayed, tampered address) is checked in every value.
    const twice = await app.request("/api/payments/sandbox/callback?Authority=SBX1&Status=OK&Status=OK%1B", {
      headers: { "x-locale": "en-US", "x-test-ip": "10.30.255.1" },
    });
    expect(twice.status).toBe(422);
    expect(((await twice.json()) as { error: { fields: Record<string, string> } }).error.fields.Status).toBe(REFUSED);
  });
});

describe("long text keeps its line breaks; a single line refuses them", () => {
  it("a page's Markdown and description take tab and line breaks, its title does not", async ({ database, call }) => {
    const admin = await signedInUser(database.db, "admin", "Admin");
    const page = {
      title: "About",
      body: "# Who we are\r\n\n- one\n\t- two\n",
      meta_title: "About | Takapoo",
      meta_description: "Who runs Takapoo,\nand why.",
      og_image: null,
    };
    const saved = await call("admin/pages/about/en-US", page, { method: "PUT", token: admin.accessToken });
    expect(saved.status).toBe(200);
    expect(saved.body.data.page).toMatchObject({ body: page.body.trim(), meta_description: page.meta_description });
    for (const [field, value] of [
      ["title", "About\nus"],
      ["meta_title", "About\tTakapoo"],
      ["body", "Who we are\u0000"],
      ["meta_description", "Who\u000bruns"],
    ] as const) {
      const refused = await call("admin/pages/about/en-US", { ...page, [field]: value }, { method: "PUT", token: admin.accessToken });
      expect(refused.status, field).toBe(422);
      expect(refused.body.error?.fields?.[field], field).toBe(REFUSED);
    }
  });

  it("a reviewer's reason takes line breaks; a name refuses a line break with the same sentence", async ({ database, call }) => {
    const admin = await signedInUser(database.db, "admin", "Admin");
    const person = await signedInUser(database.db, "user");
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const banned = await call(
      `admin/users/${person.user.id}/ban`,
      { reason: "Spam links,\nthree times.", expires_at: until },
      { token: admin.accessToken },
    );
    expect(banned.status).toBe(200);
    const renamed = await call("me", { first_name: "Sa\nra" }, { method: "PATCH", token: admin.accessToken });
    expect(renamed.status).toBe(422);
    expect(renamed.body.error?.fields?.first_name).toBe(REFUSED);
  });
});
