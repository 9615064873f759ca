import { describe, expect } from "vitest";
import { apiTest } from "@/tests/api/support/fixture";

// Issue 34: what a person came for (PATCH me purpose), and each side's first steps read from their own rows,
// with this installation's figures (a like's reward at today's price, the tasks a day, the hold, the smallest
// payout, the cheapest plan).

const it = apiTest;
const states = (steps: { step: string; state: string }[]) => Object.fromEntries(steps.map(({ step, state }) => [step, state]));

describe("getting started", () => {
  it("a newcomer has chosen nothing and done nothing; the figures are this installation's", async ({ call, earnWorld }) => {
    const me = await earnWorld.person();
    const get = () => call("me/checklist", undefined, { method: "GET", token: me.token });
    const fresh = await get();
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.purpose).toBeNull();
    expect(states(fresh.body.data.producer)).toEqual({ charge: "todo", campaign: "todo", approval: "todo", delivery: "todo" });
    expect(Object.values(states(fresh.body.data.booster)).every((state) => state === "todo")).toBe(true);
    // A YouTube like: 3,000 Rials, 60 % to the booster; 20 tasks a day; 7 days' hold; 3,000,000 the smallest payout.
    expect(fresh.body.data.figures).toEqual({
      task_reward: 1_800,
      tasks_per_day: 20,
      retention_days: 7,
      payout_min: 3_000_000,
      plan_price: 2_000_000,
      first_payout_days: Math.ceil(3_000_000 / (1_800 * 20)) + 7,
    });

    // The choice, kept on the profile and changeable; anything else is refused in the reader's language and changes nothing.
    const chose = await call("me", { purpose: "earn" }, { method: "PATCH", token: me.token });
    expect([chose.status, chose.body.data.user.purpose]).toEqual([200, "earn"]);
    const bad = await call("me", { purpose: "spam" }, { method: "PATCH", token: me.token, locale: "fa-IR" });
    expect(bad.status).toBe(422);
    expect(bad.body.error!.fields!.purpose).toMatch(/[\u0600-\u06FF]/);
    expect((await get()).body.data.purpose).toBe("earn");
    expect((await call("me", { purpose: "both" }, { method: "PATCH", token: me.token })).body.data.user.purpose).toBe("both");
    expect((await call("me/checklist", undefined, { method: "GET" })).status).toBe(401);
  });

  it("each side's steps follow what was done: a campaign approved and delivered; a verified booster's approved work held", async ({
    call,
    earnWorld,
    planId,
  }) => {
    const { adminToken, producer, id } = await earnWorld.approvedCampaign([{ metric: "likes", action: "like", unitPrice: 5_000, max: 2 }]);
    const booster = await earnWorld.person(0, true);
    const of = async (token: string) => (await call("me/checklist", undefined, { method: "GET", token })).body.data;

    const live = await of(producer.token);
    expect(states(live.producer)).toMatchObject({ campaign: "done", approval: "done", delivery: "waiting" });
    expect(states((await of(booster.token)).booster)).toMatchObject({ identity: "done", task: "todo", release: "todo", plan: "todo" });

    await earnWorld.approvedWork(adminToken, booster.token, id, "likes");
    expect(states((await of(producer.token)).producer)).toMatchObject({ delivery: "done" });
    // Approved and held for the retention days: the release waits.
    expect(states((await of(booster.token)).booster)).toMatchObject({ task: "done", release: "waiting", payout: "todo" });
    // A plan bought from the wallet is no card payment: the producer's charge stays to do; the plan is done.
    const member = await earnWorld.person(2_000_000);
    expect((await call("memberships", { plan_id: await planId("bronze"), pay_from: "wallet" }, { token: member.token })).status).toBe(201);
    const bought = await of(member.token);
    expect([states(bought.producer).charge, states(bought.booster).plan]).toEqual(["todo", "done"]);
    // Another person's rows never count for the caller.
    expect(states((await of(booster.token)).producer)).toEqual({ charge: "todo", campaign: "todo", approval: "todo", delivery: "todo" });
  });
});
