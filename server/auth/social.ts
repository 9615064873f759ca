import { and, eq } from "drizzle-orm";
import type { Locale } from "@/lib/i18n/locales";
import { NAME_MAX } from "@/lib/schemas/auth";
import { providedText } from "@/lib/validation/visible-text";
import { socialIdentities, users, type User } from "@/server/db/schema";
import type { SocialIdentity } from "@/server/adapters/oauth";
import { type DbCtx, withTransaction } from "@/server/core/context";

/**
 * The account of a Google or Apple identity, created on first sign-in. An e-mail that already
 * belongs to another account is not taken over (that account may be someone else's): the new
 * account starts without one.
 */
export async function userForSocialIdentity(ctx: DbCtx, input: { identity: SocialIdentity; locale: Locale }): Promise<User> {
  const { identity, locale } = input;
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const [linked] = await tx
      .select({ user: users })
      .from(socialIdentities)
      .innerJoin(users, eq(users.id, socialIdentities.userId))
      .where(and(eq(socialIdentities.provider, identity.provider), eq(socialIdentities.sub, identity.sub)));
    if (linked) return linked.user;
    const email = identity.email && identity.emailVerified ? identity.email.toLowerCase() : null;
    const [taken] = email ? await tx.select({ id: users.id }).from(users).where(eq(users.email, email)) : [];
    const [user] = await tx
      .insert(users)
      .values({
        // The provider's name goes through the same rule as a typed one (invisible-only or reversed names are not kept).
        firstName: providedText(identity.firstName, NAME_MAX),
        lastName: providedText(identity.lastName, NAME_MAX),
        email: taken ? null : email,
        locale,
      })
      .returning();
    await tx.insert(socialIdentities).values({ provider: identity.provider, sub: identity.sub, userId: user!.id, email: identity.email });
    return user!;
  });
}
