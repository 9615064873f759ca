import { describe, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { activities, campaignDeliveryDays } from "@/server/db/schema";
import { releaseDueRewards } from "@/server/activities/retention";
import { checkLedgerInvariants } from "@/server/ledger";
import { addDays, tehranDay } from "@/lib/time/tehran";
import { apiTest } from "@/tests/api/support/fixture";

const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.3.${serial % 250}` }));

describe("what a producer bought, proven", () => {
  it("progress is the value delivered, the same on the list, the dashboard and the view, with units per line and posts worked", async ({
    person,
    admin,
    liveCampaign,
    approvedWork,
    get,
  }) => {
    const adminToken = await admin();
    const lines = [
      { metric: "likes", action: "like", unitPrice: 3_000, max: 10 },
      { metric: "views_per_post", action: "view", unitPrice: 1_500, max: 20 },
    ];
    const { id, producer } = await liveCampaign(adminToken, lines);
    const boosters = [await person(0, true), await person(0, true)];
    for (const booster of boosters) await approvedWork(adminToken, booster.token, id, "likes");
    // 2 likes of 10 (6,000 of 60,000 Rials): 10 %, where counting units would say 2 of 30.
    const view = (await get(`campaigns/${id}`, producer.token)).body.data;
    expect(view).toMatchObject({ progress: 10, delivered: { likes: 2 }, posts_worked: 1 });
    const listed = (await get("campaigns", producer.token)).body.data.find((c: { id: string }) => c.id === id);
    expect(listed).toMatchObject({ progress: 10, delivered: { likes: 2 } });
    const dashboard = (await get("dashboard", producer.token)).body.data.active_campaigns.items.find((c: { id: string }) => c.id === id);
    expect(dashboard).toMatchObject({ progress: 10, delivered: { likes: 2 } });
    const admins = (await get(`campaigns/${id}`, adminToken)).body.data;
    expect(admins.progress).toBe(10);
  });

  it("prices and the booster's share are locked at purchase: a later change of the price list applies to new campaigns only", async ({
    call,
    person,
    approvedCampaign,
    get,
  }) => {
    const { adminToken, id } = await approvedCampaign();
    const booster = await person(0, true);
    const before = (await get("tasks?network=youtube&action=like", booster.token)).body.data.find(
      (task: { campaign_id: string }) => task.campaign_id === id,
    );
    const change = { prices: [{ network: "youtube", action: "like", price: 9_000, booster_share: 0.9 }] };
    expect((await call("admin/pricing", change, { method: "PUT", token: adminToken })).status).toBe(200);
    const after = (await get("tasks?network=youtube&action=like", booster.token)).body.data.find(
      (task: { campaign_id: string }) => task.campaign_id === id,
    );
    expect(after.reward).toBe(before.reward);
    const started = await call(`tasks/${id}.likes/start`, {}, { token: booster.token });
    expect(started.status).toBe(201);
    expect(started.body.data.reward).toBe(before.reward);
  });

  it("delivery per Tehran day from the rollup: delivered, how checked, dropped and refilled; the expected end; a window of days", async ({
    database,
    person,
    approvedCampaign,
    approvedWork,
    get,
  }) => {
    const lines = [{ metric: "subscribers", action: "subscribe", unitPrice: 20_000, max: 4 }];
    const { adminToken, id, producer } = await approvedCampaign(lines);
    const approved: string[] = [];
    for (let i = 0; i < 2; i++) approved.push(await approvedWork(adminToken, (await person(0, true)).token, id, "subscribers"));
    const today = tehranDay(new Date());
    const first = (await get(`campaigns/${id}/delivery?days=7`, producer.token)).body.data;
    expect(first.days).toHaveLength(1); // the campaign began today: no day before it
    expect(first.days[0]).toEqual({ day: today, delivered: 2, auto_checked: 0, watched: 0, reviewed: 2, dropped: 0, refilled: 0 });
    expect(first).toMatchObject({ delivered: 2, reviewed: 2, dropped: 0, refilled: 0, awaiting_review: 0 });
    expect(first.eta).toEqual({ remaining: 2, rate_per_day: Math.round((2 / 7) * 100) / 100, at: expect.any(String) });
    expect(first.network).toEqual({ status: "not_available", start: null, start_at: null, days: [] });

    // Time passes: the rollup rows move back as the days go by (the campaign began 3 days ago, the two were delivered 2 days ago).
    const daysPass = async (n: number) => {
      await database.db.execute(sql`update campaign_delivery_days set day = day - ${n}::int where campaign_id = ${id}`);
      await database.db.execute(sql`update campaigns set created_at = created_at - make_interval(days => ${n}::int) where id = ${id}`);
    };
    await daysPass(2);
    // One of them is found undone at release today: dropped today, and the unit reopens.
    await database.db
      .update(activities)
      .set({ checkMethod: "api", releaseAt: new Date(Date.now() - 60_000) })
      .where(eq(activities.id, approved[0]!));
    expect(await releaseDueRewards({ db: database.db }, { now: new Date(), recheck: async () => "dropped" })).toMatchObject({ dropped: 1 });
    await daysPass(1);
    // The next day another booster refills it.
    await approvedWork(adminToken, (await person(0, true)).token, id, "subscribers");
    const dropDay = addDays(today, -1);
    const rows = await database.db.select().from(campaignDeliveryDays).where(eq(campaignDeliveryDays.campaignId, id));
    expect(rows.map((row) => [row.day, row.delivered, row.dropped]).sort()).toEqual([
      [addDays(today, -3), 2, 0],
      [dropDay, 0, 1],
      [today, 1, 0],
    ]);

    const later = (await get(`campaigns/${id}/delivery?days=365`, producer.token)).body.data;
    expect(later).toMatchObject({ delivered: 2, dropped: 1, refilled: 1 });
    expect(later.days.find((day: { day: string }) => day.day === dropDay)).toMatchObject({ dropped: 1, refilled: 0 });
    expect(later.days.find((day: { day: string }) => day.day === today)).toMatchObject({ delivered: 1, refilled: 1 });
    expect(later.days).toHaveLength(4); // from the campaign's first day, 3 days ago, to today
    expect(later.eta).toMatchObject({ remaining: 2, rate_per_day: 0.29 }); // 2 + 1 delivered, 1 dropped: 2 units in 7 days
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);

    for (const days of ["0", "366", "x"]) {
      const refused = await get(`campaigns/${id}/delivery?days=${days}`, producer.token);
      expect([refused.status, Object.keys(refused.body.error?.fields ?? {})]).toEqual([422, ["days"]]);
    }
    expect((await get(`campaigns/${id}/delivery`, (await person()).token)).status).toBe(404);
  });

  it("each action has a refill guarantee, editable in the back office, locked on the campaign's invoice at purchase", async ({
    call,
    admin,
    liveCampaign,
    get,
  }) => {
    const adminToken = await admin();
    const prices = (await get("pricing", adminToken)).body.data as { network: string; action: string; refill_days: number }[];
    const days = (action: string) => prices.find((p) => p.network === "youtube" && p.action === action)!.refill_days;
    expect([days("subscribe"), days("like"), days("comment"), days("view"), days("watch_minute")]).toEqual([30, 30, 30, 0, 0]);

    const { id, producer } = await liveCampaign(adminToken);
    const campaign = (await get(`campaigns/${id}`, producer.token)).body.data;
    const line = (metric: string) => campaign.invoice.lines.find((l: { metric: string }) => l.metric === metric);
    expect([line("likes").refill_days, line("views_per_post").refill_days]).toEqual([30, 0]);
    expect(campaign.guarantee_ends_at).toBe(new Date(Date.parse(campaign.ends_at) + 30 * 86_400_000).toISOString());

    // The back office lengthens the like guarantee: new campaigns get it, this one keeps its own.
    const change = { prices: [{ network: "youtube", action: "like", price: 3_000, booster_share: 0.6, refill_days: 90 }] };
    const changed = await call("admin/pricing", change, { method: "PUT", token: adminToken });
    expect(changed.status).toBe(200);
    expect(
      changed.body.data.find((p: { action: string; network: string }) => p.network === "youtube" && p.action === "like").refill_days,
    ).toBe(90);
    expect(
      (await get(`campaigns/${id}`, producer.token)).body.data.invoice.lines.find((l: { metric: string }) => l.metric === "likes")
        .refill_days,
    ).toBe(30);
    // Without refill_days (an older client) the guarantee stays; beyond a year it is refused on its field.
    const older = { network: "youtube", action: "like", price: 3_000, booster_share: 0.6 };
    const kept = await call("admin/pricing", { prices: [{ ...older, price: 3_500 }] }, { method: "PUT", token: adminToken });
    expect(kept.body.data.find((p: { action: string; network: string }) => p.network === "youtube" && p.action === "like")).toMatchObject({
      price: 3_500,
      refill_days: 90,
    });
    const tooLong = await call("admin/pricing", { prices: [{ ...older, refill_days: 366 }] }, { method: "PUT", token: adminToken });
    expect([tooLong.status, Object.keys(tooLong.body.error?.fields ?? {})]).toEqual([422, ["prices.0.refill_days"]]);
  });
});
