import type { z } from "zod";

/**
 * Text that people write for others to read (names, campaign names, reasons, page titles) must show
 * something and must not reorder what surrounds it. One check for every such field, on the server
 * (the API's zod schemas) and in the web forms (the same schemas).
 *
 * Invisible: whitespace, control characters, format characters (Unicode category Cf: zero-width
 * space, joiners, word joiner, BOM, soft hyphen, directional marks…), every other default-ignorable
 * code point (variation selectors, Hangul fillers, combining grapheme joiner…) and the Braille blank.
 * Text made only of these is refused; they stay allowed next to visible letters, because Persian
 * writes the zero-width non-joiner (U+200C) inside words: «می‌خواهم».
 *
 * Bidirectional controls that embed, override or isolate (U+202A–U+202E, U+2066–U+2069) are refused
 * wherever they sit: a right-to-left override shows "gpj.exe" as "exe.jpg" and, unterminated, turns
 * around whatever the page writes after the name. The implicit marks LRM (U+200E), RLM (U+200F) and
 * the Arabic letter mark (U+061C) are allowed: Persian and Arabic keyboards type them to place
 * punctuation next to Latin words, they only give a direction to the neutral characters beside them
 * (they cannot reverse letters), and the screens isolate user text (<bdi>, dir="auto") so even that
 * stays inside the name.
 *
 * Control characters other than tab and line breaks (NUL, ESC, C1 controls…) are refused too: they
 * show nothing, and PostgreSQL cannot store NUL in text (the request failed with a 500).
 */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
const CONTROL_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/gu;

/** Messages (keys of api.validation) of the two refusals. */
export const TEXT_INVISIBLE = "text_invisible";
export const TEXT_BIDI_CONTROL = "text_bidi_control";
export const TEXT_CONTROL_CHARACTERS = "text_control_characters";

/** True when something would show once the invisible characters are removed. */
export function hasVisibleText(value: string): boolean {
  return value.replace(INVISIBLE, "") !== "";
}

/** True when the text holds an embedding, override or isolate control. */
export function hasBidiControl(value: string): boolean {
  return BIDI_CONTROL.test(value);
}

/**
 * What is wrong with a piece of human text, as a key of api.validation, or null. The empty string is
 * left to the field's own required / optional rule.
 */
export function visibleTextProblem(
  value: string,
): typeof TEXT_INVISIBLE | typeof TEXT_BIDI_CONTROL | typeof TEXT_CONTROL_CHARACTERS | null {
  if (value === "") return null;
  if (hasBidiControl(value)) return TEXT_BIDI_CONTROL;
  if (CONTROL.test(value)) return TEXT_CONTROL_CHARACTERS;
  if (!hasVisibleText(value)) return TEXT_INVISIBLE;
  return null;
}

/**
 * Text that reaches us without a form to refuse it in (a name in a Google or Apple token), as we
 * keep it: direction controls dropped, at most `max` characters, and "" when nothing visible is left
 * (the person then writes the name in the profile, through the check above).
 */
export function providedText(value: string | null | undefined, max: number): string {
  const cleaned = [...(value ?? "").replace(BIDI_CONTROLS, "").replace(CONTROL_ALL, "").trim()].slice(0, max).join("").trim();
  return hasVisibleText(cleaned) ? cleaned : "";
}

/** The check itself, for `.superRefine(visibleText)` on a string schema. */
export function visibleText(value: string, ctx: z.RefinementCtx): void {
  const problem = visibleTextProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
}
