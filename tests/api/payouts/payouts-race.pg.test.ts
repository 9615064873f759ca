import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { memberships, payouts } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import { jibitTransferor } from "@/server/adapters/payout-rails/jibit";
import { exportApprovedPayouts } from "@/server/payouts/admin";
import { reconcileSentPayouts, sendApprovedPayouts } from "@/server/payouts/send";
import { fakeForFile } from "@/tests/api/payments/gateway-support";
import { startFakeJibit } from "@/tests/support/fake-jibit";

// PostgreSQL only (*.pg.test.ts): real connections racing for one membership's withdrawals and one
// booster's earnings.
const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.18.${serial % 250}` }));
const fake = fakeForFile(() => startFakeJibit({ apiKey: "race-key", secretKey: "race-secret" }));
const rail = () => jibitTransferor({ apiKey: "race-key", secretKey: "race-secret", baseUrl: fake().transferorUrl, timeoutMs: 400 });

describe("payouts under concurrency (PostgreSQL)", () => {
  it("50 parallel requests with one withdrawal left: exactly one is created", async ({ database, call, readyBooster }) => {
    const booster = await readyBooster(200_000_000, 1);
    const answers = await Promise.all(Array.from({ length: 50 }, () => call("payouts", { amount: 3_000_000 }, { token: booster.token })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.error!.code === "ERR_MAX_WITHDRAWALS_REACHED")).toHaveLength(49);
    expect(await database.db.select().from(payouts).where(eq(payouts.userId, booster.user.id))).toHaveLength(1);
    const [period] = await database.db.select().from(memberships).where(eq(memberships.userId, booster.user.id));
    expect(period!.withdrawalsUsed).toBe(24);
    expect((await balancesOf({ db: database.db }, { userId: booster.user.id })).earnings).toBe(197_000_000);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("parallel requests whose sum exceeds the earnings never overdraw, and each refusal gives its withdrawal back", async ({
    database,
    call,
    readyBooster,
  }) => {
    const booster = await readyBooster(10_000_000, 20);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("payouts", { amount: 3_000_000 }, { token: booster.token })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400 && a.body.error!.code === "ERR_INSUFFICIENT_BALANCE")).toHaveLength(17);
    expect((await balancesOf({ db: database.db }, { userId: booster.user.id })).earnings).toBe(1_000_000);
    const [period] = await database.db.select().from(memberships).where(eq(memberships.userId, booster.user.id));
    expect(period!.withdrawalsUsed).toBe(4 + 3);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});

describe("payout decisions under concurrency (PostgreSQL)", () => {
  it("a denial racing an approval settles once: one of them wins, the ledger holds", async ({ database, call, admin, readyBooster }) => {
    const adminToken = await admin();
    const booster = await readyBooster(15_000_000, 10);
    for (let round = 0; round < 5; round++) {
      const id = (await call("payouts", { amount: 3_000_000 }, { token: booster.token })).body.data.payout.id as string;
      const [approved, denied] = await Promise.all([
        call(`admin/payouts/${id}/approve`, {}, { token: adminToken }),
        call(`admin/payouts/${id}/deny`, { reason: "Duplicate request" }, { token: adminToken }),
      ]);
      expect([approved.status, denied.status].sort()).toEqual([200, 409]);
      const [row] = await database.db.select().from(payouts).where(eq(payouts.id, id));
      expect(row!.status).toBe(approved.status === 200 ? "approved" : "denied");
      expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
    }
  });
});

describe("sending payouts under concurrency (PostgreSQL)", () => {
  it("two send runs, an export and two reconciliations racing: each payout sent once, paid once, the ledger holds", async ({
    database,
    call,
    admin,
    readyBooster,
  }) => {
    const adminToken = await admin();
    const booster = await readyBooster(30_000_000, 10);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await call("payouts", { amount: 3_000_000 }, { token: booster.token })).body.data.payout.id);
    expect((await call("admin/payouts/approve", { ids }, { token: adminToken })).body.data.approved).toHaveLength(8);

    // Two job runs (another instance's, say) and an admin's manual export at once; the first batch Jibit takes
    // and never answers (an unknown), so reconciliation has to find it.
    fake().acceptThenHang();
    const system = { db: database.db, actor: null };
    const [one, two, file] = await Promise.all([
      sendApprovedPayouts(system, { rail: rail() }),
      sendApprovedPayouts(system, { rail: rail() }),
      exportApprovedPayouts(system),
    ]);
    const exported = file.trim().split("\n").length - 1;
    expect(one.sent + one.unknown + two.sent + two.unknown + exported).toBe(8);
    const atJibit = ids.filter((id) => fake().transfers.has(id));
    expect(atJibit.length + exported).toBe(8);
    for (const id of atJibit) expect(fake().submissions.filter((b) => b.transfers.some((t) => t.transferID === id))).toHaveLength(1);

    for (const id of atJibit) fake().settle(id, "TRANSFERRED");
    const later = new Date(Date.now() + 3 * 60_000);
    await Promise.all([
      reconcileSentPayouts({ ...system, now: later }, { rail: rail() }),
      reconcileSentPayouts({ ...system, now: later }, { rail: rail() }),
    ]);
    const rows = await database.db.select().from(payouts).where(eq(payouts.userId, booster.user.id));
    expect(rows.filter((row) => row.status === "confirmed")).toHaveLength(atJibit.length);
    expect(rows.filter((row) => row.status === "active" && row.rail === "manual")).toHaveLength(exported);
    // Paid or still held (the exported ones, until an admin confirms them): none of the 24,000,000 is available.
    expect((await balancesOf({ db: database.db }, { userId: booster.user.id })).earnings).toBe(6_000_000);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
