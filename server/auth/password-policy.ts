/**
 * Server-side password rules. The common-password list (~49k entries) stays on the server: only the length bounds
 * in lib/validation/password.ts go to the browser.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { normalizeDigits } from "@/lib/validation/digits";
import { PASSWORD_MAX, PASSWORD_MIN, passwordLengthError, type PasswordLengthError } from "@/lib/validation/password";

export { PASSWORD_MAX, PASSWORD_MIN };

let commonPasswords: ReadonlySet<string> | null = null;

function normalize(password: string): string {
  return normalizeDigits(password).toLowerCase();
}

/**
 * Whether the password is on the zxcvbn common-passwords list, ignoring case; Persian and Arabic-Indic digits count
 * as their ASCII digits ("۱۲۳۴۵۶۷۸" is as common as "12345678").
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return commonPasswords.has(normalize(password));
}

export type PasswordPolicyError = PasswordLengthError | "too_common";

/** The first rule the password breaks (length, then the common list), or null when it is acceptable. */
export function passwordPolicyError(password: string): PasswordPolicyError | null {
  return passwordLengthError(password) ?? (isCommonPassword(password) ? "too_common" : null);
}
