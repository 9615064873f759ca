import { describe, expect } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { activities, watchSessions } from "@/server/db/schema";
import { clawBack, releaseReward } from "@/server/activities/retention";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";

// PostgreSQL only (*.pg.test.ts): real connections racing.
// Each person registers from an address of their own (registration is limited per address); the
// calls after it come from there.
let address = 0;
const it = apiTest.override("person", ({ earnWorld, client }) => (wallet = 0, verified = false) => {
  address++;
  client.address = `10.8.${Math.floor(address / 250)}.${address % 250}`;
  return earnWorld.person(wallet, verified);
});

describe("earning under concurrency (PostgreSQL)", () => {
  it("the last unit of a line is taken by exactly one of 50 parallel starts", async ({ database, call, person, approvedCampaign }) => {
    const { id } = await approvedCampaign([{ metric: "likes", action: "like", unitPrice: 20_000, max: 1 }], person);
    const boosters = [];
    for (let i = 0; i < 50; i++) boosters.push(await person(0, true));
    const starts = await Promise.all(boosters.map((b) => call(`tasks/${id}.likes/start`, {}, { token: b.token })));
    expect(starts.filter((s) => s.status === 201)).toHaveLength(1);
    expect(starts.filter((s) => s.status === 409)).toHaveLength(49);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("a booster's daily allowance holds against parallel starts on different campaigns", async ({ call, person, admin, liveCampaign }) => {
    const adminToken = await admin();
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push((await liveCampaign(adminToken, undefined, person)).id);
    const booster = await person(0, true);
    process.env.TASKS_PER_DAY = "3";
    try {
      const starts = await Promise.all(ids.map((id) => call(`tasks/${id}.likes/start`, {}, { token: booster.token })));
      expect(starts.filter((s) => s.status === 201)).toHaveLength(3);
      expect(starts.filter((s) => s.status === 429)).toHaveLength(5);
    } finally {
      delete process.env.TASKS_PER_DAY;
    }
  });

  it("a release and a claw-back racing each other settle once", async ({ database, call, person, approvedCampaign, submitted }) => {
    const { adminToken, id } = await approvedCampaign(undefined, person);
    const booster = await person(0, true);
    const activityId = await submitted(booster.token, id, "likes");
    const approved = await call(`admin/activities/${activityId}/approve`, {}, { token: adminToken });
    const reward = approved.body.data.reward as number;
    const now = new Date(Date.now() + 8 * 86_400_000);
    const ctx = { db: database.db };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? releaseReward : clawBack)(ctx, { id: activityId, now })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const [row] = await database.db.select().from(activities).where(eq(activities.id, activityId));
    const balances = await balancesOf({ db: database.db }, { userId: booster.user.id });
    expect(balances.held).toBe(0);
    expect(balances.earnings).toBe(row!.status === "completed" ? reward : 0);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("ten parallel opens of one watched activity leave one watch session open (six to ten were left before)", async ({
    database,
    call,
    person,
    approvedCampaign,
  }) => {
    const video = { ...smartCampaign, link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" };
    const views = [{ metric: "views_per_post", action: "view", unitPrice: 3_000, max: 5 }];
    const { id: campaignId } = await approvedCampaign(views, person, video);
    const booster = await person(0, true);
    const started = await call(`tasks/${campaignId}.views_per_post/start`, {}, { token: booster.token });
    const id = started.body.data.id as string;
    for (let round = 0; round < 3; round++) {
      const opens = await Promise.all(
        Array.from({ length: 10 }, () => call(`activities/${id}/watch`, undefined, { token: booster.token })),
      );
      expect(opens.map((o) => o.status)).toEqual(Array(10).fill(201));
      const open = await database.db
        .select({ id: watchSessions.id })
        .from(watchSessions)
        .where(and(eq(watchSessions.activityId, id), isNull(watchSessions.endedAt)));
      expect(open).toHaveLength(1);
    }
  });
});
