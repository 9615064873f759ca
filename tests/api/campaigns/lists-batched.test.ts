import { describe, expect } from "vitest";
import { campaigns, transactions } from "@/server/db/schema";
import type { CampaignStatus } from "@/lib/campaigns/state-machine";
import { closeSessions, registerAndSignIn } from "@/tests/api/support/account-helpers";
import { countDrift, fundWallet } from "@/tests/api/support/campaign-fixtures";
import { apiTest } from "@/tests/api/support/fixture";

// The campaign list, the dashboard and the transaction list answer the callers of one turn in one
// statement (server/auth/caller-pages.ts, server/campaigns/queries.ts): each caller must get their own
// page, total and figures, and a caller whose session is not open 401, whoever rides beside them.
const it = apiTest.override("client", () => ({ address: "10.3.4.1" }));

describe("the lists, many callers at once", () => {
  it("answers each caller with their own page, total and figures; closed sessions get 401 beside them", async ({
    database,
    sms,
    client,
    call,
  }) => {
    const people: Awaited<ReturnType<typeof registerAndSignIn>>[] = [];
    const statuses: CampaignStatus[] = ["active", "completed", "awaiting_review"];
    for (let i = 0; i < 5; i++) {
      client.address = `10.3.4.${i + 10}`;
      const person = await registerAndSignIn(call, sms, { first_name: `P${i}`, phone: `0912666000${i}`, email: `l${i}@example.com` });
      await fundWallet(database.db, person.user.id, (i + 1) * 10_000);
      // Person i has 3 × (i + 1) campaigns (a third of each status) and i + 2 transactions, newest first by minute.
      await database.db.insert(campaigns).values(
        Array.from({ length: 3 * (i + 1) }, (_, n) => ({
          ownerId: person.user.id,
          name: `P${i} #${n}`,
          network: "youtube" as const,
          strategy: "smart" as const,
          link: "https://www.youtube.com/@takapoo_channel",
          followerCount: 1000,
          status: statuses[n % 3]!,
          invoice: { lines: [], subtotal: 0, fee: 0, total: 0 },
          budget: 1000,
          createdAt: new Date(Date.now() - (n + 1) * 60_000),
        })),
      );
      await database.db.insert(transactions).values(
        Array.from({ length: i + 2 }, (_, n) => ({
          userId: person.user.id,
          amount: 1000 * (i + 1) + n,
          intent: "wallet_charge" as const,
          status: n % 2 ? ("failed" as const) : ("paid" as const),
          createdAt: new Date(Date.now() - (n + 1) * 60_000),
        })),
      );
      people.push(person);
    }
    // Person 3 logged out; person 4's session ran out.
    await closeSessions(call, database.db, { loggedOut: people[3]!, expired: people[4]! });

    const order = [0, 1, 2, 3, 4, 2, 1, 0, 4, 3];
    const get = (path: string, i: number) => call(path, undefined, { method: "GET", token: people[i]!.token });
    const asked = order.flatMap((i, n) => [
      { i, path: `campaigns?per_page=2&page=${1 + (n % 2)}` },
      { i, path: "campaigns?status=active&per_page=2" },
      { i, path: "campaigns?page=50" },
      { i, path: "dashboard" },
      { i, path: `wallet/transactions?per_page=2&page=${1 + (n % 2)}` },
      { i, path: "wallet/transactions?status=failed" },
    ]);
    const answers = await Promise.all(asked.map(({ i, path }) => get(path, i)));
    answers.forEach((answer, n) => {
      const { i, path } = asked[n]!;
      if (i >= 3) {
        expect(answer.status, path).toBe(401);
        expect(answer.body.data, path).toBeUndefined();
        return;
      }
      expect(answer.status, path).toBe(200);
      const names = (answer.body.data as { name: string }[] | undefined)?.map?.((c) => c.name);
      const page = Number(/[?&]page=(\d+)/.exec(path)?.[1] ?? 1);
      if (path.startsWith("campaigns?per_page")) {
        expect(answer.body.meta.total, path).toBe(3 * (i + 1));
        const onPage = [2 * page - 2, 2 * page - 1].filter((n) => n < 3 * (i + 1));
        expect(names, path).toEqual(onPage.map((n) => `P${i} #${n}`));
      } else if (path.startsWith("campaigns?status")) {
        expect(answer.body.meta.total, path).toBe(i + 1);
        expect(names, path).toEqual([`P${i} #0`, `P${i} #3`].slice(0, i + 1));
      } else if (path === "campaigns?page=50") {
        expect(answer.body, path).toMatchObject({ data: [], meta: { total: 3 * (i + 1) } });
      } else if (path === "dashboard") {
        expect(answer.body.data, path).toMatchObject({
          campaigns: { active: i + 1, completed: i + 1, awaiting_review: i + 1 },
          wallet: { wallet_balance: (i + 1) * 10_000 },
          active_campaigns: { count: i + 1 },
        });
        expect(answer.body.data.active_campaigns.items.map((c: { name: string }) => c.name)).toEqual(
          Array.from({ length: i + 1 }, (_, n) => `P${i} #${3 * n}`),
        );
      } else if (path.startsWith("wallet/transactions?per_page")) {
        // The wallet's funding is not a gateway transaction: only the rows inserted above are listed.
        expect(answer.body.meta.total, path).toBe(i + 2);
        const amounts = answer.body.data.map((t: { amount: number }) => t.amount);
        const expected = [2 * page - 2, 2 * page - 1].filter((n) => n < i + 2).map((n) => 1000 * (i + 1) + n);
        expect(amounts, path).toEqual(expected);
      } else {
        const failed = Array.from({ length: i + 2 }, (_, n) => n).filter((n) => n % 2);
        expect(answer.body.meta.total, path).toBe(failed.length);
        expect(
          answer.body.data.map((t: { amount: number; status: string }) => [t.amount, t.status]),
          path,
        ).toEqual(failed.map((n) => [1000 * (i + 1) + n, "failed"]));
      }
    });
    expect(await countDrift(database.db)).toEqual([]);
  });
});
