import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { notificationCounters, sessions, users, type User } from "@/server/db/schema";
import { preparedOnce } from "@/server/db/prepared";
import { isOpenSession } from "@/server/auth/sessions";
import type { AccessClaims } from "@/server/auth/jwt";
import { userBalanceCodes, userBalanceColumns } from "@/server/ledger";

/**
 * GET me in one statement (the header asks for it on every page): the user behind the access token
 * while its session is open, the wallet's available Rials and the unseen notifications' counter —
 * no round trip of its own for the session (as the campaign list and the dashboard).
 */
const meRow = preparedOnce((db) =>
  db
    .select({
      user: users,
      wallet: userBalanceColumns.wallet,
      unseen:
        sql<number>`coalesce((select ${notificationCounters.unseen} from ${notificationCounters} where ${notificationCounters.userId} = ${sessions.userId}), 0)`.mapWith(
          Number,
        ),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(isOpenSession)
    .prepare("profile_me"),
);

/** The caller with the header's figures, or null when the token's session is not open. */
export async function meFor(db: Db, claims: AccessClaims): Promise<{ user: User; wallet: number; unseen: number } | null> {
  const [row] = await meRow(db).execute({ sessionId: claims.sessionId, userId: claims.userId, ...userBalanceCodes(claims.userId) });
  return row ?? null;
}
