import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { ledgerTransfers, memberships, payouts, transactions, users } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import { TEST_IBAN } from "@/tests/api/support/payout-fixtures";
import { expireMemberships } from "@/server/payouts/membership-expiry";
import { membershipOf } from "@/server/payouts/memberships";

// Issue 17: membership plans bought from earnings or the wallet, and payout requests refused for each
// rule with its reason, or held in the ledger.

const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.17.${serial % 250}` }));
const IBAN = TEST_IBAN;

describe("memberships", () => {
  it("three plans named in each language; bought from the wallet, renewed once ahead, upgraded for the difference", async ({
    database,
    call,
    booster,
    get,
    planId: planOf,
  }) => {
    const fa = await call("memberships/plans", undefined, { method: "GET", locale: "fa-IR" });
    expect(fa.status).toBe(200);
    expect(fa.body.data.map((plan: { code: string; name: string }) => [plan.code, plan.name])).toEqual([
      ["bronze", "برنزی"],
      ["silver", "نقره‌ای"],
      ["gold", "طلایی"],
    ]);
    const bronze = await planOf("bronze");
    const gold = await planOf("gold");

    const buyer = await booster(5_000_000);
    expect((await get("memberships/current", buyer.token)).body.data).toBeNull();
    // Earnings are empty: refused, nothing bought.
    const poor = await call("memberships", { plan_id: bronze, pay_from: "earnings" }, { token: buyer.token });
    expect(poor.status).toBe(400);
    expect(poor.body.error!.code).toBe("ERR_INSUFFICIENT_BALANCE");
    expect(await database.db.select().from(memberships).where(eq(memberships.userId, buyer.user.id))).toHaveLength(0);

    const bought = await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: buyer.token });
    expect(bought.status).toBe(201);
    expect(bought.body.data).toMatchObject({ kind: "new", paid: 2_000_000, membership: { withdrawals_left: 2, renewed_until: null } });
    expect((await balancesOf({ db: database.db }, { userId: buyer.user.id })).wallet).toBe(3_000_000);
    const [paid] = await database.db.select().from(transactions).where(eq(transactions.userId, buyer.user.id));
    expect(paid).toMatchObject({ intent: "pay_membership", status: "paid", amount: 2_000_000 });

    const renewed = await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: buyer.token });
    expect(renewed.body.data.kind).toBe("renewal");
    const end = Date.parse(bought.body.data.membership.ends_at);
    expect(Date.parse(renewed.body.data.membership.renewed_until)).toBe(end + 30 * 86_400_000);
    const third = await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: buyer.token });
    expect(third.status).toBe(409);
    expect(third.body.error!.code).toBe("membership_already_renewed");
    expect((await balancesOf({ db: database.db }, { userId: buyer.user.id })).wallet).toBe(1_000_000);
    // The wallet's own shortfall says so (not "your earnings").
    const empty = await booster();
    const short = await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: empty.token });
    expect(short.status).toBe(403);
    expect(short.body.error).toMatchObject({ code: "insufficient_funds", message: "Your wallet balance is not enough for this." });

    // An upgrade: the difference per day for the days left (about 30 days × (12M/90 − 2M/30) ≈ 2M).
    const other = await booster(20_000_000);
    await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: other.token });
    const upgraded = await call("memberships", { plan_id: gold, pay_from: "wallet" }, { token: other.token });
    expect(upgraded.status).toBe(201);
    expect(upgraded.body.data.kind).toBe("upgrade");
    expect(upgraded.body.data.paid).toBeGreaterThan(1_999_000);
    expect(upgraded.body.data.paid).toBeLessThanOrEqual(2_000_000);
    // And for those 30 days gold's allowance per day above bronze's (issue 30): 2 + 6 withdrawals, not gold's whole 24.
    expect(upgraded.body.data.membership).toMatchObject({ withdrawals_left: 8, invitations_left: 20, plan: { code: "gold" } });
    expect(Date.parse(upgraded.body.data.membership.ends_at)).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});

describe("membership expiry", () => {
  it("the job closes each period once its end has passed, the renewal then in force; a second run finds nothing", async ({
    database,
    call,
    booster,
    planId: planOf,
  }) => {
    const buyer = await booster(5_000_000);
    const bronze = await planOf("bronze");
    await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: buyer.token });
    await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: buyer.token });
    const periods = () => database.db.select().from(memberships).where(eq(memberships.userId, buyer.user.id)).orderBy(memberships.startsAt);
    const days = (n: number) => new Date(Date.now() + n * 86_400_000);

    expect((await expireMemberships({ db: database.db, now: days(29) })).expired).toBe(0);
    expect((await periods()).map((period) => period.expiredAt)).toEqual([null, null]);
    const first = await expireMemberships({ db: database.db, now: days(31) });
    expect(first.expired).toBeGreaterThanOrEqual(1);
    const [ended, renewal] = await periods();
    expect(ended!.expiredAt).toBeInstanceOf(Date);
    expect(renewal!.expiredAt).toBeNull();
    expect((await membershipOf({ db: database.db, now: days(31) }, { userId: buyer.user.id })).current?.membership.id).toBe(renewal!.id);
    expect((await expireMemberships({ db: database.db, now: days(31) })).expired).toBe(0);
    await expireMemberships({ db: database.db, now: days(61) });
    expect((await periods()).every((period) => period.expiredAt !== null)).toBe(true);
    expect((await membershipOf({ db: database.db, now: days(61) }, { userId: buyer.user.id })).current).toBeNull();
  });
});

describe("plans in the back office", () => {
  it("admins add, edit and take plans off sale; a period already bought keeps its limits", async ({
    call,
    admin,
    booster,
    get,
    planId: planOf,
  }) => {
    const adminToken = await admin();
    const holder = await booster(5_000_000);
    const bronze = await planOf("bronze");
    expect((await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: holder.token })).status).toBe(201);
    const all = await get("admin/membership-plans", adminToken);
    const plan = all.body.data.find((p: { code: string }) => p.code === "bronze");
    const { id, ...body } = plan;
    expect(id).toBe(bronze);
    expect((await get("admin/membership-plans", holder.token)).status).toBe(404);

    // Bronze off sale, with fewer withdrawals: gone from the list, the holder's period unchanged.
    const edited = await call(
      `admin/membership-plans/${bronze}`,
      { ...body, withdrawals_per_period: 1, active: false },
      {
        token: adminToken,
        method: "PUT",
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ active: false, withdrawals_per_period: 1 });
    const onSale = (await call("memberships/plans", undefined, { method: "GET" })).body.data.map((p: { code: string }) => p.code);
    expect(onSale).toEqual(["silver", "gold"]);
    expect((await get("memberships/current", holder.token)).body.data).toMatchObject({ withdrawals_left: 2, plan: { code: "bronze" } });
    expect((await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: holder.token })).status).toBe(404);

    // A code of its own per run: PostgreSQL's test database outlives a run.
    const code = `platinum_${Date.now().toString(36)}`;
    const platinum = { ...body, code, price: 40_000_000, period_days: 90, withdrawals_per_period: 60, active: true };
    platinum.names = { "fa-IR": "پلاتینی", "en-US": "Platinum", "tr-TR": "Platin", "ar-AE": "بلاتيني" };
    const created = await call("admin/membership-plans", platinum, { token: adminToken });
    expect(created.status).toBe(201);
    expect((await call("admin/membership-plans", platinum, { token: adminToken })).status).toBe(409);
    const bad = await call("admin/membership-plans", { ...platinum, code: "x", period_days: 45, price: -1 }, { token: adminToken });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error!.fields ?? {}).sort()).toEqual(["code", "period_days", "price"]);
    // Back as it was, for the tests after this one.
    expect((await call(`admin/membership-plans/${bronze}`, body, { token: adminToken, method: "PUT" })).body.data.active).toBe(true);
    await call(`admin/membership-plans/${created.body.data.id}`, { ...platinum, active: false }, { token: adminToken, method: "PUT" });
  });
});

describe("payout requests", () => {
  it("a verified booster may change the IBAN (not the identity); a first IBAN does not wait, a change waits 48 hours", async ({
    database,
    call,
    person,
    earn,
    get,
    planId: planOf,
  }) => {
    const me = await person(0, true);
    await database.db.update(users).set({ iban: null, ibanChangedAt: null }).where(eq(users.id, me.user.id));
    await earn(me.user.id, 5_000_000);
    expect((await call("memberships", { plan_id: await planOf("bronze"), pay_from: "earnings" }, { token: me.token })).status).toBe(201);
    const first = await call("me", { iban: IBAN }, { method: "PATCH", token: me.token });
    expect(first.status).toBe(200);
    expect(first.body.data.user.iban_payouts_from).toBeNull();
    const paid = await call("payouts", { amount: 3_000_000 }, { token: me.token });
    expect(paid.status).toBe(201);

    const other = "IR820540102680020817909002";
    expect((await call("me", { national_id: "0067749828" }, { method: "PATCH", token: me.token })).body.error!.code).toBe(
      "identity_locked",
    );
    const changed = await call("me", { iban: other }, { method: "PATCH", token: me.token });
    expect(changed.status).toBe(200);
    const from = Date.parse(changed.body.data.user.iban_payouts_from);
    expect(Math.abs(from - (Date.now() + 48 * 3_600_000))).toBeLessThan(60_000);
    await earn(me.user.id, 3_000_000, "second");
    const waiting = await call("payouts", { amount: 3_000_000 }, { token: me.token });
    expect(waiting.status).toBe(400);
    expect(waiting.body.error!.code).toBe("iban_recently_changed");

    // 49 hours later the wait is over; going back to the first IBAN is a change like any other.
    await database.db
      .update(users)
      .set({ ibanChangedAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(users.id, me.user.id));
    expect((await get("me", me.token)).body.data.iban_payouts_from).toBeNull();
    const again = await call("me", { iban: IBAN }, { method: "PATCH", token: me.token });
    expect(again.body.data.user.iban_payouts_from).not.toBeNull();
    expect((await call("payouts", { amount: 3_000_000 }, { token: me.token })).body.error!.code).toBe("iban_recently_changed");
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).earnings).toBe(3_000_000);
  });

  it("refused for each rule with its reason and changing nothing; held from earnings once allowed; listed by tab", async ({
    database,
    call,
    person,
    admin,
    earn,
    booster,
    get,
    planId: planOf,
  }) => {
    const adminToken = await admin();
    const unverified = await person();
    const notVerified = await call("payouts", { amount: 3_000_000 }, { token: unverified.token });
    expect(notVerified.status).toBe(403);
    // The boosters' code; the sentence speaks of withdrawing, not of taking tasks.
    expect(notVerified.body.error).toMatchObject({
      code: "identity_not_verified",
      message: "Verify your identity in your profile before you withdraw.",
    });

    const me = await person(10_000_000, true);
    const noIban = await call("payouts", { amount: 3_000_000 }, { token: me.token });
    expect(noIban.status).toBe(400);
    expect(noIban.body.error!.code).toBe("iban_missing");
    await database.db.update(users).set({ iban: IBAN, ibanChangedAt: new Date() }).where(eq(users.id, me.user.id));
    const fresh = await call("payouts", { amount: 3_000_000 }, { token: me.token, locale: "fa-IR" });
    expect(fresh.status).toBe(400);
    expect(fresh.body.error).toMatchObject({ code: "iban_recently_changed" });
    expect(fresh.body.error!.message).toMatch(/شماره شبای شما به‌تازگی تغییر کرده است/);
    expect(fresh.body.error!.message).toMatch(/[۰-۹]/); // the date, in Persian digits
    await database.db
      .update(users)
      .set({ ibanChangedAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(users.id, me.user.id));

    await earn(me.user.id, 8_000_000);
    const noPlan = await call("payouts", { amount: 3_000_000 }, { token: me.token });
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.error).toMatchObject({
      code: "ERR_NO_ACTIVE_MEMBERSHIP",
      message: "Payouts need an active membership plan. Choose a plan on the payouts page.",
    });
    expect((await call("memberships", { plan_id: await planOf("bronze"), pay_from: "wallet" }, { token: me.token })).status).toBe(201);

    // SPEC §5 bounds and texts: outside them SPEC §8's 400 ERR_WRONG_AMOUNT, not a whole number 422; the field named.
    const range = "Enter an amount from 3,000,000 to 10,000,000 Rials.";
    for (const [amount, status, code, message] of [
      [2_999_999, 400, "ERR_WRONG_AMOUNT", range],
      [10_000_001, 400, "ERR_WRONG_AMOUNT", range],
      [3_000_000.5, 422, "validation_failed", "Please enter a valid number for withdrawal."],
      ["3000000", 422, "validation_failed", "Please enter a valid number for withdrawal."],
    ] as const) {
      const bad = await call("payouts", { amount }, { token: me.token });
      expect([bad.status, bad.body.error!.code]).toEqual([status, code]);
      expect(bad.body.error!.fields).toMatchObject({ amount: message });
    }
    // More than the earnings (the wallet's 8,000,000 never counts): refused, the withdrawal not used.
    const tooMuch = await call("payouts", { amount: 9_000_000 }, { token: me.token });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error!.code).toBe("ERR_INSUFFICIENT_BALANCE");
    expect((await get("memberships/current", me.token)).body.data.withdrawals_left).toBe(2);

    const first = await call("payouts", { amount: 5_000_000 }, { token: me.token });
    expect(first.status).toBe(201);
    expect(first.body.data.message).toBe("Payout request created.");
    expect(first.body.data.payout).toMatchObject({ amount: 5_000_000, status: "pending", iban: IBAN, history: [{ status: "pending" }] });
    expect(await balancesOf({ db: database.db }, { userId: me.user.id })).toMatchObject({ earnings: 3_000_000, wallet: 8_000_000 });
    const [row] = await database.db.select().from(payouts).where(eq(payouts.id, first.body.data.payout.id));
    const [hold] = await database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, row!.transferId));
    expect(hold).toMatchObject({ status: "pending", amount: 5_000_000, intent: "payout" });

    expect((await call("payouts", { amount: 3_000_000 }, { token: me.token })).status).toBe(201);
    const spent = await call("payouts", { amount: 3_000_000 }, { token: me.token });
    expect(spent.status).toBe(400);
    expect(spent.body.error!.code).toBe("ERR_MAX_WITHDRAWALS_REACHED");

    const all = await get("payouts", me.token);
    expect(all.body.meta.total).toBe(2);
    expect((await get("payouts?status=awaiting_approval", me.token)).body.meta.total).toBe(2);
    expect((await get("payouts?status=paid", me.token)).body.meta.total).toBe(0);
    expect((await get("payouts?status=nonsense", me.token)).status).toBe(422);
    expect((await get(`payouts/${first.body.data.payout.id}`, me.token)).body.data.id).toBe(first.body.data.payout.id);
    // Someone else's payout does not exist for the caller.
    expect((await get(`payouts/${first.body.data.payout.id}`, unverified.token)).status).toBe(404);

    // The back office's switch: every request refused with the SPEC's text while it is off.
    const other = await booster();
    await earn(other.user.id, 4_000_000);
    expect((await call("admin/settings/withdrawals", { enabled: false }, { token: adminToken, method: "PUT" })).status).toBe(200);
    expect((await call("admin/settings/withdrawals", { enabled: true }, { token: me.token, method: "PUT" })).status).toBe(404);
    const off = await call("payouts", { amount: 3_000_000 }, { token: other.token });
    expect(off.status).toBe(503);
    expect(off.body.error!.message).toBe("Withdrawal functionality is temporarily disabled.");
    await call("admin/settings/withdrawals", { enabled: true }, { token: adminToken, method: "PUT" });
    expect((await call("payouts", { amount: 3_000_000 }, { token: other.token })).body.error!.code).toBe("ERR_NO_ACTIVE_MEMBERSHIP");
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
