import type { z } from "@hono/zod-openapi";
import type { Locale } from "@/lib/i18n/locales";
import faIR from "@/messages/fa-IR.json";
import { validationMessage } from "@/lib/validation/messages";
import { AppError } from "./errors";
import { translateApi } from "./i18n";

type Issue = z.core.$ZodIssue;
const validationKeys = new Set(Object.keys(faIR.api.validation));

/** One translated sentence for one zod issue, by the mapping the web forms share (lib/validation/messages.ts). */
export function issueMessage(locale: Locale, issue: Issue, input?: unknown): string {
  const { key, params } = validationMessage(issue, input, (message) => validationKeys.has(message));
  return translateApi(locale, `validation.${key}`, params);
}

/**
 * zod's `.int()` carries its own bounds, ±Number.MAX_SAFE_INTEGER. A value past them usually breaks
 * the schema's own bound too, and that one is what the user should read: the safe-integer issue only
 * speaks for a field when nothing else does.
 */
const isSafeIntegerBound = (issue: Issue) =>
  (issue.code === "too_big" || issue.code === "too_small") &&
  issue.origin === "int" &&
  Math.abs(Number(issue.code === "too_big" ? issue.maximum : issue.minimum)) === Number.MAX_SAFE_INTEGER;

/**
 * Refusals of the contract that SPEC §8 gives a code of its own (an issue's message key → the code):
 * a payout amount outside 3,000,000–10,000,000 Rials is ERR_WRONG_AMOUNT (400), its field still named.
 */
const SPEC_CODES: Record<string, "ERR_WRONG_AMOUNT"> = { payout_amount_range: "ERR_WRONG_AMOUNT" };

/**
 * A 422 carrying one message per field (dotted path; "body" for the body as a whole), or SPEC's own
 * code (SPEC_CODES) when every issue is one it names.
 */
export function validationError(
  locale: Locale,
  error: z.ZodError,
  input?: unknown,
  code: "validation_failed" | "reset_validation_failed" | "password_validation_failed" | "campaign_validation_failed" = "validation_failed",
): AppError {
  const fields: Record<string, string> = {};
  // Stable: the schema's own issues keep their order, the safe-integer bound goes last.
  const issues = [...error.issues].sort((a, b) => Number(isSafeIntegerBound(a)) - Number(isSafeIntegerBound(b)));
  for (const issue of issues) {
    const names =
      issue.code === "unrecognized_keys" ? issue.keys.map((k) => [...issue.path, k].join(".")) : [issue.path.join(".") || "body"];
    for (const name of names) fields[name] ??= issueMessage(locale, issue, input);
  }
  const spec = new Set(issues.map((issue) => SPEC_CODES[issue.message]));
  const [specCode] = spec;
  if (spec.size === 1 && specCode) return new AppError(specCode, {}, fields);
  return new AppError(code, {}, fields);
}

/**
 * SPEC §8 names its own 422 sentence for some forms (the form sent: its method and path); the rest,
 * the campaign list's query among them, say "The information you entered is incorrect."
 */
export function validationCodeFor(method: string, path: string) {
  if (method === "POST" && path === "/api/auth/reset-password") return "reset_validation_failed" as const;
  if (method === "PUT" && path === "/api/me/password") return "password_validation_failed" as const;
  if (method === "POST" && (path === "/api/campaigns" || path === "/api/campaigns/quote")) return "campaign_validation_failed" as const;
  return "validation_failed" as const;
}
