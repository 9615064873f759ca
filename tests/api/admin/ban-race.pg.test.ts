import { describe, expect } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { ledgerAccounts, sessions, users } from "@/server/db/schema";
import { apiTest } from "@/tests/api/support/fixture";
import { openSession } from "@/server/auth/sessions";
import { signingKey } from "@/server/auth/keys";
import { banUser } from "@/server/people/ban";
import { checkLedgerInvariants, userAccountCode } from "@/server/ledger";
import { AppError } from "@/server/core/errors";

// PostgreSQL only (*.pg.test.ts): a ban racing sign-ins and spending on real connections. No session
// opened around the ban survives it, and the money it holds is exactly what was there when it committed.
const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.24.${serial % 250}` }));

describe("a ban under concurrency (PostgreSQL)", () => {
  it("30 sign-ins racing a ban: each is refused or its session ended; none stays open", async ({ database, person, admin }) => {
    await admin();
    const [adminRow] = await database.db.select().from(users).where(eq(users.role, "admin"));
    const target = await person(1_000_000);
    const key = await signingKey({ db: database.db });
    const signIns = Array.from({ length: 30 }, () =>
      database.db
        .transaction((tx) =>
          openSession({ db: database.db, tx: tx }, { key, userId: target.user.id, meta: { userAgent: "race", ip: "10.7.24.9" } }),
        )
        .then(() => "opened" as const)
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === "account_banned") return "refused" as const;
          throw error;
        }),
    );
    const ban = banUser(
      { db: database.db, actor: adminRow!, ip: "10.7.24.1" },
      { userId: target.user.id, reason: "Racing", expiresAt: new Date(Date.now() + 86_400_000) },
    );
    const outcomes = await Promise.all([...signIns, ban.then(() => "banned" as const)]);
    expect(outcomes).toContain("banned");
    const open = await database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, target.user.id), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
    // After the ban every sign-in is refused.
    await expect(
      database.db.transaction((tx) =>
        openSession({ db: database.db, tx: tx }, { key, userId: target.user.id, meta: { userAgent: null, ip: null } }),
      ),
    ).rejects.toThrow(AppError);
  });

  it("a ban racing the user's own spending holds exactly what is left: nothing overdrawn, nothing lost", async ({
    database,
    call,
    person,
    admin,
    planId,
  }) => {
    await admin();
    const [adminRow] = await database.db.select().from(users).where(eq(users.role, "admin"));
    const target = await person(3_000_000, true);
    const bronze = await planId("bronze");
    // Plans bought from the wallet while the ban is being made: each is paid or refused, none half-done.
    const spends = Array.from({ length: 6 }, () => call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: target.token }));
    const [banned] = await Promise.all([
      banUser(
        { db: database.db, actor: adminRow!, ip: null },
        { userId: target.user.id, reason: "Racing money", expiresAt: new Date(Date.now() + 86_400_000) },
      ),
      ...spends,
    ]);
    const [wallet] = await database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, userAccountCode(target.user.id, "wallet")));
    const [frozen] = await database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, userAccountCode(target.user.id, "frozen")));
    expect(frozen?.balance).toBe(banned.heldWallet);
    expect((wallet?.balance ?? 0) - (wallet?.pendingDebits ?? 0)).toBe(0);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
