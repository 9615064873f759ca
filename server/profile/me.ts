import { and, eq, sql } from "drizzle-orm";
import { notificationCounters, sessions, users, type User } from "@/server/db/schema";
import { preparedOnce } from "@/server/db/prepared";
import { batchedPerDatabase } from "@/server/db/batched";
import { openSessionOf } from "@/server/auth";
import type { AccessClaims } from "@/server/auth";
import { walletAvailableOf } from "@/server/ledger";
import { executor, type DbCtx } from "@/server/core/context";

/**
 * GET me for the callers of one turn in one statement (the header asks for it on every page): for each
 * access token (k: its session and user, numbered by `at`), the user while that session is open — not
 * revoked, not expired, the token's own user — the wallet's available Rials and the unseen
 * notifications' counter. A caller whose session is not open has no row.
 */
const meRows = preparedOnce((db) =>
  db
    .select({
      at: sql<number>`k.at`.mapWith(Number),
      user: users,
      wallet: walletAvailableOf(users.id),
      unseen:
        sql<number>`coalesce((select ${notificationCounters.unseen} from ${notificationCounters} where ${notificationCounters.userId} = ${users.id}), 0)`.mapWith(
          Number,
        ),
    })
    .from(
      sql`unnest(${sql.placeholder("sessionIds")}::uuid[], ${sql.placeholder("userIds")}::uuid[]) with ordinality as k(session_id, user_id, at)`,
    )
    // `id = any(sessionIds)` as well as the join: the sessions are found by the primary key where the
    // planner, not knowing how many the arrays hold, would otherwise hash the table.
    .innerJoin(
      sessions,
      and(sql`${sessions.id} = any(${sql.placeholder("sessionIds")}::uuid[])`, openSessionOf(sql`k.session_id`, sql`k.user_id`)),
    )
    .innerJoin(users, eq(users.id, sessions.userId))
    .prepare("profile_me"),
);

type Me = { user: User; wallet: number; unseen: number };

const meBatch = batchedPerDatabase<AccessClaims, Me>(
  async (db, callers) => {
    const rows = await meRows(db).execute({ sessionIds: callers.map((c) => c.sessionId), userIds: callers.map((c) => c.userId) });
    const byAt = new Map(rows.map(({ at, ...me }) => [at, me]));
    return callers.map((_, i) => byAt.get(i + 1) ?? null);
  },
  { max: 64 },
);

/** The caller with the header's figures, or null when the token's session is not open. */
export function meFor(ctx: DbCtx, claims: AccessClaims): Promise<Me | null> {
  const db = executor(ctx);
  return meBatch(db, claims);
}
