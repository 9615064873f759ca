import type { IdentityStatus } from "@/lib/schemas/enums";
import type { Me } from "@/lib/schemas/profile";

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
