// Shared by the validation-message tests: the catalogues, and a check that every issue of a failed
// parse speaks a sentence in the four locales, the same from the server and from the web forms.
import { createTranslator } from "next-intl";
import { afterEach, beforeEach, expect, vi, type MockInstance } from "vitest";
import type { z } from "zod";
import { translateFieldMessage } from "@/lib/forms/use-field-message";
import { fieldErrorOf } from "@/lib/forms/schema-resolver";
import { locales, type Locale } from "@/lib/i18n/locales";
import type { Issue } from "@/lib/validation/messages";
import arAE from "@/messages/ar-AE.json";
import enUS from "@/messages/en-US.json";
import faIR from "@/messages/fa-IR.json";
import trTR from "@/messages/tr-TR.json";
import { issueMessage } from "@/server/http/validation";

export const catalogue = { "fa-IR": faIR, "en-US": enUS, "tr-TR": trTR, "ar-AE": arAE } as const;
export const validationKeys = Object.keys(faIR.api.validation);

/** console.error, watched in each test: next-intl reports a missing key or a FORMATTING_ERROR there. */
export let consoleError: MockInstance;
/** Call at the top of a test file that uses checkIssues. */
export function watchConsoleErrors() {
  beforeEach(() => {
    consoleError = vi.spyOn(console, "error");
  });
  afterEach(() => {
    consoleError.mockRestore();
  });
}

/** The keys the server's mapping and the forms' mapping choose, and the sentences they render. */
export function render(locale: Locale, issue: Issue, input: unknown) {
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

export function expectSentence(message: string | null, context: string) {
  expect(message, context).toBeTypeOf("string");
  expect(message, context).not.toMatch(/^api\.|validation\.|[{}]|FORMATTING_ERROR|^[a-z_]+$/);
  expect(message!.trim().length, context).toBeGreaterThan(3);
}

/** Checks every issue of a failed parse in the four locales; returns the issues. */
export function checkIssues(schema: z.ZodType, input: unknown, context: string): Issue[] {
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
