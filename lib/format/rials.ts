import { normalizeDigits } from "@/lib/validation/digits";

/**
 * Rials typed by a person: Persian, Arabic-Indic or ASCII digits, with thousands separators
 * (, ٬ ، . ' or spaces; in Turkish the dot groups and the comma is the decimal sign). Returns
 * undefined for an empty field and NaN for text that is not a number, so the schema can say why.
 */
export function parseRials(text: string, locale: string): number | undefined {
  const turkish = locale.startsWith("tr");
  let value = normalizeDigits(text.trim());
  if (value === "") return undefined;
  // The Arabic decimal sign, and the locale's own, become "."; every grouping mark goes.
  value = value.replace(/\u066B/g, ".");
  if (turkish) value = value.replace(/\./g, "").replace(/,/g, ".");
  value = value.replace(/[,\u066C\u060C'’_\s\u00A0\u202F]/g, "");
  if (!/^\d+(\.\d+)?$/.test(value)) return Number.NaN;
  return Number(value);
}
