import { describe, expect } from "vitest";
import { publicStats } from "@/server/stats/public-stats";
import { eq } from "drizzle-orm";
import { payouts, users } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { jibitTransferor } from "@/server/adapters/payout-rails/jibit";
import { jibitIdenticator } from "@/server/adapters/payout-rails/identicator";
import { reconcileRailDays, reconcileSentPayouts, sendApprovedPayouts } from "@/server/payouts/send";
import { sendPayoutNotices } from "@/server/payouts/notices";
import { apiTest } from "@/tests/api/support/fixture";
import { TEST_IBAN } from "@/tests/api/support/payout-fixtures";
import { fakeForFile } from "@/tests/api/payments/gateway-support";
import { startFakeJibit } from "@/tests/support/fake-jibit";

// Issue 17 part 4: payouts sent through Jibit Transferor (the production adapter against the local
// fake) — exactly once through timeouts, 5xx after acceptance and lost submissions; failures and
// returns give the money back; the booster's SMS; the back office's rail view; IBAN ownership.

const KEY = "jibit-key-rail-tests";
const SECRET = "jibit-secret-rail-tests";
const fake = fakeForFile(() => startFakeJibit({ apiKey: KEY, secretKey: SECRET }));
const rail = () => jibitTransferor({ apiKey: KEY, secretKey: SECRET, baseUrl: fake().transferorUrl, timeoutMs: 400 });
const identicator = () => jibitIdenticator({ apiKey: KEY, secretKey: SECRET, baseUrl: fake().identicatorUrl });

const it = apiTest
  // The rail's jobs on this database: `send()` the approved payouts; as of `minutes` from now, `reconcile` what was sent
  // and `railDays`, the bank's days (returns).
  .extend("jobs", ({ database }) => {
    const system = { db: database.db, actor: null };
    return {
      send: () => sendApprovedPayouts(system, { rail: rail() }),
      reconcile: (minutes: number) => reconcileSentPayouts({ ...system, now: later(minutes) }, { rail: rail() }),
      railDays: (minutes: number) => reconcileRailDays({ ...system, now: later(minutes) }, { rail: rail() }),
    };
  })
  // A booster whose IBAN Identicator says is theirs, with `earnings`, and `count` approved payouts of 3,000,000.
  .extend(
    "approvedPayouts",
    ({ database, call, admin, readyBooster }) =>
      async function approvedPayouts(count: number, earnings = count * 3_000_000) {
        const adminToken = await admin();
        const me = await readyBooster(earnings);
        await database.db.update(users).set({ nationalId: NATIONAL_ID }).where(eq(users.id, me.user.id));
        fake().owners.set(TEST_IBAN, { nationalCode: NATIONAL_ID, firstName: "Reza", lastName: "Karimi" });
        const ids: string[] = [];
        for (let i = 0; i < count; i++) {
          const created = await call("payouts", { amount: 3_000_000 }, { token: me.token });
          expect(created.status).toBe(201);
          ids.push(created.body.data.payout.id);
        }
        expect((await call("admin/payouts/approve", { ids }, { token: adminToken })).body.data.approved).toEqual(ids);
        return { me, ids, adminToken };
      },
  )
  .extend(
    "statusOf",
    ({ database }) =>
      async (id: string) =>
        (await database.db.select().from(payouts).where(eq(payouts.id, id)))[0]!,
  )
  .override("client", ({ serial }) => ({ address: `10.7.21.${serial % 250}` }))
  .override("appDeps", () => ({ payouts: { rail: rail(), ibanOwner: identicator() } }));
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const NATIONAL_ID = "0012345679";

const submissionsOf = (id: string) => fake().submissions.filter((batch) => batch.transfers.some((t) => t.transferID === id)).length;

describe("payouts through Jibit", () => {
  it("sent by the job, paid by the bank, confirmed by the reconciliation with the bank's reference; the booster gets an SMS", async ({
    database,
    sms,
    get,
    jobs: { send, reconcile },
    approvedPayouts,
    statusOf,
  }) => {
    const { me, ids } = await approvedPayouts(2);
    expect(await send()).toEqual({ sent: 2, unknown: 0, failed: 0 });
    for (const id of ids) expect(await statusOf(id)).toMatchObject({ status: "active", rail: "jibit" });
    const seen = (await get(`payouts/${ids[0]}`, me.token)).body.data;
    expect(Date.parse(seen.expected_arrival)).toBeGreaterThan(Date.now());

    fake().settle(ids[0]!, "TRANSFERRED");
    fake().settle(ids[1]!, "FAILED", "DESTINATION_ACCOUNT_BLOCKED");
    expect(await reconcile(3)).toEqual({ paid: 1, failed: 1 });
    const paid = await statusOf(ids[0]!);
    expect(paid).toMatchObject({ status: "confirmed", bankReference: fake().transfers.get(ids[0]!)!.bankTransferID });
    expect(await statusOf(ids[1]!)).toMatchObject({ status: "failed", reasonCode: "bank_failed", reason: "DESTINATION_ACCOUNT_BLOCKED" });
    // The landing page's "paid out" is what reached a bank: the confirmed one only.
    expect(await publicStats({ db: database.db })).toMatchObject({ boosters_paid: 1, rials_paid_out: 3_000_000 });
    // The booster reads why by its code (translated on the page), the bank's own code as the detail.
    const failed = (await get(`payouts/${ids[1]}`, me.token)).body.data;
    expect(failed).toMatchObject({ reason_code: "bank_failed", reason: "DESTINATION_ACCOUNT_BLOCKED" });
    expect(failed.history.at(-1)).toMatchObject({ status: "failed", reason_code: "bank_failed", note: "DESTINATION_ACCOUNT_BLOCKED" });
    // Earnings: 6,000,000 − 3,000,000 paid; the failed one's amount and withdrawal are back.
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).earnings).toBe(3_000_000);
    expect((await get("memberships/current", me.token)).body.data.withdrawals_left).toBe(23);

    expect(await sendPayoutNotices({ db: database.db }, { sms: sms.sender })).toEqual({ sent: 2, refused: 0, later: 0, muted: 0 });
    expect(sms.notices.map((n) => n.notice)).toEqual([
      { kind: "payout_confirmed", amount: 3_000_000 },
      { kind: "payout_failed", amount: 3_000_000 },
    ]);
    expect(await sendPayoutNotices({ db: database.db }, { sms: sms.sender })).toEqual({ sent: 0, refused: 0, later: 0, muted: 0 });
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("a submission taken and not answered stays active (unknown), is found by the inquiry and paid once", async ({
    database,
    jobs: { send, reconcile },
    approvedPayouts,
    statusOf,
  }) => {
    const { me, ids } = await approvedPayouts(1);
    fake().acceptThenHang();
    expect(await send()).toEqual({ sent: 0, unknown: 1, failed: 0 });
    expect((await statusOf(ids[0]!)).status).toBe("active");
    expect(await reconcile(3)).toEqual({ in_progress: 1 });
    fake().settle(ids[0]!, "TRANSFERRED");
    expect(await reconcile(15)).toEqual({ paid: 1 });
    expect((await statusOf(ids[0]!)).status).toBe("confirmed");
    expect(submissionsOf(ids[0]!)).toBe(1);
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).earnings).toBe(0);
  });

  it("a transfer the bank refuses when sent fails at once, said by its code with the bank's code as the detail", async ({
    database,
    get,
    jobs: { send },
    approvedPayouts,
    statusOf,
  }) => {
    const { me, ids } = await approvedPayouts(1);
    fake().failNext(400, "transfer.iban_is_not_valid", "/trf/v2/transfers");
    expect(await send()).toEqual({ sent: 0, unknown: 0, failed: 1 });
    expect(await statusOf(ids[0]!)).toMatchObject({ status: "failed", reasonCode: "bank_refused", reason: "transfer.iban_is_not_valid" });
    const seen = (await get(`payouts/${ids[0]}`, me.token)).body.data;
    expect(seen).toMatchObject({ status: "failed", reason_code: "bank_refused", reason: "transfer.iban_is_not_valid" });
    expect(JSON.stringify(seen)).not.toContain("The bank refused");
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).earnings).toBe(3_000_000);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("a 5xx after acceptance is an unknown too; a submission Jibit never took is sent again under the same id, once", async ({
    jobs: { send, reconcile },
    approvedPayouts,
  }) => {
    const { ids } = await approvedPayouts(2);
    fake().acceptThen5xx();
    expect(await send()).toEqual({ sent: 0, unknown: 2, failed: 0 });
    // Make the second look lost: Jibit has no record of it.
    fake().transfers.delete(ids[1]!);
    expect(await reconcile(3)).toEqual({ in_progress: 1, not_found: 1 });
    expect(fake().transfers.has(ids[1]!)).toBe(true);
    // Asked again while Jibit already has it: nothing is sent a third time.
    expect(await reconcile(15)).toEqual({ in_progress: 2 });
    expect(submissionsOf(ids[1]!)).toBe(2);
    expect([...fake().transfers.keys()].filter((id) => ids.includes(id))).toHaveLength(2);
  });

  it("waits for money when Jibit's balance cannot pay the batch; a payout the bank returns after paying comes back to earnings", async ({
    database,
    jobs: { send, reconcile, railDays },
    approvedPayouts,
    statusOf,
  }) => {
    const { me, ids } = await approvedPayouts(1);
    const balance = fake().balance;
    fake().balance = 1_000_000;
    expect(await send()).toEqual({ sent: 0, unknown: 0, failed: 0 });
    expect((await statusOf(ids[0]!)).status).toBe("approved");
    fake().balance = balance;
    expect((await send()).sent).toBe(1);
    fake().settle(ids[0]!, "TRANSFERRED");
    await reconcile(3);
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).earnings).toBe(0);

    fake().settle(ids[0]!, "RETURNED");
    expect(await railDays(1)).toMatchObject({ settled: 1 });
    expect(await statusOf(ids[0]!)).toMatchObject({
      status: "reversed",
      reasonCode: "bank_returned",
      reason: "RETURNED_BY_DESTINATION_BANK",
    });
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).earnings).toBe(3_000_000);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("the back office: the rail and its balance, send now, ask the bank now; not for boosters", async ({ call, get, approvedPayouts }) => {
    const { me, ids, adminToken } = await approvedPayouts(1);
    const shown = await get("admin/payouts/rail", adminToken);
    expect(shown.body.data).toMatchObject({ rail: "jibit", automatic: true, balance: fake().balance, balance_error: null });
    expect((await get("admin/payouts/rail", me.token)).status).toBe(404);
    expect((await call("admin/payouts/submit", {}, { token: adminToken })).body.data).toEqual({ sent: 1, unknown: 0, failed: 0 });
    const queue = (await get("admin/payouts?status=active", adminToken)).body.data;
    expect(queue[0]).toMatchObject({
      id: ids[0],
      rail: "jibit",
      iban_check: { status: "matched", owner_name: "Reza Karimi" },
    });
    expect(Date.parse(queue[0].due_at) - Date.parse(queue[0].approved_at)).toBe(24 * 3_600_000);
    fake().settle(ids[0]!, "TRANSFERRED");
    const asked = await call(`admin/payouts/${ids[0]}/inquire`, {}, { token: adminToken });
    expect(asked.body.data).toMatchObject({ status: "confirmed" });
    expect((await call(`admin/payouts/${ids[0]}/inquire`, {}, { token: me.token })).status).toBe(404);
  });

  it("an IBAN that is not the user's is refused on the profile and for payouts, with its reason", async ({
    database,
    call,
    readyBooster,
  }) => {
    const me = await readyBooster(3_000_000);
    fake().owners.set("IR820540102680020817909002", { nationalCode: "0499370899", firstName: "Sara", lastName: "Ahmadi" });
    await database.db.update(users).set({ nationalId: NATIONAL_ID, identityStatus: "registered" }).where(eq(users.id, me.user.id));
    const refused = await call("me", { iban: "IR820540102680020817909002" }, { method: "PATCH", token: me.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error!.code).toBe("iban_owner_mismatch");
    expect((await database.db.select().from(users).where(eq(users.id, me.user.id)))[0]!.iban).toBe(TEST_IBAN);

    // An IBAN never checked is checked before the payout.
    fake().owners.set(TEST_IBAN, { nationalCode: "0499370899", firstName: "Sara", lastName: "Ahmadi" });
    await database.db.update(users).set({ identityStatus: "identity_verified", ibanCheck: null }).where(eq(users.id, me.user.id));
    const payout = await call("payouts", { amount: 3_000_000 }, { token: me.token });
    expect(payout.status).toBe(400);
    expect(payout.body.error!.code).toBe("iban_owner_mismatch");
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).earnings).toBe(3_000_000);
  });
});
