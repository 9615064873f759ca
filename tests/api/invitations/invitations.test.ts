import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { invitations, memberships, notifications, users } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { payInvitationRewards } from "@/server/invitations/lifecycle";
import { SmsDeliveryError } from "@/server/adapters/sms";

// Issue 18: friends invited by SMS, counted on the plan; pending → registered → paid → joined with the
// inviter's reward after the holding period; SPEC's refusals; the opt-out.

const it = apiTest
  // 2,000,000 Rials in a wallet (the bronze plan's price).
  .extend(
    "fund",
    ({ database }) =>
      (userId: string) =>
        transfer(
          { db: database.db },
          {
            idempotencyKey: `fund:${userId}`,
            from: systemAccountCode("promotions"),
            to: userAccountCode(userId, "wallet"),
            amount: 2_000_000,
            intent: "reward",
          },
        ),
  )
  // The invitation row of a phone (E.164), and a friend invited by `token`'s owner (its row).
  .extend(
    "codeOf",
    ({ database }) =>
      async (phone: string) =>
        (await database.db.select().from(invitations).where(eq(invitations.phone, phone)))[0]!,
  )
  // Someone's identity fields, as the identity review or the profile would have set them.
  .extend(
    "setIdentity",
    ({ database }) =>
      async (userId: string, fields: Partial<typeof users.$inferInsert>) =>
        void (await database.db.update(users).set(fields).where(eq(users.id, userId))),
  )
  // `buyer` funded with the bronze plan's price, then buying it from the wallet.
  .extend("buysBronze", ({ call, fund, planId }) => async (buyer: { token: string; user: { id: string } }) => {
    await fund(buyer.user.id);
    expect((await call("memberships", { plan_id: await planId("bronze"), pay_from: "wallet" }, { token: buyer.token })).status).toBe(201);
  })
  .extend("invite", ({ call, codeOf }) => async (token: string) => {
    const phone = friendPhone();
    expect((await call("invitations", { phone }, { token })).status).toBe(201);
    return codeOf(e164(phone));
  })
  // Someone signing up with `phone` (09…), through an invitation link's code when given; their session.
  .extend(
    "signUp",
    ({ call, sms }) =>
      (phone: string, invitationCode?: string) =>
        registerAndSignIn(call, sms, {
          phone,
          email: `friend${++friends}@example.com`,
          ...(invitationCode ? { invitation_code: invitationCode } : {}),
        }),
  )
  // An inviter's earnings, and the reward job as it runs `days` from now.
  .extend(
    "earningsOf",
    ({ database }) =>
      async (userId: string) =>
        (await balancesOf({ db: database.db }, { userId })).earnings,
  )
  .extend(
    "payRewards",
    ({ database }) =>
      (days: number) =>
        payInvitationRewards({ db: database.db, now: later(days) }),
  )
  .override("client", ({ serial }) => ({ address: `10.7.20.${serial % 250}` }));
const later = (days: number) => new Date(Date.now() + days * 86_400_000);
let friends = 0;
/** A phone nobody has used: 0912 000 xxxx. */
const friendPhone = () => `0912000${String(1000 + friends++).slice(-4)}`;
const e164 = (local: string) => `+98${local.slice(1)}`;
const local = (e164Phone: string) => `0${e164Phone.slice(3)}`;

describe("invitations", () => {
  it("refused with SPEC's codes and nothing written; sent by SMS once allowed; the plan's five a period, counted", async ({
    database,
    sms,
    call,
    person,
    planId,
    get,
    inviterWithPlan,
    codeOf,
  }) => {
    const me = await person(5_000_000, true);
    const noPlan = await call("invitations", { phone: friendPhone() }, { token: me.token });
    expect(noPlan.status).toBe(400);
    // SPEC's code, as for payouts; the sentence speaks of inviting, not of withdrawing.
    expect(noPlan.body.error).toMatchObject({
      code: "ERR_NO_ACTIVE_MEMBERSHIP",
      message: "Inviting friends needs an active membership plan. Choose a plan on the payouts page.",
    });
    const empty = await call("invitations", { phone: "" }, { token: me.token, locale: "fa-IR" });
    expect(empty.status).toBe(422);
    expect(empty.body.error!.fields!.phone).toBe("شماره موبایل دوستتان را وارد کنید.");
    expect((await call("invitations", { phone: "12345" }, { token: me.token })).status).toBe(422);
    expect((await call("invitations", { phone: friendPhone(), name: "\u202Eevil" }, { token: me.token })).status).toBe(422);

    expect((await call("memberships", { plan_id: await planId("bronze"), pay_from: "wallet" }, { token: me.token })).status).toBe(201);
    const phone = friendPhone();
    const sent = await call("invitations", { phone, name: "Ali" }, { token: me.token });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      message: "Invitation sent by SMS. You can also share its link.",
      texted: true,
      invitation: { phone: e164(phone), name: "Ali", status: "pending", texted: true, registered_at: null },
    });
    const row = await codeOf(e164(phone));
    // The link to share by hand: this site's invitation page with the SMS's code.
    expect(sent.body.data!.invitation.link).toBe(`http://localhost/auth/invite/${row.code}`);
    expect(sms.notices.filter((n) => n.phone === e164(phone))).toEqual([
      { phone: e164(phone), notice: { kind: "invitation", code: row.code } },
    ]);

    // The same phone again (by anyone), a phone with an account, the inviter's own.
    const again = await call("invitations", { phone }, { token: me.token });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "ERR_USER_ALREADY_INVITED", message: "This number has already been invited." });
    const other = await inviterWithPlan();
    expect((await call("invitations", { phone }, { token: other.token })).body.error!.code).toBe("ERR_USER_ALREADY_INVITED");
    const [otherRow] = await database.db.select().from(users).where(eq(users.id, other.user.id));
    const registered = await call("invitations", { phone: local(otherRow!.phone!) }, { token: me.token });
    expect(registered.status).toBe(409);
    expect(registered.body.error!.code).toBe("ERR_USER_ALREADY_REGISTERED");

    // The plan's five: four more, then 403 with its sentence; the period counts them.
    for (let i = 0; i < 4; i++) expect((await call("invitations", { phone: friendPhone() }, { token: me.token })).status).toBe(201);
    const used = await call("invitations", { phone: friendPhone() }, { token: me.token, locale: "fa-IR" });
    expect(used.status).toBe(403);
    expect(used.body.error!.code).toBe("invitations_used_up");
    const [period] = await database.db.select().from(memberships).where(eq(memberships.userId, me.user.id));
    expect(period!.invitationsUsed).toBe(5);
    expect((await get("invitations/allowance", me.token)).body.data).toMatchObject({
      membership: true,
      invitations_allowed: 5,
      invitations_left: 0,
    });
    expect((await get("invitations", me.token)).body.meta.total).toBe(5);
    expect((await get("invitations", other.token)).body.meta.total).toBe(0);
  });

  it("says 'sent by SMS' only when a text left; otherwise the answer asks to share the link", async ({ call, sms, inviterWithPlan }) => {
    const me = await inviterWithPlan();
    const { sendNotice } = sms.sender;
    try {
      // The provider cannot be reached now (the outbox job sends it later): no text left.
      sms.sender.sendNotice = async () => {
        throw new SmsDeliveryError("down", { provider: "recording", reason: "network" });
      };
      const down = await call("invitations", { phone: friendPhone() }, { token: me.token, locale: "fa-IR" });
      expect(down.status).toBe(201);
      expect(down.body.data).toMatchObject({
        texted: false,
        message: "دعوت‌نامه ساخته شد، اما پیامکی ارسال نشد. لینک زیر را برای دوستتان بفرستید.",
        invitation: { texted: false, status: "pending" },
      });
      expect(down.body.data!.invitation.link).toMatch(/^http:\/\/localhost\/auth\/invite\/[a-z2-9]{10}$/);
      // A sender that only writes the server log (development's) reaches no phone either.
      sms.sender.sendNotice = sendNotice;
      Object.assign(sms.sender, { logsOnly: true });
      const logged = await call("invitations", { phone: friendPhone() }, { token: me.token });
      expect(logged.body.data).toMatchObject({
        texted: false,
        message: "Invitation created, but no SMS was sent. Share the link below with your friend.",
      });
    } finally {
      sms.sender.sendNotice = sendNotice;
      Object.assign(sms.sender, { logsOnly: undefined });
    }
  });

  it("an opted-out phone is never texted again; an unknown code is 404", async ({ database, call, inviterWithPlan, invite }) => {
    const me = await inviterWithPlan();
    const row = await invite(me.token);
    const landing = await call(`invitations/code/${row.code}`, undefined, { method: "GET" });
    expect(landing.body.data).toEqual({ inviter: "Reza", opted_out: false });
    expect((await call("invitations/code/nosuchcode1", undefined, { method: "GET" })).status).toBe(404);
    expect((await call("invitations/code/bad%20code", undefined, { method: "GET" })).status).toBe(422);
    expect((await call("invitations/opt-out", { code: row.code })).status).toBe(204);
    expect((await call("invitations/opt-out", { code: row.code })).status).toBe(204);
    expect((await call(`invitations/code/${row.code}`, undefined, { method: "GET" })).body.data.opted_out).toBe(true);
    expect((await call("invitations/opt-out", { code: "nosuchcode1" })).status).toBe(404);
    await database.db.delete(invitations).where(eq(invitations.id, row.id));
    const other = await inviterWithPlan();
    const refused = await call("invitations", { phone: local(row.phone) }, { token: other.token });
    expect([refused.status, refused.body.error!.code]).toEqual([409, "invitation_opted_out"]);
  });

  it("registered, paid, then joined with the reward after the holding period, once; the inviter told at each step", async ({
    setIdentity,
    database,
    call,
    person,
    admin,
    get,
    buysBronze,
    inviterWithPlan,
    invite,
    signUp,
    earningsOf,
    payRewards,
  }) => {
    const adminToken = await admin();
    expect((await call("admin/settings/invitations", { reward: 700_000 }, { method: "PUT", token: adminToken })).status).toBe(200);
    expect((await call("admin/settings/invitations", { reward: 700_000 }, { method: "PUT", token: (await person()).token })).status).toBe(
      404,
    );
    const me = await inviterWithPlan();
    const sent = await invite(me.token);

    const friend = await signUp(local(sent.phone));
    const [registered] = (await get("invitations?status=registered", me.token)).body.data;
    expect(registered).toMatchObject({ status: "registered", phone: sent.phone });
    expect(registered.registered_at).not.toBeNull();
    expect((await get("invitations?status=sent", me.token)).body.meta.total).toBe(0);

    await setIdentity(friend.user.id, { identityStatus: "identity_verified" });
    await setIdentity(friend.user.id, { nationalId: "0067749828" });
    await buysBronze(friend);
    const [paid] = (await get("invitations?status=registered", me.token)).body.data;
    expect(paid.status).toBe("paid");
    expect(Date.parse(paid.reward_due_at) - Date.parse(paid.paid_at)).toBe(7 * 86_400_000);

    const before = await earningsOf(me.user.id);
    expect(await payRewards(6)).toEqual({ rewarded: 0, refused: 0 });
    expect(await payRewards(8)).toEqual({ rewarded: 1, refused: 0 });
    expect(await payRewards(9)).toEqual({ rewarded: 0, refused: 0 });
    expect(await earningsOf(me.user.id)).toBe(before + 700_000);
    const [joined] = (await get("invitations?status=accepted", me.token)).body.data;
    expect(joined).toMatchObject({ status: "joined", reward: 700_000 });
    const kinds = (await database.db.select().from(notifications).where(eq(notifications.userId, me.user.id))).map((n) => n.kind);
    expect(kinds).toEqual(expect.arrayContaining(["invitation_registered", "invitation_rewarded"]));
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});

describe("registered through the invitation link's code (issue 18: 'someone registered with that phone or code')", () => {
  it("a friend who signs up with another number through the link is the invitation's, told, paid and rewarded", async ({
    setIdentity,
    database,
    get,
    buysBronze,
    inviterWithPlan,
    codeOf,
    invite,
    signUp,
    earningsOf,
    payRewards,
  }) => {
    const me = await inviterWithPlan();
    const sent = await invite(me.token);
    // Another number than the one invited, through the link.
    const friend = await signUp(friendPhone(), sent.code);
    const row = await codeOf(sent.phone);
    expect(row).toMatchObject({ status: "registered", inviteeId: friend.user.id });
    const [registered] = (await get("invitations?status=registered", me.token)).body.data;
    expect(registered).toMatchObject({ phone: sent.phone, status: "registered" });
    const told = await database.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
    expect(told.map((n) => n.kind)).toContain("invitation_registered");

    await buysBronze(friend);
    expect((await codeOf(sent.phone)).status).toBe("paid");
    const before = await earningsOf(me.user.id);
    const reward = (await get("invitations/allowance", me.token)).body.data.reward as number;
    // The reward waits for the friend's verified identity (issue 30): nothing after the hold until then.
    await payRewards(8);
    expect(await codeOf(sent.phone)).toMatchObject({ status: "paid", noRewardReason: null });
    expect((await get("invitations", me.token)).body.data[0]).toMatchObject({ status: "paid", reward_waits_for_identity: true });
    expect(await earningsOf(me.user.id)).toBe(before);
    await setIdentity(friend.user.id, { identityStatus: "identity_verified" });
    expect((await payRewards(8)).rewarded).toBeGreaterThanOrEqual(1);
    expect((await codeOf(sent.phone)).status).toBe("joined");
    expect(await earningsOf(me.user.id)).toBe(before + reward);
  });

  it("an unknown or malformed code never blocks the sign-up; the invited phone still counts", async ({
    inviterWithPlan,
    codeOf,
    invite,
    signUp,
  }) => {
    const me = await inviterWithPlan();
    const sent = await invite(me.token);
    await signUp(friendPhone(), "nosuchcode9");
    await signUp(friendPhone(), "bad code!");
    expect((await codeOf(sent.phone)).status).toBe("pending");
    const friend = await signUp(local(sent.phone), "nosuchcode8");
    expect(await codeOf(sent.phone)).toMatchObject({ status: "registered", inviteeId: friend.user.id });
  });

  it("a used code is not reused, and nobody is credited to two inviters", async ({ database, inviterWithPlan, codeOf, invite, signUp }) => {
    const me = await inviterWithPlan();
    const other = await inviterWithPlan();
    const mine = await invite(me.token);
    const theirs = await invite(other.token);
    // Invited by phone by the other inviter, registering through my link: mine only.
    const friend = await signUp(local(theirs.phone), mine.code);
    expect(await codeOf(mine.phone)).toMatchObject({ status: "registered", inviteeId: friend.user.id });
    expect(await codeOf(theirs.phone)).toMatchObject({ status: "pending", inviteeId: null });
    // The same link again, by someone else: signed up, and the invitation stays the first friend's.
    const second = await signUp(friendPhone(), mine.code);
    expect(second.user.id).not.toBe(friend.user.id);
    expect(await codeOf(mine.phone)).toMatchObject({ status: "registered", inviteeId: friend.user.id });
    const mineTold = await database.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
    expect(mineTold.filter((n) => n.kind === "invitation_registered")).toHaveLength(1);
    const otherTold = await database.db.select().from(notifications).where(eq(notifications.userId, other.user.id));
    expect(otherTold.filter((n) => n.kind === "invitation_registered")).toHaveLength(0);
  });
});

describe("invitations that cannot be farmed (issue 30 item 6)", () => {
  // The friend is the inviter, however they came: the same national ID (invited by phone, or through the link's code
  // from another number), or the inviter's IBAN under another national ID. Verified (the reward waits for that), they
  // buy a plan; the reward is refused and nothing is paid.
  for (const { name, byCode, inviter, friend, shown, stored } of [
    {
      name: "no reward when the invitee is the inviter (the same national ID)",
      byCode: false,
      inviter: { nationalId: "0084575948" },
      friend: { nationalId: "0084575948" },
      shown: { status: "paid", no_reward_reason: "same_person", reward: null, reward_due_at: null },
      stored: { noRewardReason: "same_person" },
    },
    {
      name: "by code too, no reward when the invitee's national ID is the inviter's",
      byCode: true,
      inviter: { nationalId: "0013542419" },
      friend: { nationalId: "0013542419" },
      shown: { no_reward_reason: "same_person" },
      stored: { status: "paid", noRewardReason: "same_person", rewardDueAt: null },
    },
    {
      name: "a friend whose IBAN is the inviter's earns nothing, even verified with another national ID",
      byCode: false,
      inviter: { nationalId: "0084575948", iban: "IR062960000000100324200001" },
      friend: { nationalId: "0013542419", iban: "ir062960000000100324200001" },
      shown: { no_reward_reason: "same_person", reward_waits_for_identity: false },
      stored: { noRewardReason: "same_person" },
    },
  ])
    it(name, async ({ setIdentity, get, buysBronze, inviterWithPlan, codeOf, invite, signUp, earningsOf, payRewards }) => {
      const me = await inviterWithPlan();
      await setIdentity(me.user.id, inviter);
      const sent = await invite(me.token);
      const twin = byCode ? await signUp(friendPhone(), sent.code) : await signUp(local(sent.phone));
      await setIdentity(twin.user.id, { ...friend, identityStatus: "identity_verified" });
      await buysBronze(twin);
      const before = await earningsOf(me.user.id);
      expect((await payRewards(8)).refused).toBeGreaterThanOrEqual(1);
      expect(await earningsOf(me.user.id)).toBe(before);
      expect((await get("invitations", me.token)).body.data[0]).toMatchObject(shown);
      expect(await codeOf(sent.phone)).toMatchObject(stored);
    });

  it("the back office cannot set the reward at or above the cheapest plan, nor price a plan on sale at or below the reward", async ({
    call,
    admin,
  }) => {
    const adminToken = await admin();
    // The seeded bronze plan is the cheapest, at 2,000,000 Rials.
    for (const reward of [2_000_000, 2_500_000]) {
      const refused = await call("admin/settings/invitations", { reward }, { method: "PUT", token: adminToken, locale: "fa-IR" });
      expect(refused.status).toBe(422);
      expect(refused.body.error!.fields!.reward).toContain("۲٬۰۰۰٬۰۰۰");
    }
    expect((await call("admin/settings/invitations", { reward: 1_999_999 }, { method: "PUT", token: adminToken })).status).toBe(200);
    const plans = (await call("admin/membership-plans", undefined, { method: "GET", token: adminToken })).body.data as {
      id: string;
      code: string;
    }[];
    const { id, ...bronze } = plans.find((plan) => plan.code === "bronze")!;
    const cheap = await call(`admin/membership-plans/${id}`, { ...bronze, price: 1_999_999 }, { method: "PUT", token: adminToken });
    expect(cheap.status).toBe(422);
    expect(cheap.body.error!.fields!.price).toMatch(/1,999,999/);
    // Off sale it may cost anything; the setting back as it was for the tests after this one.
    expect(
      (await call(`admin/membership-plans/${id}`, { ...bronze, price: 1_999_999, active: false }, { method: "PUT", token: adminToken }))
        .status,
    ).toBe(200);
    expect((await call(`admin/membership-plans/${id}`, { ...bronze }, { method: "PUT", token: adminToken })).status).toBe(200);
    expect((await call("admin/settings/invitations", { reward: 500_000 }, { method: "PUT", token: adminToken })).status).toBe(200);
  });
});
