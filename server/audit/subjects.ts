import { inArray } from "drizzle-orm";
import { executor, type DbCtx } from "@/server/core/context";
import { activities, campaigns, invitations, memberships, payouts, users } from "@/server/db/schema";

/** What an entry is about, in words and links: the person it belongs to and the campaign, never a bare id. */
export type AuditSubject = { name: string | null; userId: string | null; campaignId: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The subjects of a page of entries, by "type:id": a few batched reads by primary key (a page is 20 rows).
 * A user is named; a campaign by its name; work by its campaign; a payout, a membership and an invitation
 * by the person they belong to. Other targets (a setting, prices, a content page) name themselves.
 */
export async function auditSubjects(ctx: DbCtx, targets: { type: string; id: string | null }[]): Promise<Map<string, AuditSubject>> {
  const db = executor(ctx);
  const ids = (type: string) => [...new Set(targets.filter((t) => t.type === type && t.id && UUID.test(t.id)).map((t) => t.id!))];
  const byType = async <T>(type: string, read: (ids: string[]) => Promise<T[]>) => (ids(type).length ? read(ids(type)) : []);
  const [payoutRows, membershipRows, invitationRows, activityRows] = await Promise.all([
    byType("payout", (list) => db.select({ id: payouts.id, userId: payouts.userId }).from(payouts).where(inArray(payouts.id, list))),
    byType("membership", (list) =>
      db.select({ id: memberships.id, userId: memberships.userId }).from(memberships).where(inArray(memberships.id, list)),
    ),
    byType("invitation", (list) =>
      db.select({ id: invitations.id, userId: invitations.inviterId }).from(invitations).where(inArray(invitations.id, list)),
    ),
    byType("activity", (list) =>
      db
        .select({ id: activities.id, userId: activities.boosterId, campaignId: activities.campaignId })
        .from(activities)
        .where(inArray(activities.id, list)),
    ),
  ]);
  const owned = [...payoutRows, ...membershipRows, ...invitationRows];
  const userIds = [...new Set([...ids("user"), ...owned.map((row) => row.userId), ...activityRows.map((row) => row.userId)])];
  const campaignIds = [...new Set([...ids("campaign"), ...activityRows.map((row) => row.campaignId)])];
  const [people, campaignRows] = await Promise.all([
    userIds.length
      ? db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(inArray(users.id, userIds))
      : [],
    campaignIds.length
      ? db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(inArray(campaigns.id, campaignIds))
      : [],
  ]);
  const nameOf = new Map(people.map((person) => [person.id, `${person.first} ${person.last}`.trim()]));
  const campaignName = new Map(campaignRows.map((campaign) => [campaign.id, campaign.name]));
  const subjects = new Map<string, AuditSubject>();
  for (const id of ids("user")) subjects.set(`user:${id}`, { name: nameOf.get(id) ?? null, userId: id, campaignId: null });
  for (const id of ids("campaign")) subjects.set(`campaign:${id}`, { name: campaignName.get(id) ?? null, userId: null, campaignId: id });
  for (const [type, rows] of [
    ["payout", payoutRows],
    ["membership", membershipRows],
    ["invitation", invitationRows],
  ] as const)
    for (const row of rows)
      subjects.set(`${type}:${row.id}`, { name: nameOf.get(row.userId) ?? null, userId: row.userId, campaignId: null });
  for (const row of activityRows)
    subjects.set(`activity:${row.id}`, { name: campaignName.get(row.campaignId) ?? null, userId: row.userId, campaignId: row.campaignId });
  return subjects;
}
