import { sql } from "drizzle-orm";
import { notificationCounters, users, type User } from "@/server/db/schema";
import { preparedOnce } from "@/server/db/prepared";
import { batchedPerDatabase } from "@/server/db/batched";
import { callersParam, openCallers } from "@/server/auth";
import type { AccessClaims } from "@/server/auth";
import { walletAvailableOf } from "@/server/ledger";
import { executor, type DbCtx } from "@/server/core/context";

/**
 * GET me for the callers of one turn in one statement (the header asks for it on every page): for each
 * access token (server/auth openCallers: numbered by `at`), the user while that session is open — not
 * revoked, not expired, the token's own user — the wallet's available Rials and the unseen
 * notifications' counter. A caller whose session is not open has no row.
 */
const meRows = preparedOnce((db) => {
  const callers = openCallers(db);
  return db
    .select({
      at: sql<number>`k.at`.mapWith(Number),
      user: users,
      wallet: walletAvailableOf(users.id),
      unseen:
        sql<number>`coalesce((select ${notificationCounters.unseen} from ${notificationCounters} where ${notificationCounters.userId} = ${users.id}), 0)`.mapWith(
          Number,
        ),
    })
    .from(callers.from)
    .innerJoinLateral(callers.open, sql`true`)
    .innerJoin(users, sql`${users.id} = k.user_id`)
    .prepare("profile_me");
});

type Me = { user: User; wallet: number; unseen: number };

const meBatch = batchedPerDatabase<AccessClaims, Me>(
  async (db, callers) => {
    const rows = await meRows(db).execute({ callers: callersParam(callers) });
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
