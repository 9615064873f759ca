import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { banInForce } from "@/server/auth";
import type { z } from "zod";
import type { Db } from "@/server/db";
import { activities, campaigns, invitations, ledgerAccounts, payouts, userBans, users } from "@/server/db/schema";
import { paged } from "@/server/db/paged";
import { listOpenSessions } from "@/server/auth";
import { toUserOutput } from "@/server/auth";
import { balancesOf, userAccountCode } from "@/server/ledger";
import { AppError } from "@/server/core/errors";
import { normalizeIranianMobile } from "@/lib/validation/phone";
import { normalizeDigits } from "@/lib/validation/digits";
import type { Ban, Person, PersonOverview, peopleSearchQuery } from "@/lib/schemas/people";
import { executor, type DbCtx } from "@/server/core/context";

const RECENT = 5;

/** What a search's words can be: a phone in any spelling, an e-mail, a national ID, else part of a name. */
function searchCondition(q: string): SQL | undefined {
  const text = normalizeDigits(q.trim());
  if (!text) return undefined;
  const phone = normalizeIranianMobile(text);
  if (phone) return eq(users.phone, phone);
  if (text.includes("@")) return eq(users.email, text.toLowerCase());
  if (/^\d{10}$/.test(text)) return eq(users.nationalId, text);
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(users.phone, pattern),
    ilike(users.email, pattern),
  );
}

/** GET admin/users: newest first, matched by phone, e-mail, national ID or name; each with the end of a ban in force. */
export async function searchPeople(ctx: DbCtx, query: z.output<typeof peopleSearchQuery>): Promise<{ rows: Person[]; total: number }> {
  const db = executor(ctx);
  const where = query.q ? searchCondition(query.q) : undefined;
  const { rows, total } = await paged(db, { from: users, where, page: query.page, perPage: query.per_page }, (where) =>
    db
      .select({ user: users, bannedUntil: userBans.expiresAt })
      .from(users)
      // At most one ban is not lifted per user (user_bans_one_in_force_idx).
      .leftJoin(userBans, and(eq(userBans.userId, users.id), isNull(userBans.liftedAt), gt(userBans.expiresAt, sql`now()`)))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id)),
  );
  return {
    total,
    rows: rows.map(({ user, bannedUntil: until }) => ({
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      email: user.email,
      national_id: user.nationalId,
      role: user.role,
      identity_status: user.identityStatus,
      created_at: user.createdAt.toISOString(),
      banned_until: until ? until.toISOString() : null,
    })),
  };
}

/** The ban in force on a user with who made it (one statement), as the overview shows it. */
async function banInForceOf(db: Db, userId: string): Promise<Ban | null> {
  const [row] = await db
    .select({ ban: userBans, byFirst: users.firstName, byLast: users.lastName })
    .from(userBans)
    .leftJoin(users, eq(users.id, userBans.bannedBy))
    .where(banInForce(userId));
  if (!row) return null;
  const { ban } = row;
  return {
    id: ban.id,
    reason: ban.reason,
    expires_at: ban.expiresAt.toISOString(),
    created_at: ban.createdAt.toISOString(),
    banned_by: ban.bannedBy ? { id: ban.bannedBy, name: `${row.byFirst ?? ""} ${row.byLast ?? ""}`.trim() } : null,
    held_wallet: ban.heldWallet,
    held_earnings: ban.heldEarnings,
  };
}

/** The ledger's own balances (balancesOf), and what a ban holds in the user's frozen account. */
async function balancesOfUser(db: Db, userId: string): Promise<PersonOverview["balances"]> {
  const [balances, [frozen]] = await Promise.all([
    balancesOf({ db }, { userId }),
    db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, userAccountCode(userId, "frozen"))),
  ]);
  return { wallet: balances.wallet, earnings: balances.earnings, earnings_held: balances.held, frozen: frozen?.balance ?? 0 };
}

/** GET admin/users/{id}/overview: 404 for an unknown id. */
export async function personOverview(ctx: DbCtx, input: { userId: string }): Promise<PersonOverview> {
  const db = executor(ctx);
  const { userId } = input;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("not_found");
  const newest = <T>(rows: Promise<T[]>, total: Promise<{ n: number }[]>) =>
    Promise.all([rows, total]).then(([recent, [n]]) => ({ recent, total: n?.n ?? 0 }));
  const [ban, balances, ownCampaigns, work, money, invited, sessions] = await Promise.all([
    banInForceOf(db, userId),
    balancesOfUser(db, userId),
    newest(
      db.select().from(campaigns).where(eq(campaigns.ownerId, userId)).orderBy(desc(campaigns.createdAt)).limit(RECENT),
      db.select({ n: count() }).from(campaigns).where(eq(campaigns.ownerId, userId)),
    ),
    newest(
      db.select().from(activities).where(eq(activities.boosterId, userId)).orderBy(desc(activities.createdAt)).limit(RECENT),
      db.select({ n: count() }).from(activities).where(eq(activities.boosterId, userId)),
    ),
    newest(
      db.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.createdAt)).limit(RECENT),
      db.select({ n: count() }).from(payouts).where(eq(payouts.userId, userId)),
    ),
    newest(
      db.select().from(invitations).where(eq(invitations.inviterId, userId)).orderBy(desc(invitations.createdAt)).limit(RECENT),
      db.select({ n: count() }).from(invitations).where(eq(invitations.inviterId, userId)),
    ),
    listOpenSessions(ctx, { userId }),
  ]);
  return {
    user: toUserOutput(user),
    ban,
    balances,
    campaigns: {
      total: ownCampaigns.total,
      recent: ownCampaigns.recent.map((c) => ({
        id: c.id,
        name: c.name,
        network: c.network,
        status: c.status,
        budget: c.budget,
        created_at: c.createdAt.toISOString(),
      })),
    },
    activities: {
      total: work.total,
      recent: work.recent.map((a) => ({
        id: a.id,
        campaign_id: a.campaignId,
        action: a.action,
        type: a.type,
        status: a.status,
        reward: a.reward,
        created_at: a.createdAt.toISOString(),
      })),
    },
    payouts: {
      total: money.total,
      recent: money.recent.map((p) => ({ id: p.id, amount: p.amount, status: p.status, created_at: p.createdAt.toISOString() })),
    },
    invitations: {
      total: invited.total,
      recent: invited.recent.map((i) => ({ id: i.id, phone: i.phone, status: i.status, created_at: i.createdAt.toISOString() })),
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      user_agent: s.userAgent,
      ip: s.ip,
      created_at: s.createdAt.toISOString(),
      last_used_at: s.lastUsedAt.toISOString(),
    })),
  };
}
