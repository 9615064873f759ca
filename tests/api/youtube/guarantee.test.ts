import { describe, expect } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { activities, auditLog, notifications, transactions } from "@/server/db/schema";
import { checkGuarantees } from "@/server/youtube/guarantee";
import { closeGuarantees } from "@/server/activities/refill";
import { balancesOf, campaignEscrowCode, checkLedgerInvariants, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { adapter, DAY, TARGET, deliveredDaysAgo, google, it, releasedUnit } from "@/tests/api/youtube/guarantee-support";
import { quotaDayPasses } from "@/tests/api/support/youtube-google";

// The refill guarantee's second re-check (server/youtube/guarantee.ts) against a fake of Google on 127.0.0.1.

const channel = (i: number) => `UCguaranteeTarget${String(i).padStart(7, "0")}`;
const video = (i: number) => `vid${String(i).padStart(8, "0")}`;

describe("the guarantee's re-check before the window closes", () => {
  it("asks YouTube once per 50 ids per booster, keeps what is there and asks nothing the second time", async ({
    database,
    person,
    connectedBooster,
  }) => {
    const db = database.db;
    const producer = await person();
    const [many, few] = [await connectedBooster(), await connectedBooster()];
    const completedAt = new Date(Date.now() - 28 * DAY);
    // 120 subscribe units (120 channels) and 55 like units (55 videos) of one booster, 3 subscriptions of another,
    // each on a finished campaign of its own whose window closes in two days; one campaign beyond the look-ahead.
    const made: { campaign: string; booster: string; action: "subscribe" | "like"; link: string; closesIn?: number }[] = [];
    for (let i = 0; i < 120; i++)
      made.push({ campaign: "", booster: many.user.id, action: "subscribe", link: `https://www.youtube.com/channel/${channel(i)}` });
    for (let i = 0; i < 55; i++)
      made.push({ campaign: "", booster: many.user.id, action: "like", link: `https://www.youtube.com/watch?v=${video(i)}` });
    for (let i = 0; i < 3; i++)
      made.push({ campaign: "", booster: few.user.id, action: "subscribe", link: `https://www.youtube.com/channel/${channel(i)}` });
    made.push({
      campaign: "",
      booster: few.user.id,
      action: "subscribe",
      link: `https://www.youtube.com/channel/${channel(500)}`,
      closesIn: 10,
    });
    for (const unit of made)
      unit.campaign = await releasedUnit(db, {
        producerId: producer.user.id,
        boosterId: unit.booster,
        action: unit.action,
        link: unit.link,
        completedAt: new Date(completedAt.getTime() + ((unit.closesIn ?? 2) - 2) * DAY),
        approvedAt: completedAt,
      });
    for (let i = 0; i < 120; i++) many.google.subscriptions.add(channel(i));
    for (let i = 0; i < 55; i++) many.google.ratings.set(video(i), "like");
    for (let i = 0; i < 3; i++) few.google.subscriptions.add(channel(i));

    const before = google.calls.length;
    const run = await checkGuarantees({ db, now: new Date(), accounts: adapter() });
    const calls = google.calls.slice(before);
    expect(run).toMatchObject({ due: 178, kept: 178, dropped: 0, unknown: 0, calls: 6, stopped: 0 });
    const subscriptions = calls.filter((c) => c.path === "/subscriptions").map((c) => c.params.forChannelId!.split(",").length);
    const ratings = calls.filter((c) => c.path === "/videos/getRating").map((c) => c.params.id!.split(",").length);
    // 120 channels in three calls, 55 videos in two for the first booster; 3 channels in one for the other.
    expect(subscriptions.sort((a, b) => a - b)).toEqual([3, 20, 50, 50]);
    expect(ratings.sort((a, b) => a - b)).toEqual([5, 50]);
    expect(calls).toHaveLength(6);
    const stamped = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(activities)
      .where(sql`${activities.guaranteeCheckedAt} is not null`);
    expect(stamped[0]!.n).toBe(178);

    // Stamped once per window: a second run finds nothing due and asks YouTube nothing.
    const again = await checkGuarantees({ db, now: new Date(), accounts: adapter() });
    expect(again).toMatchObject({ due: 0, kept: 0, calls: 0 });
    expect(google.calls.length).toBe(before + 6);
  });

  it("a refill requested through the order API makes the work due at the next run, not in the window's last days", async ({
    database,
    call,
    get,
    person,
    connectedBooster,
  }) => {
    const db = database.db;
    const producer = await person();
    const booster = await connectedBooster();
    const link = `https://www.youtube.com/channel/${channel(900)}`;
    const done = new Date(Date.now() - 10 * DAY);
    const id = await releasedUnit(db, {
      producerId: producer.user.id,
      boosterId: booster.user.id,
      action: "subscribe",
      link,
      completedAt: done,
      approvedAt: done,
    });
    booster.google.subscriptions.add(channel(900));
    expect(await checkGuarantees({ db, now: new Date(), accounts: adapter() })).toMatchObject({ due: 0 });

    const key = (await call("integrations/keys", { name: "Panel", scopes: ["read", "create"] }, { token: producer.token })).body.data
      .secret;
    expect((await get(`orders/${id}/refill`, key)).status).toBe(404);
    const asked = await call(`orders/${id}/refill`, {}, { token: key });
    expect([asked.status, asked.body.data.status]).toEqual([200, "Pending"]);
    const again = await call(`orders/${id}/refill`, {}, { token: key });
    expect(again.body.data.requested_at).toBe(asked.body.data.requested_at);
    expect(await checkGuarantees({ db, now: new Date(), accounts: adapter() })).toMatchObject({ due: 1, kept: 1 });
    expect((await get(`orders/${id}/refill`, key)).body.data).toMatchObject({ status: "Completed" });
  });

  it("a drop after release moves the money back into the escrow, never overdrawing the booster, and reopens one unit that another booster refills", async ({
    database,
    call,
    get,
    row,
    campaignRow,
    balance,
    connectedBooster,
    finishedCampaign,
  }) => {
    const db = database.db;
    const { id, producer, boosters, ids, reward, budget } = await finishedCampaign(2);
    const [keeper, leaver] = boosters as [(typeof boosters)[0], (typeof boosters)[0]];
    // The leaver withdrew all but 1,000 Rials of the reward, then unsubscribed.
    expect(await balancesOf({ db }, { userId: leaver.user.id })).toMatchObject({ earnings: reward, held: 0 });
    await transfer(
      { db },
      {
        idempotencyKey: `test-payout:${leaver.user.id}`,
        from: userAccountCode(leaver.user.id, "earnings"),
        to: systemAccountCode("payouts"),
        amount: reward - 1_000,
        intent: "payout",
      },
    );
    leaver.google.subscriptions.delete(TARGET);
    await deliveredDaysAgo(db, id, 3);
    const revenueBefore = await balance(systemAccountCode("revenue"));
    expect(await balance(campaignEscrowCode(id))).toBe(0);

    // Run yesterday (its window closes in three days): the drop is yesterday's on the chart.
    const yesterday = new Date(Date.now() - DAY);
    const run = await checkGuarantees({ db, now: yesterday, accounts: adapter() });
    expect(run).toMatchObject({ due: 2, kept: 1, dropped: 1, unknown: 0 });
    expect(await row(ids[0]!)).toMatchObject({ status: "completed", guaranteeCheckedAt: yesterday });
    expect(await row(ids[1]!)).toMatchObject({
      status: "denied",
      denialCode: "dropped",
      droppedAt: yesterday,
      guaranteeCheckedAt: yesterday,
    });
    // The booster gives what they hold (1,000), the platform the rest of the reward and its margin: the escrow holds the unit's budget.
    expect(await balancesOf({ db }, { userId: leaver.user.id })).toMatchObject({ earnings: 0, held: 0 });
    expect(await balancesOf({ db }, { userId: keeper.user.id })).toMatchObject({ earnings: reward });
    expect(await balance(campaignEscrowCode(id))).toBe(budget);
    expect(revenueBefore - (await balance(systemAccountCode("revenue")))).toBe(budget - 1_000);
    expect(await campaignRow(id)).toMatchObject({ status: "paid", delivered: { subscribers: 1 } });
    const told = await db.select().from(notifications).where(eq(notifications.userId, leaver.user.id));
    expect(told.filter((n) => n.kind === "activity_guarantee_dropped").map((n) => n.params)).toEqual([
      { activity_id: ids[1], reward: 1_000 },
    ]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, ids[1]!));
    expect(audits.filter((a) => a.action === "activity.drop_guaranteed")).toHaveLength(1);
    expect(await checkLedgerInvariants({ db })).toEqual([]);

    const dropped = await get(`campaigns/${id}/delivery?days=7`, producer.token);
    expect(dropped.status).toBe(200);
    expect(dropped.body.data).toMatchObject({ delivered: 1, dropped: 1, refilled: 0 });

    // The completed campaign offers exactly the one reopened unit: not to the booster who dropped it, not to the keeper.
    const taskId = `${id}.subscribers`;
    const offered = (token: string) =>
      get("tasks?network=youtube", token).then((r) => r.body.data.filter((t: { id: string }) => t.id === taskId));
    expect(await offered(leaver.token)).toEqual([]);
    expect(await offered(keeper.token)).toEqual([]);
    expect((await call(`tasks/${taskId}/start`, {}, { token: leaver.token })).status).toBe(409);
    const [refiller, late] = [await connectedBooster(), await connectedBooster()];
    expect(await offered(refiller.token)).toMatchObject([{ quantity: 1, action: "subscribe", check_method: "api" }]);
    const started = await call(`tasks/${taskId}/start`, {}, { token: refiller.token });
    expect(started.status).toBe(201);
    expect(started.body.data.reward).toBe(reward);
    // One unit reopened, one taken: nothing more for anyone.
    expect(await offered(late.token)).toEqual([]);
    const second = await call(`tasks/${taskId}/start`, {}, { token: late.token });
    expect(second.status).toBe(409);
    expect(second.body.error!.code).toBe("task_unavailable");

    refiller.google.subscriptions.add(TARGET);
    const checked = await call(`activities/${started.body.data.id}/check`, {}, { token: refiller.token });
    expect(checked.status).toBe(200);
    expect(await campaignRow(id)).toMatchObject({ status: "paid", delivered: { subscribers: 2 } });
    expect(await balancesOf({ db }, { userId: refiller.user.id })).toMatchObject({ held: reward });
    expect(await balance(campaignEscrowCode(id))).toBe(0);
    expect(
      await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.userId, producer.user.id), eq(transactions.intent, "refund"))),
    ).toHaveLength(
      1, // the settlement's partial refund only: the producer paid nothing for the refill
    );

    const refilled = await get(`campaigns/${id}/delivery?days=7`, producer.token);
    expect(refilled.body.data).toMatchObject({ delivered: 2, dropped: 1, refilled: 1 });
    const days = refilled.body.data.days as { day: string; dropped: number; refilled: number; delivered: number }[];
    expect(days.filter((d) => d.dropped > 0)).toHaveLength(1);
    expect(days.at(-1)).toMatchObject({ delivered: 1, refilled: 1 });

    // The window closes with nothing left over: closed, no refund.
    expect(await closeGuarantees({ db }, { now: new Date(Date.now() + 3 * DAY) })).toBe(1);
    expect((await campaignRow(id)).guaranteeClosedAt).not.toBeNull();
    expect(
      await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.userId, producer.user.id), eq(transactions.intent, "refund"))),
    ).toHaveLength(1);
    expect(await checkLedgerInvariants({ db })).toEqual([]);
  });

  it("quota spent: nothing changes; two runs act once; what no one refilled is refunded once when the window closes", async ({
    database,
    row,
    campaignRow,
    balance,
    refunds,
    told,
    finishedCampaign,
  }) => {
    const db = database.db;
    const { id, producer, boosters, ids, reward, budget, walletGain } = await finishedCampaign(1);
    boosters[0]!.google.subscriptions.delete(TARGET);

    google.failNext = "quota";
    const spent = await checkGuarantees({ db, now: new Date(), accounts: adapter() });
    expect(spent).toMatchObject({ kept: 0, dropped: 0, stopped: 1 });
    expect(await row(ids[0]!)).toMatchObject({ status: "completed", guaranteeCheckedAt: null });
    expect(await balancesOf({ db }, { userId: boosters[0]!.user.id })).toMatchObject({ earnings: reward });
    expect(await balance(campaignEscrowCode(id))).toBe(0);
    await quotaDayPasses(database);

    const [first, second] = [
      await checkGuarantees({ db, now: new Date(), accounts: adapter() }),
      await checkGuarantees({ db, now: new Date(), accounts: adapter() }),
    ];
    expect(first).toMatchObject({ due: 1, dropped: 1 });
    expect(second).toMatchObject({ due: 0, dropped: 0, calls: 0 });
    expect(await balancesOf({ db }, { userId: boosters[0]!.user.id })).toMatchObject({ earnings: 0 });
    expect(await balance(campaignEscrowCode(id))).toBe(budget);
    expect((await campaignRow(id)).delivered.subscribers ?? 0).toBe(0);

    // Not yet closed: nothing refunded. Closed (twice): the unrefilled unit's budget back to the wallet, once, with its notification.
    expect(await closeGuarantees({ db }, { now: new Date(Date.now() + DAY) })).toBe(0);
    const closedAt = new Date(Date.now() + 3 * DAY);
    expect(await closeGuarantees({ db }, { now: closedAt })).toBe(1);
    expect(await closeGuarantees({ db }, { now: closedAt })).toBe(0);
    expect(await walletGain()).toBe(budget);
    expect(await balance(campaignEscrowCode(id))).toBe(0);
    const refunded = await refunds(id);
    // The settlement's partial refund, then the guarantee's: the unit no one refilled.
    expect(refunded).toHaveLength(2);
    expect(refunded.filter((r) => r.amount === budget && r.status === "paid")).toHaveLength(1);
    expect(
      (await told(producer.user.id, "campaign_refunded")).filter((n) => (n.params as { amount: number }).amount === budget),
    ).toHaveLength(1);
    expect((await campaignRow(id)).guaranteeClosedAt).toEqual(closedAt);
    expect(await checkLedgerInvariants({ db })).toEqual([]);
  });
});
