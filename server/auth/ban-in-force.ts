import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { userBans, users } from "@/server/db/schema";
import { AppError } from "@/server/core/errors";
import { executor, type DbCtx } from "@/server/core/context";

/** The ban in force on a user: not lifted, not yet expired (the end-bans job lifts expired ones later). */
export const banInForce = (userId: string) =>
  and(eq(userBans.userId, userId), isNull(userBans.liftedAt), gt(userBans.expiresAt, sql`now()`));

/**
 * Refuses a sign-in while a ban is in force (403 account_banned), read under a share lock on the
 * user's row: a ban being made holds that row, so a session cannot slip in between the ban ending
 * the sessions and its commit (server/people/ban.ts).
 */
export async function assertNotBanned(ctx: DbCtx, input: { userId: string }): Promise<void> {
  const tx = executor(ctx);
  const { userId } = input;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("share");
  const [ban] = await tx.select({ id: userBans.id }).from(userBans).where(banInForce(userId));
  if (ban) throw new AppError("account_banned");
}
