import { describe, expect } from "vitest";
import { notifications } from "@/server/db/schema";
import { closeSessions, registerAndSignIn } from "@/tests/api/support/account-helpers";
import { apiTest } from "@/tests/api/support/fixture";

// Every authenticated request's session is checked with the others of its turn in one statement
// (server/auth/sessions.ts authenticate): each caller must be answered as themselves, and a caller whose
// session is not open 401, whoever rides beside them.
const it = apiTest.override("client", () => ({ address: "10.3.5.1" }));

describe("authentication, many callers at once", () => {
  it("answers each caller as themselves; closed sessions get 401 beside open ones", async ({ database, sms, client, call }) => {
    const people: Awaited<ReturnType<typeof registerAndSignIn>>[] = [];
    for (let i = 0; i < 5; i++) {
      client.address = `10.3.5.${i + 10}`;
      const person = await registerAndSignIn(call, sms, { first_name: `A${i}`, phone: `0912777000${i}`, email: `a${i}@example.com` });
      // Person i has i + 1 notifications: the count tells whose list came back.
      await database.db.insert(notifications).values(
        Array.from({ length: i + 1 }, (_, n) => ({
          userId: person.user.id,
          kind: "campaign_approved" as const,
          dedupeKey: `a${i}-${n}`,
        })),
      );
      people.push(person);
    }
    // Person 3 logged out; person 4's session ran out.
    await closeSessions(call, database.db, { loggedOut: people[3]!, expired: people[4]! });

    const order = [0, 1, 2, 3, 4, 2, 1, 0, 4, 3, 0, 3, 1, 4, 2];
    const answers = await Promise.all(order.map((i) => call("notifications", undefined, { method: "GET", token: people[i]!.token })));
    answers.forEach((answer, n) => {
      const i = order[n]!;
      if (i >= 3) {
        expect(answer.status, `caller ${n} (person ${i})`).toBe(401);
        expect(answer.body.data).toBeUndefined();
        return;
      }
      expect(answer.status, `caller ${n} (person ${i})`).toBe(200);
      expect(answer.body.meta.total, `caller ${n} (person ${i})`).toBe(i + 1);
    });
  });
});
