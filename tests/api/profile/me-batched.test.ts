import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { notificationCounters, sessions } from "@/server/db/schema";
import { signAccessToken } from "@/server/auth/jwt";
import { signingKey } from "@/server/auth/keys";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { fundWallet } from "@/tests/api/support/campaign-fixtures";
import { apiTest } from "@/tests/api/support/fixture";

// GET /api/me answers the callers of one turn in one statement (server/profile/me.ts): each must get
// their own user and figures, and a token whose session is not open must get 401 whoever it rides with.
const it = apiTest.override("client", () => ({ address: "10.3.0.1" }));

describe("GET me, many callers at once", () => {
  it("answers each caller with their own user, wallet and count; closed sessions get 401 beside them", async ({
    database,
    sms,
    client,
    call,
  }) => {
    const people: Awaited<ReturnType<typeof registerAndSignIn>>[] = [];
    for (let i = 0; i < 6; i++) {
      client.address = `10.3.1.${i + 1}`;
      const phone = `0912555000${i}`;
      const person = await registerAndSignIn(call, sms, { first_name: `Person${i}`, phone, email: `p${i}@example.com` });
      await fundWallet(database.db, person.user.id, (i + 1) * 10_000);
      await database.db
        .insert(notificationCounters)
        .values({ userId: person.user.id, unseen: i * 3 })
        .onConflictDoUpdate({ target: notificationCounters.userId, set: { unseen: i * 3 } });
      people.push(person);
    }
    // Person 4 logged out; person 5's session ran out.
    expect((await call("auth/logout", {}, { token: people[4]!.token })).status).toBe(200);
    const [, , , , , expired] = people;
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired!.user.id));

    // A token of ours that names no UUID (the statement casts them): refused alone, failing no one beside it.
    const odd = await signAccessToken(await signingKey({ db: database.db }), { userId: people[0]!.user.id, sessionId: "not-a-session" });
    const order = [0, 1, 2, 3, 4, 5, 3, 2, 1, 0, 5, 4, 0];
    const [oddAnswer, ...answers] = await Promise.all(
      [odd, ...order.map((i) => people[i]!.token)].map((token) => call("me", undefined, { method: "GET", token })),
    );
    expect(oddAnswer!.status).toBe(401);
    answers.forEach((answer, n) => {
      const i = order[n]!;
      if (i >= 4) {
        expect(answer.status).toBe(401);
        expect(answer.body.data).toBeUndefined();
        return;
      }
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        id: people[i]!.user.id,
        first_name: `Person${i}`,
        wallet_balance: (i + 1) * 10_000,
        unread_notifications: i * 3,
      });
    });
  });
});
