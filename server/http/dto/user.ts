import { z } from "@hono/zod-openapi";
import { identityStatuses, userRoles, type User } from "@/server/db/schema";

export const userOutput = z
  .object({
    id: z.string().uuid(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable().openapi({ example: "+989121234567" }),
    phone_verified: z.boolean(),
    email: z.string().nullable(),
    role: z.enum(userRoles),
    locale: z.string(),
    national_id: z.string().nullable(),
    birth_date: z.string().nullable().openapi({ format: "date" }),
    bank_name: z.string().nullable().openapi({ description: "Bank id derived from the IBAN's bank code" }),
    iban: z.string().nullable(),
    identity_status: z.enum(identityStatuses),
    identity_rejection_reason: z.string().nullable(),
    identity_requested_at: z.string().nullable().openapi({ format: "date-time" }),
    has_identity_card: z.boolean(),
    has_password: z.boolean(),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("User");
export type UserOutput = z.infer<typeof userOutput>;

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
    identity_status: user.identityStatus,
    identity_rejection_reason: user.identityRejectionReason,
    identity_requested_at: user.identityRequestedAt?.toISOString() ?? null,
    has_identity_card: user.identityCardKey !== null,
    has_password: user.passwordHash !== null,
    created_at: user.createdAt.toISOString(),
  };
}
