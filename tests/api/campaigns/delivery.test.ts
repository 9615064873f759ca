import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { activities, campaignDeliveryDays } from "@/server/db/schema";
import { recheckEach, releaseDueRewards } from "@/server/activities/retention";
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
    expect(await releaseDueRewards({ db: database.db }, { now: new Date(), recheck: recheckEach(async () => "dropped") })).toMatchObject({
      dropped: 1,
    });
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

  it("a drop refilled on its own day is counted refilled that day, in the order of the changes; one refilled only once", async ({
    person,
    admin,
    liveCampaign,
    approvedWork,
    get,
    database,
  }) => {
    const adminToken = await admin();
    const { id, producer } = await liveCampaign(adminToken, [{ metric: "likes", action: "like", unitPrice: 3_000, max: 10 }]);
    const today = tehranDay(new Date());
    const approved = [
      await approvedWork(adminToken, (await person(0, true)).token, id, "likes"),
      await approvedWork(adminToken, (await person(0, true)).token, id, "likes"),
    ];
    // Both found undone at release this morning: dropped today, two units reopen.
    await database.db
      .update(activities)
      .set({ checkMethod: "api", releaseAt: new Date(Date.now() - 60_000) })
      .where(
        sql`${activities.id} in (${sql.join(
          approved.map((a) => sql`${a}`),
          sql`, `,
        )})`,
      );
    expect(await releaseDueRewards({ db: database.db }, { now: new Date(), recheck: recheckEach(async () => "dropped") })).toMatchObject({
      dropped: 2,
    });
    const open = async () =>
      (await database.db.execute<{ drops_open: number }>(sql`select drops_open from campaigns where id = ${id}`)).rows[0]!.drops_open;
    expect(await open()).toBe(2);
    // Another booster delivers one the same day: it refills one of the two, on this very day (the days-after reading never showed it).
    await approvedWork(adminToken, (await person(0, true)).token, id, "likes");
    expect(await open()).toBe(1);
    const delivery = (await get(`campaigns/${id}/delivery?days=7`, producer.token)).body.data;
    expect(delivery.days.find((day: { day: string }) => day.day === today)).toMatchObject({ delivered: 3, dropped: 2, refilled: 1 });
    expect(delivery).toMatchObject({ delivered: 1, dropped: 2, refilled: 1 });
    // Two more the same day: one refills the last drop, the other is plain delivery (never more refilled than dropped).
    await approvedWork(adminToken, (await person(0, true)).token, id, "likes");
    await approvedWork(adminToken, (await person(0, true)).token, id, "likes");
    expect(await open()).toBe(0);
    const later = (await get(`campaigns/${id}/delivery?days=7`, producer.token)).body.data;
    expect(later).toMatchObject({ delivered: 3, dropped: 2, refilled: 2 });
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("migration 0031 keeps the refills read before it: the days after a drop refilled it, and what none refilled stays open", async ({
    admin,
    liveCampaign,
    database,
  }) => {
    const { id } = await liveCampaign(await admin());
    await database.db.execute(sql`insert into campaign_delivery_days (campaign_id, day, delivered, auto_checked, dropped) values
      (${id}, '2026-11-01', 5, 5, 0), (${id}, '2026-11-03', 2, 2, 3), (${id}, '2026-11-04', 1, 1, 0), (${id}, '2026-11-06', 4, 4, 2)`);
    // The migration's last statement, the backfill, run again on these rows as it ran on the rows it found.
    const migration = readFileSync("server/db/migrations/0031_refilled_in_order.sql", "utf8").split("--> statement-breakpoint");
    await database.db.execute(sql.raw(migration.at(-1)!));
    const rows = await database.db.execute<{ day: string; refilled: number }>(
      sql`select day::text as day, refilled from campaign_delivery_days where campaign_id = ${id} order by day`,
    );
    expect(rows.rows.map((row) => [row.day, row.refilled])).toEqual([
      ["2026-11-01", 0],
      ["2026-11-03", 0],
      ["2026-11-04", 1],
      ["2026-11-06", 2],
    ]);
    // 5 dropped, 3 refilled: the next 2 units delivered refill the rest.
    const open = await database.db.execute<{ drops_open: number }>(sql`select drops_open from campaigns where id = ${id}`);
    expect(open.rows[0]!.drops_open).toBe(2);
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
