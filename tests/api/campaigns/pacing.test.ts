import { describe, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { activities, auditLog } from "@/server/db/schema";
import { tehranHour } from "@/lib/campaigns/pacing";
import { addDays, tehranDay } from "@/lib/time/tehran";
import { apiTest } from "@/tests/api/support/fixture";

const lines = [{ metric: "likes", action: "like", unitPrice: 3_000, max: 10 }];

const it = apiTest
  .override("client", ({ serial }) => ({ address: `10.7.5.${serial % 250}` }))
  // The campaign paced here: a producer's approved one of ten likes; `pace(body)` sets its pace as its owner (or as `token`).
  .extend("campaign", async ({ approvedCampaign, call }) => {
    const campaign = await approvedCampaign(lines);
    const pace = (body: object, token = campaign.producer.token) => call(`campaigns/${campaign.id}/pace`, body, { method: "PUT", token });
    return { ...campaign, pace };
  });

describe("pacing", () => {
  it("a paced campaign offers only its daily units; the next Tehran day it offers again; the expected end follows the pace", async ({
    database,
    call,
    person,
    get,
    campaign: { id, pace },
  }) => {
    const set = await pace({ per_day: 2 });
    expect(set.status).toBe(200);
    expect(set.body.data.campaign.pace).toEqual({ per_day: 2, per_hour: null, hours_from: null, hours_to: null, starts_on: null });
    // 10 likes at 2 a day: 5 days, today the first.
    expect(set.body.data.campaign.expected_end).toBe(addDays(tehranDay(new Date()), 4));
    const offered = async (token: string) =>
      ((await get("tasks?network=youtube", token)).body.data as { campaign_id: string }[]).some((task) => task.campaign_id === id);

    const boosters = [await person(0, true), await person(0, true), await person(0, true)];
    for (const booster of boosters.slice(0, 2))
      expect((await call(`tasks/${id}.likes/start`, {}, { token: booster.token })).status).toBe(201);
    expect(await offered(boosters[2]!.token)).toBe(false);
    const refused = await call(`tasks/${id}.likes/start`, {}, { token: boosters[2]!.token });
    expect([refused.status, refused.body.error?.code]).toEqual([409, "task_unavailable"]);

    // A day later (the two were started yesterday, Tehran time): offered again.
    await database.db
      .update(activities)
      .set({ createdAt: sql`${activities.createdAt} - interval '1 day'` })
      .where(eq(activities.campaignId, id));
    expect(await offered(boosters[2]!.token)).toBe(true);
    expect((await call(`tasks/${id}.likes/start`, {}, { token: boosters[2]!.token })).status).toBe(201);
  });

  it("hours of the day and a start day keep the work back; per hour caps it; unpaced again, it is offered", async ({
    call,
    person,
    get,
    campaign: { id, pace },
  }) => {
    const booster = await person(0, true);
    const offered = async () =>
      ((await get("tasks?network=youtube", booster.token)).body.data as { campaign_id: string }[]).some((task) => task.campaign_id === id);
    const hour = tehranHour(new Date());
    // The hours that are not now (the window after this hour to the day's end, or before it).
    const elsewhere = hour < 23 ? { hours_from: hour + 1, hours_to: 24 } : { hours_from: 0, hours_to: 23 };
    expect((await pace(elsewhere)).status).toBe(200);
    expect(await offered()).toBe(false);
    expect((await pace({ hours_from: hour, hours_to: hour + 1 })).status).toBe(200);
    expect(await offered()).toBe(true);
    expect((await pace({ starts_on: addDays(tehranDay(new Date()), 1) })).status).toBe(200);
    expect(await offered()).toBe(false);
    expect((await pace({ per_hour: 1 })).status).toBe(200);
    expect((await call(`tasks/${id}.likes/start`, {}, { token: booster.token })).status).toBe(201);
    expect(await offered()).toBe(false); // the hour's one unit is taken (and this booster holds it)
    const other = await person(0, true);
    expect((await call(`tasks/${id}.likes/start`, {}, { token: other.token })).status).toBe(409);
    expect((await pace({})).status).toBe(200);
    expect((await call(`tasks/${id}.likes/start`, {}, { token: other.token })).status).toBe(201);
  });

  it("a pace is checked and audited; another's campaign is not found; an ended one cannot be paced", async ({
    database,
    person,
    campaign: { id, pace },
  }) => {
    const cases: [object, string][] = [
      [{ per_day: 0 }, "per_day"],
      [{ per_hour: 1.5 }, "per_hour"],
      [{ hours_from: 8 }, "hours_to"],
      [{ hours_to: 8 }, "hours_from"],
      [{ hours_from: 9, hours_to: 9 }, "hours_to"],
      [{ hours_from: 0, hours_to: 25 }, "hours_to"],
      [{ starts_on: addDays(tehranDay(new Date()), -1) }, "starts_on"],
      [{ starts_on: "2026-13-01" }, "starts_on"],
    ];
    for (const [body, field] of cases) {
      const refused = await pace(body);
      expect([refused.status, Object.keys(refused.body.error?.fields ?? {})], JSON.stringify(body)).toEqual([422, [field]]);
    }
    expect((await pace({ per_day: 5 }, (await person()).token)).status).toBe(404);
    expect((await pace({ per_day: 5 })).status).toBe(200);
    expect((await pace({ per_day: 5 })).status).toBe(200);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.filter((row) => row.action === "campaign.pace")).toHaveLength(1);
    await database.db.execute(sql`update campaigns set status = 'completed' where id = ${id}`);
    expect((await pace({ per_day: 3 })).status).toBe(409);
  });
});
