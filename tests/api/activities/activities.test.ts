import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { activities, ledgerAccounts, users } from "@/server/db/schema";
import { expireActivities } from "@/server/activities/review";
import { balancesOf, checkLedgerInvariants, systemAccountCode } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import { smartCampaign } from "@/tests/api/support/campaign-fixtures";

const it = apiTest
  .override("client", ({ serial }) => ({ address: `10.7.0.${serial % 250}` }))
  // For the tests that need no targets of their own: a producer's approved Smart campaign, and the admin's token.
  .extend("campaign", ({ approvedCampaign }) => approvedCampaign());
// Whatever a test moved, the ledger stays sound.
it.afterEach(async ({ database }) => {
  expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
});

describe("boosters' activities on a campaign", () => {
  it("a verified booster takes a task, submits it, an admin approves it: reward held, campaign spend and progress follow", async ({
    database,
    call,
    person,
    escrow,
    get,
    campaign: { adminToken, producer, id },
  }) => {
    const unverified = await person();
    const refused = await get("tasks", unverified.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error!.message).toBe("Verify your identity in your profile before you take tasks.");

    // Producers never see their own campaign's tasks.
    await database.db.update(users).set({ identityStatus: "identity_verified" }).where(eq(users.id, producer.user.id));
    expect((await get("tasks", producer.token)).body.meta.total).toBe(0);
    expect((await call(`tasks/${id}.likes/start`, {}, { token: producer.token })).status).toBe(404);

    const booster = await person(0, true);
    const tasks = await get("tasks", booster.token);
    expect(tasks.status).toBe(200);
    const metrics = (tasks.body.data as { metric: string }[]).map((t) => t.metric).sort();
    expect(metrics).toEqual(["comments", "likes", "views_per_post", "watch_minutes"]);
    const likeTask = (tasks.body.data as { id: string; metric: string; reward: number; type: string }[]).find((t) => t.metric === "likes")!;
    expect(likeTask).toMatchObject({ id: `${id}.likes`, type: "video", reward: 1_800 });

    const started = await call(`tasks/${likeTask.id}/start`, {}, { token: booster.token });
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({
      status: "in_progress",
      action: "like",
      budget: 3_000,
      cost: 0,
      reward: 1_800,
      booster: "R*** K***",
    });
    expect(await escrow(id)).toMatchObject({ pending: 3_000 });
    const again = await call(`tasks/${likeTask.id}/start`, {}, { token: booster.token });
    expect(again.status).toBe(409);
    expect(again.body.error!.message).toBe("You have already taken this task.");
    expect(((await get("tasks", booster.token)).body.data as { metric: string }[]).map((t) => t.metric)).not.toContain("likes");
    expect((await call("tasks/not-a-task/start", {}, { token: booster.token })).status).toBe(404);
    // The feed checks the session in its own statement: signed out, the same token reads nothing, with or without a network.
    const leaving = await person(0, true);
    expect((await get("tasks?network=youtube", leaving.token)).body.meta.total).toBeGreaterThan(0);
    expect((await call("auth/logout", undefined, { token: leaving.token })).status).toBeLessThan(300);
    for (const path of ["tasks", "tasks?network=youtube"]) expect((await get(path, leaving.token)).status).toBe(401);

    const activityId = started.body.data.id as string;
    const badLink = await call(
      `activities/${activityId}/submit`,
      { post_link: "https://evil.example/watch?v=x" },
      { token: booster.token },
    );
    expect(badLink.status).toBe(422);
    expect(badLink.body.error!.fields).toMatchObject({ post_link: "Please enter a valid link." });
    const other = await person(0, true);
    const post = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
    expect((await call(`activities/${activityId}/submit`, { post_link: post }, { token: other.token })).status).toBe(404);
    const submitted = await call(`activities/${activityId}/submit`, { post_link: post, proof: "liked as Reza" }, { token: booster.token });
    expect(submitted.body.data).toMatchObject({ status: "awaiting_review" });
    expect((await call(`activities/${activityId}/submit`, { post_link: post }, { token: booster.token })).status).toBe(409);

    // The producer sees it, the booster masked and no reward; a stranger sees nothing.
    const list = await get(`campaigns/${id}/activities`, producer.token);
    expect(list.body.meta.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({ id: activityId, booster: "R*** K***", reward: null, status: "awaiting_review" });
    expect(JSON.stringify(list.body)).not.toContain(booster.user.id);
    const detail = await get(`campaigns/${id}/activities/${activityId}`, producer.token);
    expect(detail.body.data.post_link).toContain("dQw4w9WgXcQ");
    expect((await get(`campaigns/${id}/activities/${activityId}`, other.token)).status).toBe(404);
    expect((await get(`campaigns/${id}/activities`, other.token)).status).toBe(404);

    // Only admins decide.
    expect((await call(`admin/activities/${activityId}/approve`, {}, { token: booster.token })).status).toBe(404);
    const queue = await get("admin/activities", adminToken);
    expect(queue.body.data.map((a: { id: string }) => a.id)).toEqual([activityId]);
    const approved = await call(`admin/activities/${activityId}/approve`, {}, { token: adminToken });
    expect(approved.body.data).toMatchObject({ status: "approved", cost: 3_000, progress: 100 });
    expect((await call(`admin/activities/${activityId}/approve`, {}, { token: adminToken })).status).toBe(409);
    expect(await balancesOf({ db: database.db }, { userId: booster.user.id })).toMatchObject({ held: 1_800 });
    expect(await escrow(id)).toMatchObject({ pending: 0 });
    const campaign = await get(`campaigns/${id}`, producer.token);
    expect(campaign.body.data).toMatchObject({ status: "active", spent: 3_000 });
    const mine = await get("activities?status=approved", booster.token);
    expect(mine.body.data[0]).toMatchObject({ id: activityId, reward: 1_800 });

    // The landing page's figures (GET stats, public).
    const stats = await call("stats", undefined, { method: "GET" });
    expect(stats.status).toBe(200);
    // The reward is on hold, not at a bank: nobody is paid yet (payouts-rail.test.ts counts a confirmed payout).
    expect(stats.body.data).toEqual({ campaigns_run: 1, tasks_completed: 1, boosters_paid: 0, rials_paid_out: 0 });
  });

  it("denied or expired work releases its reservation for the next booster", async ({
    database,
    call,
    person,
    escrow,
    submitted,
    campaign: { adminToken, id },
  }) => {
    const before = await escrow(id);
    const first = await person(0, true);
    const activityId = await submitted(first.token, id, "comments");
    expect((await call(`admin/activities/${activityId}/deny`, { code: "not_done", reason: "x" }, { token: adminToken })).status).toBe(422);
    const denied = await call(
      `admin/activities/${activityId}/deny`,
      { code: "not_done", reason: "No comment was found on the video." },
      { token: adminToken },
    );
    expect(denied.body.data).toMatchObject({
      status: "denied",
      cost: 0,
      denial_code: "not_done",
      denial_reason: "No comment was found on the video.",
      decided_by: "admin",
    });
    expect(await escrow(id)).toEqual(before);
    expect(await balancesOf({ db: database.db }, { userId: first.user.id })).toMatchObject({ held: 0 });
    // A denied booster may try the line again.
    expect((await call(`tasks/${id}.comments/start`, {}, { token: first.token })).status).toBe(201);

    const late = await person(0, true);
    const lateStart = await call(`tasks/${id}.likes/start`, {}, { token: late.token });
    await database.db
      .update(activities)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(activities.id, lateStart.body.data.id));
    expect(await expireActivities({ db: database.db })).toBe(1);
    const expiredSubmit = await call(
      `activities/${lateStart.body.data.id}/submit`,
      { post_link: "https://youtu.be/dQw4w9WgXcQ" },
      { token: late.token },
    );
    expect(expiredSubmit.status).toBe(409);
    const [row] = await database.db.select().from(activities).where(eq(activities.id, lateStart.body.data.id));
    expect(row).toMatchObject({ status: "denied", denialCode: "expired", denialReason: null });
  });

  it("completes when its targets are met and returns what escrow still holds", async ({
    database,
    person,
    approvedCampaign,
    escrow,
    approvedWork,
    get,
  }) => {
    const { adminToken, producer, id, total, fee } = await approvedCampaign([
      { metric: "likes", action: "like", unitPrice: 3_000, max: 1 },
      { metric: "comments", action: "comment", unitPrice: 15_000, max: 1 },
    ]);
    const a = await person(0, true);
    const b = await person(0, true);
    await approvedWork(adminToken, a.token, id, "likes");
    await approvedWork(adminToken, b.token, id, "comments");
    const done = await get(`campaigns/${id}`, producer.token);
    expect(done.body.data).toMatchObject({ status: "paid", progress: 100, spent: 18_000 });
    expect(await escrow(id)).toEqual({ balance: 0, pending: 0 });
    expect((await balancesOf({ db: database.db }, { userId: producer.user.id })).wallet).toBe(5_000_000 - fee - 18_000);
    expect((await get("tasks", a.token)).body.meta.total).toBe(0);
    expect(total).toBeGreaterThan(18_000);
  });

  it("completes when its budget is spent, and refuses a task the escrow cannot pay for", async ({
    database,
    call,
    person,
    approvedCampaign,
    get,
  }) => {
    const { adminToken, producer, id, fee, total } = await approvedCampaign([
      { metric: "likes", action: "like", unitPrice: 1_500_000, max: 5 },
    ]);
    const subtotal = total - fee;
    const a = await person(0, true);
    const b = await person(0, true);
    const first = await call(`tasks/${id}.likes/start`, {}, { token: a.token });
    expect(first.status).toBe(201);
    // The escrow holds ≈ 1,818,182 Rials: one like at 1,500,000 is reserved, a second cannot be.
    const second = await call(`tasks/${id}.likes/start`, {}, { token: b.token });
    expect(second.status).toBe(409);
    expect(second.body.error!.message).toBe("This task is no longer available.");
    expect(await database.db.select().from(activities).where(eq(activities.boosterId, b.user.id))).toHaveLength(0);
    await call(`activities/${first.body.data.id}/submit`, { post_link: "https://youtu.be/dQw4w9WgXcQ" }, { token: a.token });
    await call(`admin/activities/${first.body.data.id}/approve`, {}, { token: adminToken });
    const done = await get(`campaigns/${id}`, producer.token);
    expect(done.body.data).toMatchObject({ status: "paid", spent: 1_500_000, progress: 20 });
    expect((await balancesOf({ db: database.db }, { userId: producer.user.id })).wallet).toBe(5_000_000 - fee - 1_500_000);
    expect(subtotal).toBeGreaterThan(1_500_000);
  });

  it("a Trial's boosters are paid from promotions; paused campaigns offer no tasks", async ({ database, call, person, admin, get }) => {
    const adminToken = await admin();
    const producer = await person(0);
    const trial = await call("campaigns", { ...smartCampaign, strategy: "trial", amount: undefined }, { token: producer.token });
    const id = trial.body.data.campaign.id as string;
    await call(`admin/campaigns/${id}/approve`, {}, { token: adminToken });
    const booster = await person(0, true);
    const started = await call(`tasks/${id}.likes/start`, {}, { token: booster.token });
    expect(started.body.data).toMatchObject({ budget: 1_800, reward: 1_800 });
    await call(`activities/${started.body.data.id}/submit`, { post_link: "https://youtu.be/dQw4w9WgXcQ" }, { token: booster.token });
    await call(`admin/activities/${started.body.data.id}/approve`, {}, { token: adminToken });
    expect(await balancesOf({ db: database.db }, { userId: booster.user.id })).toMatchObject({ held: 1_800 });
    const [promotions] = await database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, systemAccountCode("promotions")));
    expect(promotions!.balance).toBe(-1_800);
    expect((await get(`campaigns/${id}`, producer.token)).body.data).toMatchObject({ status: "active", spent: 0, progress: 1 });

    await call(`campaigns/${id}/pause`, {}, { token: producer.token });
    expect((await get("tasks", booster.token)).body.meta.total).toBe(0);
    expect((await call(`tasks/${id}.comments/start`, {}, { token: booster.token })).status).toBe(409);
  });
});
