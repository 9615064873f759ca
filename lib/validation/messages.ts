import type { z } from "zod";

/**
 * One zod issue → one message of api.validation (messages/<locale>.json) and the values its ICU
 * placeholders name. The one mapping for the API (server/http/validation.ts translates it) and the web
 * forms (lib/forms/schema-resolver.ts carries it to the field, lib/forms/use-field-message.ts
 * translates it), so both say the same sentence.
 *
 * A schema may name a key of api.validation as an issue's message (`.max(100, "too_big_string")`);
 * the issue's own values (maximum, minimum, length, divisor, a custom issue's params) are always
 * supplied, so a key that names one of them is complete whichever schema raised it.
 */
export type Issue = z.core.$ZodIssue;
export type MessageParams = Record<string, string | number>;
export type ValidationMessage = { key: string; params: MessageParams };

/** The shape of a key of api.validation; zod's own default messages are English sentences. */
export const looksLikeMessageKey = (message: string) => /^[a-z][a-z0-9_]*$/.test(message);

/** The value at an issue's path in what was sent (zod 4 issues do not carry it). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

type Bounded = Extract<Issue, { code: "too_big" | "too_small" }>;

/** A bound as the message shows it: a number (ICU formats it per locale), or a date as YYYY-MM-DD. */
function boundValue(issue: Bounded): string | number {
  const bound = issue.code === "too_big" ? issue.maximum : issue.minimum;
  if (issue.origin === "date") {
    const date = new Date(Number(bound));
    return Number.isNaN(date.getTime()) ? String(bound) : date.toISOString().slice(0, 10);
  }
  return Number(bound);
}

/** The values an issue carries, by the names our messages use. */
export function issueParams(issue: Issue): MessageParams {
  const params: MessageParams = {};
  switch (issue.code) {
    case "too_big":
    case "too_small": {
      const value = boundValue(issue);
      params[issue.code === "too_big" ? "maximum" : "minimum"] = value;
      if (issue.exact) params.length = value;
      break;
    }
    case "not_multiple_of":
      params.divisor = Number(issue.divisor);
      break;
    case "custom":
      for (const [name, value] of Object.entries(issue.params ?? {})) {
        if (typeof value === "string" || typeof value === "number") params[name] = value;
        else if (typeof value === "bigint") params[name] = Number(value);
      }
      break;
  }
  return params;
}

/** Which kind of bound a size issue is about: characters, a number, items, a date or a file's bytes. */
function sizeKind(origin: string): "string" | "number" | "array" | "date" | "file" | null {
  if (origin === "string") return "string";
  if (origin === "number" || origin === "int" || origin === "bigint") return "number";
  if (origin === "array" || origin === "set") return "array";
  if (origin === "date") return "date";
  if (origin === "file") return "file";
  return null;
}

/** The key of api.validation that says what went wrong, from the issue's code (and origin, format). */
export function keyForIssue(issue: Issue, input?: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      return valueAt(input, issue.path) == null ? "required" : "invalid_type";
    case "too_small":
    case "too_big": {
      const kind = sizeKind(issue.origin);
      if (!kind) return "invalid";
      if (kind === "string" && issue.exact) return "length_string";
      if (kind === "string" && issue.code === "too_small" && Number(issue.minimum) <= 1) return "required";
      const exclusive = kind === "number" && issue.inclusive === false ? "_exclusive" : "";
      return `${issue.code}_${kind}${exclusive}`;
    }
    case "invalid_format":
      if (issue.format === "email") return "email_invalid";
      if (issue.format === "url") return "url_invalid";
      return "invalid_format";
    case "invalid_value":
      return "invalid_value";
    case "not_multiple_of":
      return "not_multiple_of";
    case "unrecognized_keys":
      return "unrecognized_keys";
    default:
      // invalid_union, invalid_key, invalid_element, and a custom issue that names no key.
      return "invalid";
  }
}

/**
 * The values a key's sentence names, by the key's name: too_small_… the minimum, too_big_… the
 * maximum, length_… the length, not_multiple_of the divisor (tests/unit/validation/validation-messages.test.ts
 * holds the four catalogues to it).
 */
export function valuesNamedBy(key: string): string[] {
  if (key.startsWith("too_small_")) return ["minimum"];
  if (key.startsWith("too_big_")) return ["maximum"];
  if (key.startsWith("length_")) return ["length"];
  if (key === "not_multiple_of") return ["divisor"];
  return [];
}

/**
 * The message for one issue: the schema's own key when it names one (`isKey` says which keys exist;
 * by default anything shaped like a key) and the issue carries the values that key's sentence names,
 * else the key for its code, with the issue's values.
 */
export function validationMessage(issue: Issue, input?: unknown, isKey: (key: string) => boolean = looksLikeMessageKey): ValidationMessage {
  const params = issueParams(issue);
  if (isKey(issue.message) && valuesNamedBy(issue.message).every((name) => name in params)) return { key: issue.message, params };
  return { key: keyForIssue(issue, input), params };
}

/**
 * A form field's message carries the key and its values in one string (react-hook-form keeps only a
 * string): `too_big_string{"maximum":100}`; a key without values stays as it is.
 */
export function encodeValidationMessage({ key, params }: ValidationMessage): string {
  return Object.keys(params).length === 0 ? key : `${key}${JSON.stringify(params)}`;
}

/** The key and values of a field message made by encodeValidationMessage; null for any other text. */
export function decodeValidationMessage(message: string): ValidationMessage | null {
  const brace = message.indexOf("{");
  const key = brace === -1 ? message : message.slice(0, brace);
  if (!looksLikeMessageKey(key)) return null;
  if (brace === -1) return { key, params: {} };
  try {
    const params: unknown = JSON.parse(message.slice(brace));
    if (!params || typeof params !== "object" || Array.isArray(params)) return null;
    return { key, params: params as MessageParams };
  } catch {
    return null;
  }
}
