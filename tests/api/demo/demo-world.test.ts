import { describe, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { campaignDeliveryDays, campaigns, users } from "@/server/db/schema";
import { balancesOf, checkLedgerInvariants } from "@/server/ledger";
import { buildDemoWorld } from "@/server/demo/world";
import { WORLD_ADDRESS_HEADER, worldSms } from "@/server/demo/world-client";
import { DEMO_BOOSTER, DEMO_PASSWORD, DEMO_PRODUCER, VETERAN } from "@/server/demo/world-cast";
import { publicStats } from "@/server/stats/public-stats";
import { testApp } from "@/tests/api/support/helpers";
import { apiTest } from "@/tests/api/support/fixture";
import type { SmsSender } from "@/server/adapters/sms";

// Issue 34: a demo installation's world — made through the API as its people would have made it over forty days —
// has campaigns in every state with weeks of delivery, work in every state, invitations in every state, a paid
// payout and a waiting one, moving landing figures, and its ledger adds up. Its booster's held money becomes a
// payout when the demo's clock moves a week.

const logOnly = (sender: SmsSender): SmsSender => Object.assign(Object.create(sender) as SmsSender, { logsOnly: true });
const it = apiTest.override("appDeps", ({ gateways, sms }) => ({
  gateways,
  sms: logOnly(sms.sender),
  payouts: { rail: null, ibanOwner: null },
}));

const statusesOf = async (db: { execute: (q: ReturnType<typeof sql>) => Promise<{ rows: unknown[] }> }, table: string) =>
  (await db.execute(sql.raw(`select status, count(*)::int as n from "${table}" group by status order by status`))).rows.map(
    (row) => (row as { status: string }).status,
  );

describe("the demo world", () => {
  it(
    "every state, weeks of history, a ledger that adds up; a week on the clock makes the booster's payout possible",
    { timeout: 600_000 },
    async ({ database, gateways, call, sms, earnWorld }) => {
      const { db } = database;
      const adminToken = await earnWorld.admin(); // the installation's admin, as the seed makes one
      const world = worldSms();
      const app = testApp(database, {
        gateways,
        sms: world.sender,
        payouts: { rail: null, ibanOwner: null },
        youtubeAccounts: null,
        socketAddress: (request) => request.headers.get(WORLD_ADDRESS_HEADER),
      });
      const summary = await buildDemoWorld({ db, fetch: () => (request) => app.fetch(request), codeFor: world.codeFor });
      expect(summary).not.toBeNull();
      expect(summary!.activities).toBeGreaterThan(60);

      expect(await statusesOf(db, "campaigns")).toEqual(["active", "awaiting_payment", "awaiting_review", "paid", "paused", "rejected"]);
      expect(await statusesOf(db, "activities")).toEqual(["approved", "awaiting_review", "completed", "denied"]);
      const dropped = await db.execute(sql`select count(*)::int as n from activities where denial_code = 'dropped'`);
      expect((dropped.rows[0] as { n: number }).n).toBe(1);
      expect(await statusesOf(db, "invitations")).toEqual(["joined", "paid", "pending", "registered"]);
      expect(await statusesOf(db, "payouts")).toEqual(["confirmed", "pending"]);

      // Weeks of delivery on the demo producer's running campaign, dated day by day.
      const [kitchen] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.name, "آشپزی با نگار"));
      const days = await db.select().from(campaignDeliveryDays).where(eq(campaignDeliveryDays.campaignId, kitchen!.id));
      expect(days.length).toBeGreaterThanOrEqual(14);
      const first = days.map((d) => d.day).sort()[0]!;
      expect(Date.now() - Date.parse(first)).toBeGreaterThan(28 * 86_400_000);

      expect(await checkLedgerInvariants({ db })).toEqual([]);
      const stats = await publicStats({ db });
      expect(stats.campaigns_run).toBe(4);
      expect([stats.boosters_paid, stats.rials_paid_out]).toEqual([1, 3_000_000]);
      expect(stats.tasks_completed).toBe(summary!.activities - 3); // less the denied, the dropped and the one in review

      // The demo booster: released money, a held reward, not yet enough for a payout.
      const [sara] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phone, `+98${DEMO_BOOSTER.phone.slice(1)}`));
      const before = await balancesOf({ db }, { userId: sara!.id });
      expect(before.earnings).toBeGreaterThan(2_500_000);
      expect(before.earnings).toBeLessThan(3_000_000);
      expect(before.held).toBeGreaterThan(0);

      // Each person signs in with the demo password (the code comes by SMS, here the recorder).
      const signIn = async (phone: string) => {
        const login = await call("auth/login", { credential: phone, password: DEMO_PASSWORD });
        expect(login.status).toBe(200);
        const verified = await call("auth/otp/verify", { token: login.body.data.otp.token, code: sms.lastCode(`+98${phone.slice(1)}`) });
        expect(verified.status).toBe(200);
        return verified.body.data.access_token as string;
      };
      const producerToken = await signIn(DEMO_PRODUCER.phone);
      expect((await call("campaigns", undefined, { method: "GET", token: producerToken })).body.meta.total).toBe(3);
      const boosterToken = await signIn(DEMO_BOOSTER.phone);
      // Their way to a first payout: everything done but YouTube (no Google on a demo) and the payout itself.
      const checklist = await call("me/checklist", undefined, { method: "GET", token: boosterToken });
      expect(Object.fromEntries(checklist.body.data.booster.map((s: { step: string; state: string }) => [s.step, s.state]))).toEqual({
        profile: "done",
        identity: "done",
        youtube: "todo",
        task: "done",
        release: "done",
        plan: "done",
        payout: "todo",
      });
      const early = await call("payouts", { amount: 3_000_000 }, { token: boosterToken });
      expect([early.status, early.body.error?.code]).toEqual([400, "ERR_INSUFFICIENT_BALANCE"]);

      // A week on the demo's clock: the held rewards and the last friend's reward are released; the payout goes.
      expect((await call("admin/demo-clock", { days: 7 }, { token: adminToken })).status).toBe(200);
      const after = await balancesOf({ db }, { userId: sara!.id });
      expect(after.earnings).toBeGreaterThanOrEqual(3_000_000);
      expect(after.held).toBe(0);
      expect((await call("payouts", { amount: 3_000_000 }, { token: boosterToken })).status).toBe(201);
      expect(await checkLedgerInvariants({ db })).toEqual([]);
      await signIn(VETERAN.phone);

      // Built once: a second start (or a second instance) finds it built.
      expect(await buildDemoWorld({ db, fetch: () => (request) => app.fetch(request), codeFor: world.codeFor })).toBeNull();
    },
  );
});
