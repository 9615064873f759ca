import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { ledgerAccounts } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants, systemAccountCode } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import { TEST_IBAN } from "@/tests/api/support/payout-fixtures";

// Issue 17: the one payout state machine as admins drive it on the manual rail, with its ledger
// effects and the history the booster reads.

const it = apiTest
  .extend(
    "systemPayouts",
    ({ database }) =>
      async () =>
        (
          await database.db
            .select()
            .from(ledgerAccounts)
            .where(eq(ledgerAccounts.code, systemAccountCode("payouts")))
        )[0]!,
  )
  .override("client", ({ serial }) => ({ address: `10.7.19.${serial % 250}` }));
const IBAN = TEST_IBAN;

describe("payouts in the back office", () => {
  it("denied with a reason (money and withdrawal back), approved, exported as a PAYA file, confirmed with the bank's reference, returned", async ({
    database,
    call,
    admin,
    readyBooster: booster,
    get,
    systemPayouts,
  }) => {
    const adminToken = await admin();
    const me = await booster(8_000_000);
    const first = (await call("payouts", { amount: 5_000_000 }, { token: me.token })).body.data.payout.id as string;
    const second = (await call("payouts", { amount: 3_000_000 }, { token: me.token })).body.data.payout.id as string;
    expect((await get("memberships/current", me.token)).body.data.withdrawals_left).toBe(22);

    // The queue, oldest first; nobody else sees it.
    const queue = await get("admin/payouts", adminToken);
    expect(queue.status).toBe(200);
    expect(queue.body.data.map((p: { id: string }) => p.id)).toEqual([first, second]);
    expect(queue.body.data[0]).toMatchObject({ plan: "gold", user: { id: me.user.id }, amount: 5_000_000 });
    expect((await get("admin/payouts", me.token)).status).toBe(404);
    expect((await call(`admin/payouts/${first}/approve`, {}, { token: me.token })).status).toBe(404);

    // A denial needs its reason; with it the hold is voided and the withdrawal given back.
    expect((await call(`admin/payouts/${first}/deny`, { reason: "  " }, { token: adminToken })).status).toBe(422);
    const denied = await call(`admin/payouts/${first}/deny`, { reason: "The IBAN's owner is not you" }, { token: adminToken });
    expect(denied.status).toBe(200);
    expect(denied.body.data).toMatchObject({ status: "denied", reason: "The IBAN's owner is not you" });
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).earnings).toBe(5_000_000);
    expect((await get("memberships/current", me.token)).body.data.withdrawals_left).toBe(23);
    const seen = await get(`payouts/${first}`, me.token);
    expect(seen.body.data.history.map((h: { status: string }) => h.status)).toEqual(["pending", "denied"]);
    expect(seen.body.data.history[1].note).toBe("The IBAN's owner is not you");
    // The same step again answers the payout as it is; another step is refused.
    expect((await call(`admin/payouts/${first}/deny`, { reason: "again" }, { token: adminToken })).body.data.status).toBe("denied");
    const late = await call(`admin/payouts/${first}/approve`, {}, { token: adminToken });
    expect(late.status).toBe(409);
    expect(late.body.error!.code).toBe("payout_transition_invalid");

    // Approved, then the manual rail: the export lists it once and marks it sent.
    expect((await call(`admin/payouts/${second}/approve`, {}, { token: adminToken })).body.data).toMatchObject({ status: "approved" });
    const exported = await call("admin/payouts/export", {}, { token: adminToken });
    expect(exported.status).toBe(200);
    expect(exported.response.headers.get("content-type")).toMatch(/text\/csv/);
    const csv = await exported.response.text();
    expect(csv.trim().split("\n")).toEqual(["payout_id,iban,amount_rials,name,national_id", `${second},${IBAN},3000000,Reza Karimi,`]);
    expect((await get(`payouts/${second}`, me.token)).body.data.status).toBe("active");
    const again = await (await call("admin/payouts/export", {}, { token: adminToken })).response.text();
    expect(again.trim().split("\n")).toHaveLength(1);

    // Paid: the hold posts to system:payouts with the bank's reference.
    expect((await call(`admin/payouts/${second}/confirm`, { bank_reference: "" }, { token: adminToken })).status).toBe(422);
    const payoutsBefore = (await systemPayouts()).balance;
    const confirmed = await call(`admin/payouts/${second}/confirm`, { bank_reference: "PAYA-140509-0042" }, { token: adminToken });
    expect(confirmed.body.data).toMatchObject({ status: "confirmed", bank_reference: "PAYA-140509-0042" });
    expect((await systemPayouts()).balance).toBe(payoutsBefore + 3_000_000);
    expect(await balancesOf({ db: database.db }, { userId: me.user.id })).toMatchObject({ earnings: 5_000_000 });
    expect((await get("payouts?status=paid", me.token)).body.meta.total).toBe(1);
    expect((await get("payouts?status=rejected", me.token)).body.meta.total).toBe(1);

    // A PAYA return: the amount comes back to earnings.
    const returned = await call(
      `admin/payouts/${second}/reverse`,
      { reason: "Returned by the bank: account closed" },
      { token: adminToken },
    );
    expect(returned.body.data.status).toBe("reversed");
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).earnings).toBe(8_000_000);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });

  it("a sent payout the bank refuses fails: money and withdrawal back; bulk approval moves only pending ones", async ({
    database,
    call,
    admin,
    readyBooster: booster,
    get,
  }) => {
    const adminToken = await admin();
    const me = await booster(9_000_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call("payouts", { amount: 3_000_000 }, { token: me.token })).body.data.payout.id);
    const bulk = await call("admin/payouts/approve", { ids: [...ids, ids[0]] }, { token: adminToken });
    expect(bulk.body.data.approved).toEqual(ids);
    await call("admin/payouts/export", {}, { token: adminToken });
    const failed = await call(`admin/payouts/${ids[0]}/fail`, { reason: "IBAN closed" }, { token: adminToken });
    expect(failed.body.data).toMatchObject({ status: "failed", reason: "IBAN closed" });
    expect((await balancesOf({ db: database.db }, { userId: me.user.id })).earnings).toBe(3_000_000);
    expect((await get("memberships/current", me.token)).body.data.withdrawals_left).toBe(22);
    expect(await checkLedgerInvariants({ db: database.db })).toEqual([]);
  });
});
