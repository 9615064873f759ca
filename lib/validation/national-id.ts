import { normalizeDigits } from "./digits";

const FORMATTING = /[\s\-\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * Whether the input is a valid Iranian national ID (کد ملی): 10 digits (Persian or Arabic-Indic digits, spaces and
 * dashes allowed) whose last digit is the check digit, and not one digit repeated.
 */
export function isValidIranianNationalId(input: string): boolean {
  const id = normalizeDigits(input).replace(FORMATTING, "");
  if (!/^\d{10}$/.test(id) || /^(\d)\1{9}$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(id.charAt(i)) * (10 - i);
  const r = sum % 11;
  const check = Number(id.charAt(9));
  return r < 2 ? check === r : check === 11 - r;
}
