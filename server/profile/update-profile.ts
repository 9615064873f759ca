import { and, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { changePasswordInput, updateProfileInput } from "@/lib/schemas/profile";
import { bankFromIban } from "@/lib/validation/iban";
import { users, type User } from "@/server/db/schema";
import { type UserCtx, withTransaction } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/server/audit";
import { hashPassword, verifyPassword } from "@/server/auth";
import { countedPasswordCheck } from "@/server/auth";
import { isCommonPassword } from "@/server/auth";
import { revokeOtherSessions } from "@/server/auth";
import { uniqueViolation } from "@/server/auth";
import { checkIbanOwner, type IbanOwnerState } from "@/server/payouts";
import type { IbanOwnerCheck } from "@/server/adapters/payout-rails/types";

const IDENTITY_FIELDS = ["first_name", "last_name", "national_id", "birth_date", "iban"] as const;

/**
 * PATCH me. Identity details are frozen while verified or under review. The IBAN only while under
 * review: a verified booster may move to another account in their own name (checked against the
 * national ID like the first), and payouts to it then wait 48 hours (server/payouts/iban-wait.ts).
 * The bank follows from the IBAN.
 */
export async function updateProfile(
  ctx: UserCtx & { ibanOwner?: IbanOwnerCheck | null },
  input: z.output<typeof updateProfileInput>,
): Promise<User> {
  const { ibanOwner = null } = ctx;
  const { db, actor: user, ip } = ctx;
  const current = {
    first_name: user.firstName,
    last_name: user.lastName,
    national_id: user.nationalId,
    birth_date: user.birthDate,
    iban: user.iban,
  };
  const changed = IDENTITY_FIELDS.filter((field) => input[field] !== undefined && input[field] !== current[field]);
  const underReview = user.identityStatus === "identity_verification_pending";
  const verified = user.identityStatus === "identity_verified" || user.identityStatus === "active";
  if (changed.length && (underReview || (verified && changed.some((field) => field !== "iban")))) throw new AppError("identity_locked");
  if (input.email && input.email !== user.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), ne(users.id, user.id)));
    if (taken) throw new AppError("email_in_use");
  }
  // A new IBAN is checked against the national ID now: one that is not the user's is refused with its reason;
  // when the provider cannot be reached it is saved unchecked and checked again before a payout.
  const ibanChanges = input.iban !== undefined && input.iban !== user.iban;
  let ibanOwnerState: IbanOwnerState | null = null;
  if (ibanChanges && input.iban) {
    ibanOwnerState = await checkIbanOwner(ibanOwner, {
      iban: input.iban,
      nationalId: input.national_id ?? user.nationalId,
      birthDate: input.birth_date ?? user.birthDate,
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "iban_check_unavailable")
        return { ibanCheck: null, ibanOwnerName: null, ibanCheckedAt: null };
      throw error;
    });
    if (ibanOwnerState.ibanCheck === "mismatch") throw new AppError("iban_owner_mismatch");
  }
  try {
    return await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      const [updated] = await tx
        .update(users)
        .set({
          ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
          ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
          ...(input.national_id !== undefined ? { nationalId: input.national_id } : {}),
          ...(input.birth_date !== undefined ? { birthDate: input.birth_date } : {}),
          ...(input.iban !== undefined ? { iban: input.iban, bankName: bankFromIban(input.iban)?.id ?? null } : {}),
          // Only the very first IBAN is not a change: any later one waits 48 hours
          // before a payout goes to it (server/payouts/iban-wait.ts).
          ...(ibanChanges && (user.iban || user.ibanChangedAt) ? { ibanChangedAt: new Date() } : {}),
          // Whose account it is was checked for the old IBAN or national ID: for new ones it is what was found above, or unknown.
          ...(ibanChanges || (input.national_id !== undefined && input.national_id !== user.nationalId)
            ? (ibanOwnerState ?? { ibanCheck: null, ibanOwnerName: null, ibanCheckedAt: null })
            : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.locale !== undefined ? { locale: input.locale } : {}),
          ...(input.purpose !== undefined ? { purpose: input.purpose } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      await recordAudit(ctx, {
        actorId: user.id,
        action: "user.profile_updated",
        targetType: "user",
        targetId: user.id,
        details: { fields: Object.keys(input) },
        ip,
      });
      return updated!;
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new AppError("email_in_use");
    throw error;
  }
}

/** PUT me/password: the current password proves it is the owner; every other session ends. */
export async function changePassword(
  ctx: UserCtx & { ip: string; translate: (key: string) => string },
  input: z.output<typeof changePasswordInput> & { sessionId: string },
): Promise<void> {
  const { db, actor: user, ip, translate } = ctx;
  // The current password is guessed against the login's budget: a stolen session cannot try it freely.
  const passwordHash0 = user.passwordHash;
  const right =
    passwordHash0 !== null &&
    (await countedPasswordCheck(
      { db },
      { key: `user:${user.id}`, ip, check: () => verifyPassword(input.current_password, passwordHash0) },
    ));
  if (!right) {
    throw new AppError("password_validation_failed", {}, { current_password: translate("validation.password_incorrect") });
  }
  if (isCommonPassword(input.password))
    throw new AppError("password_validation_failed", {}, { password: translate("validation.password_common") });
  const passwordHash = await hashPassword(input.password);
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeOtherSessions(ctx, { userId: user.id, keepSessionId: input.sessionId, reason: "password_changed" });
    await recordAudit(ctx, { actorId: user.id, action: "user.password_changed", targetType: "user", targetId: user.id, ip });
  });
}
