import { eq } from "drizzle-orm";
import { notificationCounters, users } from "@/server/db/schema";
import { withTransaction } from "@/server/core/context";
import { notify, type NotificationInput } from "@/server/notifications/notify";
import { apiTest } from "@/tests/api/support/fixture";

/**
 * apiTest with what the notifications' tests read and arrange: the unseen counter of a person (`counterOf`,
 * 0 without a counter row; `counterRow`, null then), an identity request waiting for an admin
 * (`requestIdentity` for someone registered, `pendingIdentity` for someone new), and `write`, a
 * notification written as a feature writes it (an approved payout of `amount`, or `notice`'s kind and
 * params, once per key).
 */
export const notificationTest = apiTest
  .extend(
    "counterRow",
    ({ database }) =>
      async (userId: string) =>
        (await database.db.select().from(notificationCounters).where(eq(notificationCounters.userId, userId)))[0]?.unseen ?? null,
  )
  .extend(
    "counterOf",
    ({ counterRow }) =>
      async (userId: string) =>
        (await counterRow(userId)) ?? 0,
  )
  .extend(
    "requestIdentity",
    ({ database }) =>
      async (userId: string) =>
        void (await database.db
          .update(users)
          .set({ identityStatus: "identity_verification_pending", identityRequestedAt: new Date() })
          .where(eq(users.id, userId))),
  )
  .extend(
    "pendingIdentity",
    ({ person, requestIdentity }) =>
      async function pendingIdentity() {
        const applicant = await person();
        await requestIdentity(applicant.user.id);
        return applicant;
      },
  )
  .extend(
    "write",
    ({ database }) =>
      (userId: string, key: string, notice: number | Pick<NotificationInput, "kind" | "params"> = 1_000_000) => {
        const { kind, params } = typeof notice === "number" ? { kind: "payout_approved" as const, params: { amount: notice } } : notice;
        return withTransaction({ db: database.db }, (ctx) => notify(ctx, { userId, kind, dedupeKey: key, params }));
      },
  );
