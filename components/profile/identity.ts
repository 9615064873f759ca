import type { IdentityStatus, Me } from "@/lib/api/me";
import { formats } from "@/lib/format/formats";

/** The four faces of SPEC §4's five identity states ("active" is an older name for verified). */
export type BadgeState = "registered" | "verified" | "pending" | "failed";

export function badgeStateOf(status: IdentityStatus): BadgeState {
  switch (status) {
    case "active":
    case "identity_verified":
      return "verified";
    case "identity_verification_pending":
      return "pending";
    case "identity_verification_failed":
      return "failed";
    default:
      return "registered";
  }
}

/** The server freezes first/last name, national ID and birth date while verified or under review. */
export function isIdentityLocked(status: IdentityStatus): boolean {
  return badgeStateOf(status) === "verified" || badgeStateOf(status) === "pending";
}

/** The IBAN only while under review: once verified, a booster may move to another account of theirs. */
export function isIbanLocked(status: IdentityStatus): boolean {
  return badgeStateOf(status) === "pending";
}

/** A new verification request is possible only before one was made, or after one was turned down. */
export function canRequestVerification(status: IdentityStatus): boolean {
  const state = badgeStateOf(status);
  return state === "registered" || state === "failed";
}

export const VERIFICATION_FIELDS = ["first_name", "last_name", "national_id", "birth_date", "iban", "email", "phone"] as const;
export type VerificationField = (typeof VERIFICATION_FIELDS)[number];

/** What a verification request still needs (the server checks the same list). */
export function missingForVerification(me: Me): VerificationField[] {
  const missing: VerificationField[] = [];
  if (!me.first_name?.trim()) missing.push("first_name");
  if (!me.last_name?.trim()) missing.push("last_name");
  if (!me.national_id) missing.push("national_id");
  if (!me.birth_date) missing.push("birth_date");
  if (!me.iban) missing.push("iban");
  if (!me.email) missing.push("email");
  if (!me.phone || !me.phone_verified) missing.push("phone");
  return missing;
}

/** ASCII digits in the locale's own digits (Persian in fa-IR), for identifiers that are not numbers. */
export function localizeDigits(text: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { useGrouping: false });
  return text.replace(/[0-9]/g, (digit) => format.format(Number(digit)));
}

/** "YYYY-MM-DD" → the calendar day in local time (noon, so no time-zone shift moves it), or undefined. */
export function dateFromIso(value: string | null | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A picked calendar day → "YYYY-MM-DD" (Gregorian, whatever calendar it was picked in). */
export function isoFromDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(date.getFullYear()).padStart(4, "0")}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "YYYY-MM-DD" shown in the locale (fa-IR: Persian calendar and digits), or null. */
export function formatIsoDate(value: string | null | undefined, locale: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, formats.dateTime.day).format(date);
}
