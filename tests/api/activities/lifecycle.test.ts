import { describe, expect, vi } from "vitest";
import { releaseRewardsJob } from "@/server/jobs/earn";
import { eq, inArray } from "drizzle-orm";
import { tehranDay } from "@/lib/time/tehran";
import { activities, auditLog } from "@/server/db/schema";
import { approveOverdue } from "@/server/activities/deadline";
import { recheckEach, releaseDueRewards } from "@/server/activities/retention";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";

const it = apiTest
  .extend(
    "row",
    ({ database }) =>
      async (id: string) =>
        (await database.db.select().from(activities).where(eq(activities.id, id)))[0]!,
  )
  .override("client", ({ serial }) => ({ address: `10.7.1.${serial % 250}` }));
const DAY = 86_400_000;

describe("the boosters' work after submission", () => {
  it("revised once with a note and a fresh hour, approved, held for the retention period, then released to earnings", async ({
    database,
    call,
    person,
    approvedCampaign,
    submitted,
    get,
    row,
  }) => {
    const { adminToken, id: campaignId } = await approvedCampaign();
    const booster = await person(0, true);
    const activityId = await submitted(booster.token, campaignId, "likes", { proof_username: "@sara.rahimi" });
    expect((await row(activityId)).proofUsername).toBe("sara.rahimi");

    const revised = await call(
      `admin/activities/${activityId}/revise`,
      { note: "Show the like on the right video." },
      { token: adminToken },
    );
    expect(revised.status).toBe(200);
    expect(revised.body.data).toMatchObject({ status: "in_progress", revisions: 1, revision_note: "Show the like on the right video." });
    expect(new Date(revised.body.data.expires_at).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    const again = await call(`activities/${activityId}/submit`, { post_link: "https://youtu.be/dQw4w9WgXcQ" }, { token: booster.token });
    expect(again.body.data.status).toBe("awaiting_review");
    const twice = await call(`admin/activities/${activityId}/revise`, { note: "Once more, please." }, { token: adminToken });
    expect(twice.status).toBe(409);
    expect(twice.body.error!.code).toBe("revision_not_allowed");

    const approved = await call(`admin/activities/${activityId}/approve`, {}, { token: adminToken });
    expect(approved.body.data).toMatchObject({ status: "approved", decided_by: "admin", check_method: "review" });
    const releaseAt = new Date(approved.body.data.release_at).getTime();
    expect(releaseAt - new Date(approved.body.data.approved_at).getTime()).toBe(7 * DAY);
    const reward = approved.body.data.reward as number;
    const summary = await get("earn/summary", booster.token);
    expect(summary.body.data).toMatchObject({ verified: true, held: reward, available: 0, success_rate: 100 });
    expect(summary.body.data.next_release_at).toBe(approved.body.data.release_at);

    // Not yet due: nothing moves. Past the date: released once, however often the job runs.
    expect(await releaseDueRewards({ db: database.db }, { now: new Date(releaseAt - 1000) })).toEqual({ released: 0, dropped: 0 });
    expect(await releaseDueRewards({ db: database.db }, { now: new Date(releaseAt + 1000) })).toEqual({ released: 1, dropped: 0 });
    expect(await releaseDueRewards({ db: database.db }, { now: new Date(releaseAt + 2000) })).toEqual({ released: 0, dropped: 0 });
    expect(await balancesOf({ db: database.db }, { userId: booster.user.id })).toMatchObject({ held: 0, earnings: reward });
    expect((await get("activities?status=completed", booster.token)).body.data[0]).toMatchObject({ id: activityId, status: "completed" });
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("a denial carries its reason; one appeal returns it to the queue marked, and upheld it is paid by the platform", async ({
    database,
    call,
    person,
    approvedCampaign,
    escrow,
    submitted,
    get,
  }) => {
    const { adminToken, id: campaignId } = await approvedCampaign();
    const booster = await person(0, true);
    const activityId = await submitted(booster.token, campaignId, "likes");
    const stranger = await person(0, true);

    const unlisted = await call(
      `admin/activities/${activityId}/deny`,
      { code: "because", reason: "No like found." },
      { token: adminToken },
    );
    expect(unlisted.status).toBe(422);
    const denied = await call(`admin/activities/${activityId}/deny`, { code: "not_done", reason: "No like found." }, { token: adminToken });
    expect(denied.body.data).toMatchObject({ status: "denied", denial_code: "not_done", denial_reason: "No like found." });
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, activityId));
    expect(audit).toMatchObject({ action: "activity.deny", details: { code: "not_done", reason: "No like found.", appeal: false } });
    const escrowAfterDenial = await escrow(campaignId);

    expect((await call(`activities/${activityId}/appeal`, { note: "I liked it." }, { token: stranger.token })).status).toBe(404);
    const appealed = await call(`activities/${activityId}/appeal`, { note: "I liked it, here is my account." }, { token: booster.token });
    expect(appealed.body.data).toMatchObject({ status: "awaiting_review", appeal_note: "I liked it, here is my account." });
    const again = await call(`activities/${activityId}/appeal`, { note: "Again." }, { token: booster.token });
    expect(again.status).toBe(409);

    const queue = await get("admin/activities/queue", adminToken);
    expect(queue.body.data).toHaveLength(1);
    expect(queue.body.data[0]).toMatchObject({
      activity: { id: activityId },
      appealed: true,
      campaign: { id: campaignId, network: "youtube" },
      // Under appeal, the denial no longer counts against the booster.
      booster_history: { approved: 0, denied: 0, dropped: 0, success_rate: null },
    });
    expect((await get("admin/activities/queue", booster.token)).status).toBe(404);

    const upheld = await call(`admin/activities/${activityId}/approve`, {}, { token: adminToken });
    expect(upheld.body.data).toMatchObject({ status: "approved", cost: 0, denial_code: null });
    expect(await balancesOf({ db: database.db }, { userId: booster.user.id })).toMatchObject({ held: upheld.body.data.reward });
    expect(await escrow(campaignId)).toEqual(escrowAfterDenial);
    // Once only: denied again after the appeal, it cannot be appealed a second time.
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("expired work cannot be appealed; what waits past the review deadline is approved by it", async ({
    database,
    call,
    person,
    approvedCampaign,
    submitted,
    row,
  }) => {
    const { id: campaignId } = await approvedCampaign();
    const booster = await person(0, true);
    const started = await call(`tasks/${campaignId}.comments/start`, {}, { token: booster.token });
    await database.db
      .update(activities)
      .set({ status: "denied", denialCode: "expired", denialReason: null })
      .where(eq(activities.id, started.body.data.id));
    const late = await call(`activities/${started.body.data.id}/appeal`, { note: "I was late." }, { token: booster.token });
    expect(late.status).toBe(409);
    expect(late.body.error!.code).toBe("appeal_not_allowed");

    const waiting = await submitted(booster.token, campaignId, "likes");
    expect(await approveOverdue({ db: database.db }, { now: new Date(Date.now() + 71 * 3_600_000) })).toBe(0);
    expect(await approveOverdue({ db: database.db }, { now: new Date(Date.now() + 73 * 3_600_000) })).toBe(1);
    expect(await row(waiting)).toMatchObject({ status: "approved", decidedBy: "sla" });
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, waiting));
    expect(audit).toMatchObject({ action: "activity.approve_overdue", actorId: null });
  });

  it("work found undone at release is clawed back: the producer is not charged and the unit reopens", async ({
    database,
    call,
    person,
    approvedCampaign,
    escrow,
    approvedWork,
    get,
    row,
  }) => {
    const lines = [{ metric: "subscribers", action: "subscribe", unitPrice: 20_000, max: 2 }];
    const { adminToken, id: campaignId } = await approvedCampaign(lines);
    const before = await escrow(campaignId);
    const booster = await person(0, true);
    const activityId = await approvedWork(adminToken, booster.token, campaignId, "subscribers");
    await database.db.update(activities).set({ checkMethod: "api" }).where(eq(activities.id, activityId));
    // The second unit is taken: nothing is left for a third booster.
    expect((await call(`tasks/${campaignId}.subscribers/start`, {}, { token: (await person(0, true)).token })).status).toBe(201);
    const other = await person(0, true);
    expect((await call(`tasks/${campaignId}.subscribers/start`, {}, { token: other.token })).status).toBe(409);

    const due = new Date(Date.now() + 8 * DAY);
    const counts = await releaseDueRewards({ db: database.db }, { now: due, recheck: recheckEach(async () => "dropped") });
    expect(counts).toEqual({ released: 0, dropped: 1 });
    expect(await row(activityId)).toMatchObject({ status: "denied", denialCode: "dropped", denialReason: null, cost: 0 });
    expect(await balancesOf({ db: database.db }, { userId: booster.user.id })).toMatchObject({ held: 0, earnings: 0 });
    expect((await escrow(campaignId)).balance).toBe(before.balance);
    expect((await get(`campaigns/${campaignId}/delivery`, adminToken)).body.data).toMatchObject({ delivered: 0, dropped: 1 });
    expect((await call(`tasks/${campaignId}.subscribers/start`, {}, { token: other.token })).status).toBe(201);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("a plan's perks (issue 17): a gold member's rewards are held 3 days instead of 7, and 25 more tasks a day are allowed", async ({
    call,
    person,
    approvedCampaign,
    submitted,
    planId,
    get,
  }) => {
    const { adminToken, id: campaignId } = await approvedCampaign();
    const plain = await person(0, true);
    const member = await person(12_000_000, true);
    expect((await call("memberships", { plan_id: await planId("gold"), pay_from: "wallet" }, { token: member.token })).status).toBe(201);

    const base = (await get("earn/summary", plain.token)).body.data.allowance.per_day as number;
    expect((await get("earn/summary", member.token)).body.data.allowance.per_day).toBe(base + 25);

    const activityId = await submitted(member.token, campaignId, "likes");
    const approved = await call(`admin/activities/${activityId}/approve`, {}, { token: adminToken });
    const held = new Date(approved.body.data.release_at).getTime() - new Date(approved.body.data.approved_at).getTime();
    expect(held).toBe(3 * DAY);
  });

  it("bulk approval approves what waits and skips the rest; tasks filter by network and action; the allowance is counted", async ({
    call,
    person,
    approvedCampaign,
    submitted,
    get,
  }) => {
    const { adminToken, id: campaignId, producer } = await approvedCampaign();
    const one = await person(0, true);
    const two = await person(0, true);
    const first = await submitted(one.token, campaignId, "likes");
    const second = await submitted(two.token, campaignId, "likes");
    const missing = "00000000-0000-4000-8000-000000000000";
    const bulk = await call("admin/activities/approve", { ids: [first, second, missing] }, { token: adminToken });
    expect(bulk.body.data).toEqual({ approved: [first, second], skipped: [missing] });
    expect((await get(`campaigns/${campaignId}/delivery`, producer.token)).body.data).toMatchObject({ delivered: 2, reviewed: 2 });
    expect((await get(`campaigns/${campaignId}/delivery`, one.token)).status).toBe(404);

    const feed = await get("tasks?network=youtube&action=comment", one.token);
    expect(feed.body.data.map((t: { action: string }) => t.action)).toEqual(["comment"]);
    expect(feed.body.data[0]).toMatchObject({ check_method: "review", minutes_allowed: 60 });
    expect((await get("tasks?network=instagram", one.token)).body.meta.total).toBe(0);

    process.env.TASKS_PER_DAY = "1";
    try {
      const refused = await call(`tasks/${campaignId}.comments/start`, {}, { token: one.token });
      expect(refused.status).toBe(429);
      expect(refused.body.error!.code).toBe("task_allowance_spent");
      expect((await get("earn/summary", one.token)).body.data.allowance).toEqual({ per_day: 1, used: 1, remaining: 0 });
    } finally {
      delete process.env.TASKS_PER_DAY;
    }
  });

  it("the test clock: absent unless TEST_CLOCK=true, admins only, and it releases what is due after the jobs' clock moves", async ({
    rebuild,
    call,
    person,
    admin,
    liveCampaign,
    approvedWork,
    row,
  }) => {
    const adminToken = await admin();
    const run = (token: string, body: object) => call("test-clock/run", body, { token });
    expect((await run(adminToken, { job: "release-rewards", advance_seconds: 8 * 86_400 })).status).toBe(404);

    const { id: campaignId } = await liveCampaign(adminToken);
    const booster = await person(0, true);
    const activityId = await approvedWork(adminToken, booster.token, campaignId, "likes");

    process.env.TEST_CLOCK = "true";
    try {
      rebuild({});
      expect((await run(booster.token, { job: "release-rewards", advance_seconds: 8 * 86_400 })).status).toBe(404);
      expect((await run(adminToken, { job: "no-such-job" })).status).toBe(404);
      const bad = await run(adminToken, { job: "release-rewards", advance_seconds: -1 });
      expect(bad.status).toBe(422);
      // Not moved: nothing is due yet. Moved past the retention: released, once.
      const early = await run(adminToken, { job: "release-rewards" });
      expect(early.body.data.output).toEqual({ released: 0, dropped: 0 });
      const moved = await run(adminToken, { job: "release-rewards", advance_seconds: 8 * 86_400 });
      expect(moved.status).toBe(200);
      expect(moved.body.data.output).toEqual({ released: 1, dropped: 0 });
      expect(new Date(moved.body.data.now).getTime()).toBeGreaterThan(Date.now() + 7 * DAY);
      expect((await row(activityId)).status).toBe("completed");
      expect((await run(adminToken, { job: "release-rewards" })).body.data.output).toEqual({ released: 0, dropped: 0 });
    } finally {
      delete process.env.TEST_CLOCK;
    }
  });

  it("the release job frees a reward at its own time, not at the next quarter hour, and never before it", async ({
    person,
    admin,
    liveCampaign,
    approvedWork,
    row,
    database,
  }) => {
    const adminToken = await admin();
    const { id: campaignId } = await liveCampaign(adminToken);
    const activityId = await approvedWork(adminToken, (await person(0, true)).token, campaignId, "likes");
    const releaseAt = new Date(Date.now() + 1_500);
    await database.db.update(activities).set({ releaseAt }).where(eq(activities.id, activityId));
    // One scheduled run (every minute), started before the reward falls due and cut short once it is out.
    const job = releaseRewardsJob(null);
    expect(job.cron).toBe("* * * * *");
    const controller = new AbortController();
    const running = job.run({ db: database.db, signal: controller.signal, now: () => new Date(), scheduled: true });
    await vi.waitFor(async () => expect((await row(activityId)).status).toBe("completed"), { timeout: 10_000, interval: 100 });
    controller.abort();
    expect(await running).toEqual({ released: 1, dropped: 0 });
    const releasedAt = (await row(activityId)).releasedAt!.getTime();
    expect(releasedAt).toBeGreaterThanOrEqual(releaseAt.getTime());
    // Within seconds of its time (a run every 15 minutes let it wait up to a quarter of an hour).
    expect(releasedAt - releaseAt.getTime()).toBeLessThan(5_000);
  });

  it("a booster's earnings per Tehran day (earned, released, clawed back) and their held rewards by release day; theirs only", async ({
    person,
    admin,
    liveCampaign,
    approvedWork,
    row,
    get,
    database,
  }) => {
    const adminToken = await admin();
    const lines = [{ metric: "likes", action: "like", unitPrice: 3_000, max: 10 }];
    const first = await liveCampaign(adminToken, lines);
    const second = await liveCampaign(adminToken, lines);
    const third = await liveCampaign(adminToken, lines);
    const booster = await person(0, true);
    const kept = await approvedWork(adminToken, booster.token, first.id, "likes");
    const undone = await approvedWork(adminToken, booster.token, second.id, "likes");
    const held = await approvedWork(adminToken, booster.token, third.id, "likes");
    const reward = async (id: string) => (await row(id)).reward;
    // Two of them come due now: one kept, one found undone and clawed back; the third stays held.
    await database.db
      .update(activities)
      .set({ checkMethod: "api", releaseAt: new Date(Date.now() - 60_000) })
      .where(inArray(activities.id, [kept, undone]));
    expect(
      await releaseDueRewards(
        { db: database.db },
        { now: new Date(), recheck: recheckEach(async (a) => (a.id === undone ? "dropped" : "kept")) },
      ),
    ).toEqual({ released: 1, dropped: 1 });

    const history = await get("earn/history?days=7", booster.token);
    expect(history.status).toBe(200);
    const today = tehranDay(new Date());
    expect(history.body.data.days).toHaveLength(7);
    expect(history.body.data.days.at(-1)).toEqual({
      day: today,
      earned: (await reward(kept)) + (await reward(undone)) + (await reward(held)),
      released: await reward(kept),
      clawed_back: await reward(undone),
    });
    expect(history.body.data.days.slice(0, -1).every((d: { earned: number }) => d.earned === 0)).toBe(true);
    const releaseAt = (await row(held)).releaseAt!;
    expect(history.body.data.upcoming).toEqual([
      { day: tehranDay(releaseAt), first_at: releaseAt.toISOString(), count: 1, amount: await reward(held) },
    ]);
    expect((await get("earn/history", booster.token)).body.data.days).toHaveLength(90);

    // Another person's history is their own (empty); bounds are checked; a session is needed.
    const other = (await get("earn/history?days=7", (await person()).token)).body.data;
    expect(other.upcoming).toEqual([]);
    expect(other.days.every((d: { earned: number; released: number }) => d.earned + d.released === 0)).toBe(true);
    for (const days of ["0", "366", "x"]) {
      const refused = await get(`earn/history?days=${days}`, booster.token);
      expect([refused.status, Object.keys(refused.body.error?.fields ?? {})]).toEqual([422, ["days"]]);
    }
    expect((await get("earn/history")).status).toBe(401);
  });
});
