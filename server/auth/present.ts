import type { User as UserOutput } from "@/lib/schemas/auth";
import type { User } from "@/server/db/schema";
import { ibanPayoutsFrom } from "@/server/auth/iban-wait";

/** The user as the API shows it to its owner: never the password hash or storage keys. */
export function toUserOutput(user: User): UserOutput {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    phone_verified: user.phoneVerifiedAt !== null,
    email: user.email,
    role: user.role,
    locale: user.locale,
    national_id: user.nationalId,
    birth_date: user.birthDate,
    bank_name: user.bankName,
    iban: user.iban,
    iban_check: { status: user.ibanCheck, owner_name: user.ibanOwnerName, checked_at: user.ibanCheckedAt?.toISOString() ?? null },
    iban_payouts_from: ibanPayoutsFrom(user)?.toISOString() ?? null,
    identity_status: user.identityStatus,
    identity_rejection_reason: user.identityRejectionReason,
    identity_requested_at: user.identityRequestedAt?.toISOString() ?? null,
    has_identity_card: user.identityCardKey !== null,
    has_password: user.passwordHash !== null,
    purpose: user.purpose,
    created_at: user.createdAt.toISOString(),
  };
}
