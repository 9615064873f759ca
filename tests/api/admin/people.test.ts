import { describe, expect } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, ledgerTransfers, sessions, userBans, users } from "@/server/db/schema";
import { apiTest } from "@/tests/api/support/fixture";
import { balancesOf, checkLedgerInvariants, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { holdWhileBanned, liftExpiredBans } from "@/server/people/ban";
import { releaseReward } from "@/server/activities/retention";
import { fundWallet } from "@/tests/api/support/campaign-fixtures";
import { TEST_IBAN } from "@/tests/api/support/payout-fixtures";

// Issue 18, the back office's people view: find people, see what they have, ban with a reason and an
// end (sessions end, sign-in refused, balances held by ledger entries carrying the reason), unban.

const it = apiTest
  // The person (phone in E.164) signs in with 09… and the password, then the texted code; the code step's answer.
  .extend(
    "signIn",
    ({ sms, call }) =>
      async function signIn(e164: string, locale = "en-US") {
        const login = await call("auth/login", { credential: `0${e164.slice(3)}`, password: PASSWORD }, { locale });
        if (login.status !== 200 || !login.body.data.otp) return login;
        return call("auth/otp/verify", { token: login.body.data.otp.token, code: sms.lastCode(e164) }, { locale });
      },
  )
  // What the release job and a refund would credit a banned booster: 300,000 of earnings and 200,000 to the wallet, each sent twice.
  .extend(
    "holdOnceMore",
    ({ database }) =>
      async function holdOnceMore(userId: string) {
        const credits = [
          { key: `test-release:${userId}`, kind: "earnings", amount: 300_000, intent: "reward" },
          { key: `test-refund:${userId}`, kind: "wallet", amount: 200_000, intent: "refund" },
        ] as const;
        for (const { key, kind, amount, intent } of credits)
          for (let i = 0; i < 2; i++)
            await database.db.transaction(async (tx) => {
              await transfer(
                { db: tx, tx },
                { idempotencyKey: key, from: systemAccountCode("promotions"), to: userAccountCode(userId, kind), amount, intent },
              );
              await holdWhileBanned({ db: database.db, tx: tx }, { userId, kind, amount, key });
            });
      },
  )
  // The admin, signed in (their token); `ban(userId, reason)`, the admin banning someone until tomorrow (the answer).
  .extend("adminToken", ({ admin }) => admin())
  .extend(
    "ban",
    ({ call, adminToken }) =>
      (userId: string, reason: string) =>
        call(`admin/users/${userId}/ban`, { reason, expires_at: tomorrow() }, { token: adminToken }),
  )
  .override("client", ({ serial }) => ({ address: `10.7.23.${serial % 250}` }));
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const PASSWORD = "Takapoo-Rial-2026!x";

describe("the people view", () => {
  it("finds people by phone in any spelling, e-mail, national ID or name; admins only", async ({ database, person, adminToken, get }) => {
    const someone = await person();
    await database.db.update(users).set({ nationalId: "0012345679", firstName: "Nasrin" }).where(eq(users.id, someone.user.id));
    const local = `0${someone.phone.slice(3)}`;
    const persianPhone = local.replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[Number(d)]!);
    for (const q of [someone.phone, local, persianPhone, "0012345679", "Nasrin"]) {
      const found = await get(`admin/users?q=${encodeURIComponent(q)}`, adminToken);
      expect(found.status, q).toBe(200);
      expect(
        found.body.data.map((p: { id: string }) => p.id),
        q,
      ).toEqual([someone.user.id]);
    }
    const [row] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, someone.user.id));
    expect((await get(`admin/users?q=${encodeURIComponent(row!.email!.toUpperCase())}`, adminToken)).body.data).toHaveLength(1);
    expect((await get("admin/users?q=nobody-like-this", adminToken)).body).toMatchObject({ data: [], meta: { total: 0 } });
    const one = await get(`admin/users/${someone.user.id}`, adminToken);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: someone.user.id, first_name: "Nasrin", national_id: "0012345679" });
    expect((await get(`admin/users?q=${"x".repeat(101)}`, adminToken)).status).toBe(422);
    expect((await get("admin/users", someone.token)).status).toBe(404);
    expect((await get(`admin/users/${someone.user.id}/overview`, someone.token)).status).toBe(404);
    expect((await get(`admin/users/${someone.user.id}/overview`)).status).toBe(404);
    expect((await get("admin/users/00000000-0000-4000-8000-000000000000/overview", adminToken)).status).toBe(404);
  });

  it("a ban ends the sessions, refuses sign-in, holds the balances by ledger entries with the reason; unban gives them back", async ({
    database,
    call,
    person,
    adminToken,
    get,
    signIn,
  }) => {
    const booster = await person(2_500_000);
    expect((await get("me", booster.token)).status).toBe(200);

    const refused = await call(`admin/users/${booster.user.id}/ban`, { reason: "x", expires_at: tomorrow() }, { token: adminToken });
    expect(refused.status).toBe(422);
    const past = await call(
      `admin/users/${booster.user.id}/ban`,
      { reason: "Fake proofs", expires_at: new Date(Date.now() - 1000).toISOString() },
      { token: adminToken, locale: "fa-IR" },
    );
    expect(past.status).toBe(422);
    expect(past.body.error?.fields?.expires_at).toBe("روزی بعد از امروز انتخاب کنید.");
    expect((await get("me", booster.token)).status).toBe(200); // a refused ban changed nothing

    const banned = await call(
      `admin/users/${booster.user.id}/ban`,
      { reason: "Fake proofs on three campaigns", expires_at: tomorrow() },
      { token: adminToken },
    );
    expect(banned.status).toBe(200);
    expect(banned.body.data.overview).toMatchObject({
      ban: { reason: "Fake proofs on three campaigns", held_wallet: 2_500_000, held_earnings: 0, banned_by: { name: expect.any(String) } },
      balances: { wallet: 0, frozen: 2_500_000 },
      sessions: [],
    });
    expect(banned.body.data.message).toBe("Banned: their sessions have ended and their balances are held.");

    // Signed out at once, and no way back in while the ban lasts.
    expect((await get("me", booster.token)).status).toBe(401);
    const open = await database.db.select().from(sessions).where(eq(sessions.userId, booster.user.id));
    expect(open.every((s) => s.revokedAt !== null && s.revokedReason === "banned")).toBe(true);
    const again = await signIn(booster.phone, "fa-IR");
    expect(again.status).toBe(403);
    expect(again.body.error).toMatchObject({ code: "account_banned" });
    expect(again.body.error?.message).toContain("این حساب مسدود شده است");

    // The money moved by a ledger entry that says why; nothing lost.
    const holds = await database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.intent, "ban_hold"));
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ amount: 2_500_000, metadata: expect.objectContaining({ reason: "Fake proofs on three campaigns" }) });
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.banned"), eq(auditLog.targetId, booster.user.id)));
    expect(audit?.details).toMatchObject({ reason: "Fake proofs on three campaigns", held_wallet: 2_500_000 });

    expect(
      (await call(`admin/users/${booster.user.id}/ban`, { reason: "Twice", expires_at: tomorrow() }, { token: adminToken })).status,
    ).toBe(409);
    const found = await get(`admin/users?q=${encodeURIComponent(booster.phone)}`, adminToken);
    expect(found.body.data[0].banned_until).toEqual(expect.any(String));

    const lifted = await call(`admin/users/${booster.user.id}/unban`, {}, { token: adminToken });
    expect(lifted.status).toBe(200);
    expect(lifted.body.data.overview).toMatchObject({ ban: null, balances: { wallet: 2_500_000, frozen: 0 } });
    expect((await call(`admin/users/${booster.user.id}/unban`, {}, { token: adminToken })).body.error?.code).toBe("user_not_banned");
    const back = await signIn(booster.phone);
    expect(back.status).toBe(200);
    expect((await get("me", back.body.data.access_token)).body.data.wallet_balance).toBe(2_500_000);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("an admin cannot be banned; a ban past its end is lifted by the job and what it held given back", async ({
    database,
    person,
    adminToken,
    get,
    signIn,
    ban,
  }) => {
    const [adminRow] = await database.db.select().from(users).where(eq(users.role, "admin"));
    const adminBan = await ban(adminRow!.id, "Testing");
    expect(adminBan.status).toBe(409);
    expect(adminBan.body.error?.code).toBe("cannot_ban_admin");

    const producer = await person(700_000);
    const banned = await ban(producer.user.id, "Spam");
    expect(banned.status).toBe(200);
    await database.db
      .update(userBans)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userBans.userId, producer.user.id));
    // Expired: sign-in works at once, before the job ran.
    expect((await signIn(producer.phone)).status).toBe(200);
    expect(await liftExpiredBans({ db: database.db, now: new Date() })).toBe(1);
    expect(await liftExpiredBans({ db: database.db, now: new Date() })).toBe(0);
    const overview = await get(`admin/users/${producer.user.id}/overview`, adminToken);
    expect(overview.body.data).toMatchObject({ ban: null, balances: { wallet: 700_000, frozen: 0 } });
    const [expired] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.ban_expired"), eq(auditLog.targetId, producer.user.id)));
    expect(expired).toMatchObject({ actorId: null, details: expect.objectContaining({ released_wallet: 700_000 }) });
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("money that arrives while the ban lasts is held with the rest: a denied payout, a released reward, a refund; unban gives back all of it", async ({
    database,
    call,
    person,
    adminToken,
    liveCampaign,
    submitted,
    earn,
    planId,
    get,
    holdOnceMore,
    ban,
  }) => {
    const booster = await person(0, true);
    await database.db
      .update(users)
      .set({ iban: TEST_IBAN, bankName: "saman", ibanChangedAt: new Date(Date.now() - 72 * 3_600_000) })
      .where(eq(users.id, booster.user.id));
    await earn(booster.user.id, 9_000_000);
    await fundWallet(database.db, booster.user.id, 12_000_000);
    expect((await call("memberships", { plan_id: await planId("gold"), pay_from: "wallet" }, { token: booster.token })).status).toBe(201);
    const payout = await call("payouts", { amount: 5_000_000 }, { token: booster.token });
    expect(payout.status).toBe(201);
    // A reward approved before the ban, still in its hold.
    const { id: campaignId } = await liveCampaign(adminToken, undefined, person);
    const activityId = await submitted(booster.token, campaignId, "likes");
    const reward = (await call(`admin/activities/${activityId}/approve`, {}, { token: adminToken })).body.data.reward as number;
    expect(reward).toBeGreaterThan(0);

    const banned = await ban(booster.user.id, "Fake proofs");
    // The 4,000,000 free to withdraw are held; the 5,000,000 of the pending payout stay with it.
    expect(banned.body.data.overview).toMatchObject({
      ban: { held_wallet: 0, held_earnings: 4_000_000 },
      balances: { earnings: 0, frozen: 4_000_000 },
    });

    // Denied while banned: the 5,000,000 go with what the ban holds, not to withdrawable earnings (they did).
    const denied = await call(`admin/payouts/${payout.body.data.payout.id}/deny`, { reason: "Banned" }, { token: adminToken });
    expect(denied.status).toBe(200);
    const held = await get(`admin/users/${booster.user.id}/overview`, adminToken);
    expect(held.body.data).toMatchObject({ ban: { held_earnings: 9_000_000 }, balances: { earnings: 0, frozen: 9_000_000 } });
    expect((await balancesOf({ db: database.db }, { userId: booster.user.id })).earnings).toBe(0);

    // The release job while banned: the reward is held too (once, though the job runs twice).
    for (let run = 0; run < 2; run++)
      await releaseReward({ db: database.db }, { id: activityId, now: new Date(Date.now() + 8 * 86_400_000) });
    // Other credits (an invitation's reward, a refund) go through the same step, each once however often it is retried.
    await holdOnceMore(booster.user.id);
    const after = await get(`admin/users/${booster.user.id}/overview`, adminToken);
    expect(after.body.data).toMatchObject({
      ban: { held_earnings: 9_300_000 + reward, held_wallet: 200_000 },
      balances: { earnings: 0, wallet: 0, frozen: 9_500_000 + reward },
    });
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);

    const lifted = await call(`admin/users/${booster.user.id}/unban`, {}, { token: adminToken });
    expect(lifted.body.data.overview).toMatchObject({ ban: null, balances: { earnings: 9_300_000 + reward, wallet: 200_000, frozen: 0 } });
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
