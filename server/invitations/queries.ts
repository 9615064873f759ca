import { and, desc, eq, gt, inArray, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { paged } from "@/server/db/paged";
import { invitations, ledgerTransfers, memberships, smsOptOuts, users, type Invitation } from "@/server/db/schema";
import type { InvitationStatus } from "@/lib/schemas/enums";
import type { InvitationTab } from "@/lib/schemas/invitations";
import { executor, type DbCtx } from "@/server/core/context";

/** SPEC's tabs as statuses: sent (pending), registered (registered or paid: the reward is on its way), accepted (joined). */
const tabs: Record<InvitationTab, readonly InvitationStatus[] | null> = {
  all: null,
  sent: ["pending"],
  registered: ["registered", "paid"],
  accepted: ["joined"],
};

export type InvitationRow = { invitation: Invitation; reward: number | null; friendVerified: boolean | null };

/** The invited friend's account, once there is one: whether their identity is verified (the reward waits for it). */
const friend = alias(users, "friend");
const friendVerified = sql<
  boolean | null
>`case when ${friend.id} is null then null else ${friend.identityStatus} = 'identity_verified' end`;

/** A page of the inviter's invitations, newest first, with the reward each paid. */
export async function listInvitations(
  ctx: DbCtx,
  input: { inviterId: string; query: { status: InvitationTab; page: number; per_page: number } },
): Promise<{ rows: InvitationRow[]; total: number }> {
  const db = executor(ctx);
  const { inviterId, query } = input;
  const statuses = tabs[query.status];
  const where: SQL | undefined = and(
    eq(invitations.inviterId, inviterId),
    statuses ? inArray(invitations.status, [...statuses]) : undefined,
  );
  return paged(db, { from: invitations, where, page: query.page, perPage: query.per_page }, (where) =>
    db
      .select({ invitation: invitations, reward: ledgerTransfers.amount, friendVerified })
      .from(invitations)
      .leftJoin(ledgerTransfers, eq(ledgerTransfers.id, invitations.rewardTransferId))
      .leftJoin(friend, eq(friend.id, invitations.inviteeId))
      .where(where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id)),
  );
}

/** The plan in force's invitations: allowed and left this period (none without a plan). */
export async function invitationAllowance(ctx: DbCtx & { now?: Date }, input: { userId: string }) {
  const db = executor(ctx);
  const now = ctx.now ?? new Date();
  const { userId } = input;
  const [period] = await db
    .select({ allowed: memberships.invitationsAllowed, used: memberships.invitationsUsed })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), lte(memberships.startsAt, now), gt(memberships.endsAt, now)))
    .limit(1);
  return { membership: Boolean(period), allowed: period?.allowed ?? 0, left: period ? Math.max(0, period.allowed - period.used) : 0 };
}

/** One of the inviter's invitations as the list shows it. */
export async function ownInvitation(ctx: DbCtx, input: { inviterId: string; id: string }): Promise<InvitationRow | null> {
  const db = executor(ctx);
  const { inviterId, id } = input;
  const [row] = await db
    .select({ invitation: invitations, reward: ledgerTransfers.amount, friendVerified })
    .from(invitations)
    .leftJoin(ledgerTransfers, eq(ledgerTransfers.id, invitations.rewardTransferId))
    .leftJoin(friend, eq(friend.id, invitations.inviteeId))
    .where(and(eq(invitations.id, id), eq(invitations.inviterId, inviterId)));
  return row ?? null;
}

/** The SMS link's page: the inviter's first name, and whether the phone opted out; null for an unknown code. */
export async function invitationByCode(ctx: DbCtx, input: { code: string }): Promise<{ inviter: string; optedOut: boolean } | null> {
  const db = executor(ctx);
  const { code } = input;
  const [row] = await db
    .select({ inviter: users.firstName, optedOut: smsOptOuts.phone })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.inviterId))
    .leftJoin(smsOptOuts, eq(smsOptOuts.phone, invitations.phone))
    .where(eq(invitations.code, code));
  return row ? { inviter: row.inviter, optedOut: row.optedOut !== null } : null;
}
