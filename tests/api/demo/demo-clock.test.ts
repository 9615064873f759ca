import { describe, expect } from "vitest";
import { balancesOf } from "@/server/ledger";
import { apiTest } from "@/tests/api/support/fixture";
import type { SmsSender } from "@/server/adapters/sms";

// Issue 34: a demo installation (demo data on; the sandbox bank alone, no payout rail or IBAN check, texts only in the
// log) lets an admin move the jobs' clock a day or a week forward and watch money move: a held reward is released.
// A real installation has no clock at all (404), and nobody but an admin reaches it.

const logOnly = (sender: SmsSender): SmsSender => Object.assign(Object.create(sender) as SmsSender, { logsOnly: true });
const it = apiTest.override("appDeps", ({ gateways, sms }) => ({
  gateways,
  sms: logOnly(sms.sender),
  payouts: { rail: null, ibanOwner: null },
}));
const LINES = [{ metric: "likes", action: "like", unitPrice: 5_000, max: 2 }];

describe("the demo's clock", () => {
  it("a week forward releases a held reward; the clock counts up, with its audit row; others get 404", async ({
    call,
    get,
    earnWorld,
    database,
  }) => {
    const { adminToken, id } = await earnWorld.approvedCampaign(LINES);
    const booster = await earnWorld.person(0, true);
    await earnWorld.approvedWork(adminToken, booster.token, id, "likes");
    const earnings = async () => (await balancesOf({ db: database.db }, { userId: booster.user.id })).earnings;
    expect(await earnings()).toBe(0);

    const start = await get("admin/demo-clock", adminToken);
    expect([start.status, start.body.data.days_ahead, start.body.data.ran]).toEqual([200, 0, []]);
    const day = await call("admin/demo-clock", { days: 1 }, { token: adminToken });
    expect([day.status, day.body.data.days_ahead]).toEqual([200, 1]);
    expect(day.body.data.ran.map((run: { job: string }) => run.job)).toEqual([
      "release-rewards",
      "complete-campaigns",
      "invitation-rewards",
      "expire-memberships",
    ]);
    expect(await earnings()).toBe(0); // held for seven days
    const week = await call("admin/demo-clock", { days: 7 }, { token: adminToken });
    expect(week.body.data.days_ahead).toBe(8);
    expect(week.body.data.ran.find((run: { job: string }) => run.job === "release-rewards").output.released).toBe(1);
    expect(await earnings()).toBeGreaterThan(0);
    expect(Date.parse(week.body.data.now) - Date.now()).toBeGreaterThan(7.9 * 86_400_000);

    const audit = await get("admin/audit?action=demo.clock_advanced", adminToken);
    expect(audit.body.data.map((entry: { details: unknown }) => entry.details)).toEqual([
      { days: 7, days_ahead: 8 },
      { days: 1, days_ahead: 1 },
    ]);
    expect((await call("admin/demo-clock", { days: 3 }, { token: adminToken })).status).toBe(422);
    expect((await call("admin/demo-clock", { days: 7 }, { token: booster.token })).status).toBe(404);
    expect((await get("admin/demo-clock")).status).toBe(404);
  });

  it("a real installation has no clock: an SMS provider, a payout rail or a real bank each make it one", async ({
    get,
    call,
    earnWorld,
    rebuild,
    gateways,
    sms,
  }) => {
    const adminToken = await earnWorld.admin();
    expect((await get("admin/demo-clock", adminToken)).status).toBe(200);
    // Demo data off: a real installation whatever its adapters.
    const before = process.env.SEED_DEMO_DATA;
    process.env.SEED_DEMO_DATA = "false";
    try {
      expect((await get("admin/demo-clock", adminToken)).status).toBe(404);
    } finally {
      if (before === undefined) delete process.env.SEED_DEMO_DATA;
      else process.env.SEED_DEMO_DATA = before;
    }
    expect((await get("admin/demo-clock", adminToken)).status).toBe(200);
    for (const deps of [
      { gateways, sms: sms.sender, payouts: { rail: null, ibanOwner: null } },
      {
        gateways: new Map([...gateways, ["zarinpal", gateways.get("sandbox")!]]),
        sms: logOnly(sms.sender),
        payouts: { rail: null, ibanOwner: null },
      },
    ] as const) {
      rebuild(deps as never);
      expect((await get("admin/demo-clock", adminToken)).status).toBe(404);
      expect((await call("admin/demo-clock", { days: 1 }, { token: adminToken })).status).toBe(404);
    }
  });
});
