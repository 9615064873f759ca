import type { AdminUser } from "@/lib/api/admin";

/** A person as the back office sees them: Sara, identity sent for review with a card on file. */
export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: "0190f0a0-0000-7000-8000-000000000001",
    first_name: "Sara",
    last_name: "Ahmadi",
    phone: "+989121234567",
    phone_verified: true,
    email: "sara@example.com",
    role: "user",
    locale: "fa-IR",
    national_id: "0499370899",
    birth_date: "1990-05-01",
    bank_name: "melli",
    iban: "IR062960000000100324200001",
    iban_check: { status: "format_only", owner_name: null, checked_at: null },
    iban_payouts_from: null,
    identity_status: "identity_verification_pending",
    identity_rejection_reason: null,
    has_identity_card: true,
    has_password: true,
    purpose: "grow",
    created_at: "2025-01-15T08:30:00.000Z",
    identity_requested_at: "2025-02-01T09:00:00.000Z",
    ...overrides,
  };
}
