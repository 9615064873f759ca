import { describe, expect } from "vitest";
import { and, eq, ne } from "drizzle-orm";
import { activities } from "@/server/db/schema";
import { checkLedgerInvariants } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";

// PostgreSQL only (*.pg.test.ts): a pace is a limit counted under the campaign's lock.
const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.6.${serial % 250}` }));

describe("pacing under concurrency (PostgreSQL)", () => {
  it("20 boosters starting at once on a campaign paced at 5 a day: exactly 5 start", async ({
    database,
    call,
    client,
    person,
    approvedCampaign,
  }) => {
    const { id, producer } = await approvedCampaign([{ metric: "likes", action: "like", unitPrice: 3_000, max: 100 }]);
    expect((await call(`campaigns/${id}/pace`, { per_day: 5 }, { method: "PUT", token: producer.token })).status).toBe(200);
    const boosters = [];
    // Each from an address of their own (sign-ups are counted per address).
    for (let i = 0; i < 20; i++) {
      client.address = `10.7.7.${i + 1}`;
      boosters.push(await person(0, true));
    }
    const answers = await Promise.all(boosters.map((booster) => call(`tasks/${id}.likes/start`, {}, { token: booster.token })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 409 && answer.body.error?.code === "task_unavailable")).toHaveLength(15);
    const live = await database.db
      .select()
      .from(activities)
      .where(and(eq(activities.campaignId, id), ne(activities.status, "denied")));
    expect(live).toHaveLength(5);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
