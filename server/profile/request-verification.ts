import { and, eq, notInArray } from "drizzle-orm";
import { withTransaction, type UserCtx } from "@/server/core/context";
import { uploads, users, type User } from "@/server/db/schema";
import type { FileStorage } from "@/server/adapters/storage";
import { randomStorageKey } from "@/server/adapters/storage";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/server/audit";
import { prepareIdentityCardImage, type ImageRejection } from "@/server/uploads";
import { claimNationalId } from "@/server/profile/national-id";

/** What a verification request needs filled in and saved first (SPEC §5). */
export function missingForVerification(user: User): string[] {
  const missing: string[] = [];
  if (!user.firstName) missing.push("first_name");
  if (!user.lastName) missing.push("last_name");
  if (!user.nationalId) missing.push("national_id");
  if (!user.birthDate) missing.push("birth_date");
  if (!user.iban) missing.push("iban");
  if (!user.email) missing.push("email");
  if (!user.phoneVerifiedAt) missing.push("phone");
  return missing;
}

/** An image refused by its content, as the error the API answers (identity cards and work screenshots alike). */
export const rejection: Record<ImageRejection, "upload_too_large" | "upload_unsupported" | "upload_too_many_pixels" | "upload_corrupt"> = {
  too_large: "upload_too_large",
  unsupported_type: "upload_unsupported",
  too_many_pixels: "upload_too_many_pixels",
  corrupt: "upload_corrupt",
};

/**
 * Checks the card image by its content, re-encodes it without metadata, stores it under a random
 * key and moves the identity to identity_verification_pending — or stores nothing at all.
 */
export async function requestIdentityVerification(
  ctx: UserCtx,
  input: { storage: FileStorage; card: { bytes: Uint8Array; filename?: string; mimeType?: string }; missingMessage: string },
): Promise<User> {
  const { actor: user } = ctx;
  const { storage, card } = input;
  if (user.identityStatus === "identity_verification_pending") throw new AppError("identity_already_pending");
  if (user.identityStatus === "identity_verified") throw new AppError("identity_already_verified");
  const missing = missingForVerification(user);
  if (missing.length > 0)
    throw new AppError("profile_incomplete", {}, Object.fromEntries(missing.map((field) => [field, input.missingMessage])));
  const image = await prepareIdentityCardImage(card.bytes, { filename: card.filename, mimeType: card.mimeType });
  if (!image.ok) throw new AppError(rejection[image.reason], {}, { card: null });
  const key = randomStorageKey(`identity-cards/${user.id}`, image.format === "jpeg" ? ".jpg" : `.${image.format}`);
  await storage.put(key, image.bytes, image.contentType);
  try {
    return await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      await claimNationalId(ctx, { user, holders: ["identity_verification_pending", "identity_verified"] });
      // Conditional on the state read above: two parallel requests cannot both move it.
      const [updated] = await tx
        .update(users)
        .set({
          identityStatus: "identity_verification_pending",
          identityCardKey: key,
          identityRequestedAt: new Date(),
          identityRejectionReason: null,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, user.id), notInArray(users.identityStatus, ["identity_verification_pending", "identity_verified"])))
        .returning();
      if (!updated) throw new AppError("identity_already_pending");
      await tx.insert(uploads).values({
        ownerId: user.id,
        kind: "identity_card",
        storageKey: key,
        contentType: image.contentType,
        bytes: image.bytes.byteLength,
      });
      await recordAudit(ctx, {
        actorId: user.id,
        action: "identity.requested",
        targetType: "user",
        targetId: user.id,
        details: { storage_key: key },
        ip: ctx.ip ?? null,
      });
      return updated;
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
