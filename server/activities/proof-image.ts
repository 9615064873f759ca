import { eq } from "drizzle-orm";
import { withTransaction, type UserCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { activities, uploads, type Activity } from "@/server/db/schema";
import { randomStorageKey, type FileStorage } from "@/server/adapters/storage";
import { rejection } from "@/server/profile";
import { prepareIdentityCardImage } from "@/server/uploads";

/**
 * POST activities/:id/screenshot: the booster's screenshot of the work (Instagram has no API to check a
 * like or a follow), judged by its content and re-encoded without metadata like the identity card, stored
 * outside public/ under a random key. Only the booster's own activity, while it is in progress; a new
 * screenshot replaces the one before.
 */
export async function attachProofImage(
  ctx: UserCtx & { storage: FileStorage },
  input: { id: string; image: { bytes: Uint8Array; filename?: string; mimeType?: string } },
): Promise<Activity> {
  const { db, actor: booster, storage } = ctx;
  const [found] = await db.select().from(activities).where(eq(activities.id, input.id));
  if (!found || found.boosterId !== booster.id) throw new AppError("activity_not_found");
  if (found.status !== "in_progress" || found.expiresAt.getTime() <= Date.now()) throw new AppError("activity_state_invalid");
  const image = await prepareIdentityCardImage(input.image.bytes, { filename: input.image.filename, mimeType: input.image.mimeType });
  if (!image.ok) throw new AppError(rejection[image.reason], {}, { screenshot: null });
  const key = randomStorageKey(`activity-proofs/${booster.id}`, image.format === "jpeg" ? ".jpg" : `.${image.format}`);
  await storage.put(key, image.bytes, image.contentType);
  try {
    const { updated, previous } = await withTransaction(ctx, async ({ tx }) => {
      // Read again under the row's lock: the activity may have been sent or expired meanwhile.
      const [row] = await tx.select().from(activities).where(eq(activities.id, input.id)).for("update");
      if (!row || row.status !== "in_progress" || row.expiresAt.getTime() <= Date.now()) throw new AppError("activity_state_invalid");
      const [changed] = await tx
        .update(activities)
        .set({ proofImageKey: key, updatedAt: new Date() })
        .where(eq(activities.id, input.id))
        .returning();
      await tx.insert(uploads).values({
        ownerId: booster.id,
        kind: "activity_proof",
        storageKey: key,
        contentType: image.contentType,
        bytes: image.bytes.byteLength,
      });
      return { updated: changed!, previous: row.proofImageKey };
    });
    if (previous) await storage.delete(previous).catch(() => undefined);
    return updated;
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
