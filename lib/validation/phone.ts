import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { normalizeDigits } from "./digits";

/** Whitespace, the usual separators, and the invisible marks that copy-paste from RTL text brings along. */
const FORMATTING = /[\s\-().\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * An Iranian mobile number in E.164 ("+989xxxxxxxxx"), or null when the input is not one.
 * Accepts 09xxxxxxxxx, 9xxxxxxxxx, +989…, 00989…, 989…, with spaces, dashes or parentheses, in ASCII, Persian or
 * Arabic-Indic digits. Landlines, other countries, wrong lengths and anything with letters (extensions included) → null.
 */
export function normalizeIranianMobile(input: string): string | null {
  const compact = normalizeDigits(input).replace(FORMATTING, "");
  if (!/^\+?\d{10,14}$/.test(compact)) return null;
  const international = compact.startsWith("00") ? `+${compact.slice(2)}` : compact;
  const parsed = parsePhoneNumberFromString(international, "IR");
  if (!parsed || parsed.country !== "IR" || !parsed.isValid()) return null;
  // The "min" metadata cannot tell mobile from fixed-line numbers; in Iran every mobile number is 9 + 9 digits.
  if (!/^9\d{9}$/.test(parsed.nationalNumber)) return null;
  return parsed.number;
}

/**
 * A phone number for display with its middle hidden: "+989121234567" → "+98 912 *** 4567".
 * Other countries keep their calling code, up to 3 leading and the last 4 national digits. Shown left-to-right: in RTL
 * pages wrap it in an element with dir="ltr".
 */
export function maskPhone(e164: string): string {
  const iranian = /^\+98(9\d{2})\d{3}(\d{4})$/.exec(e164);
  if (iranian) {
    const [, operator = "", last = ""] = iranian;
    return `+98 ${operator} *** ${last}`;
  }
  const parsed = parsePhoneNumberFromString(e164);
  const national = parsed?.nationalNumber ?? e164.replace(/\D/g, "");
  const prefix = parsed ? `+${parsed.countryCallingCode} ` : "";
  if (national.length <= 4) return `${prefix}${"*".repeat(national.length)}`.trim();
  const shown = Math.max(0, Math.min(3, national.length - 6));
  const head = national.slice(0, shown);
  const hidden = "*".repeat(national.length - 4 - shown);
  return `${prefix}${head ? `${head} ` : ""}${hidden} ${national.slice(-4)}`;
}
