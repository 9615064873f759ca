import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { TxCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { users, type User } from "@/server/db/schema";

/**
 * One account per person (issue 16, abuse): a national ID may be under review or verified on one account
 * only. Anyone may type any ID into a profile (so nobody can block a stranger by typing theirs first); the
 * claim is made when the card goes for review and again when an admin approves it. The ID's lock is held
 * to the end of the transaction, so two accounts sending the same ID at once are decided one after the other.
 */
export async function claimNationalId(
  ctx: TxCtx,
  input: { user: Pick<User, "id" | "nationalId">; holders: User["identityStatus"][] },
): Promise<void> {
  const tx = ctx.tx;
  const { user, holders } = input;
  if (!user.nationalId) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`national-id:${user.nationalId}`}))`);
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.nationalId, user.nationalId), ne(users.id, user.id), inArray(users.identityStatus, holders)))
    .limit(1);
  if (other) throw new AppError("national_id_in_use");
}
