import { describe, expect } from "vitest";
import { and, eq } from "drizzle-orm";
import { memberships, notifications, payoutEvents, users } from "@/server/db/schema";
import { notificationTest } from "@/tests/api/support/notification-fixtures";
import { applyPayoutEvent } from "@/server/payouts/transitions";
import { sendPayoutNotices } from "@/server/payouts/notices";
import { sendNotificationSms } from "@/server/notifications/sms";
import { SmsDeliveryError, type SmsSender } from "@/server/adapters/sms";
import { expireMemberships } from "@/server/payouts/membership-expiry";

// PostgreSQL only (*.pg.test.ts): an event that sends an SMS, delivered twice at once (the bank's
// confirmation, an admin's decision) and its outbox job run twice at once (a run taken as lost and
// retried while the first still works): one notification, counted once, and one SMS.
const it = notificationTest
  .extend(
    "rowsOf",
    ({ database }) =>
      (userId: string, kind: (typeof notifications.$inferSelect)["kind"]) =>
        database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind))),
  )
  .extend(
    "phoneOf",
    ({ database }) =>
      async (userId: string) =>
        (await database.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]!.phone!,
  )
  // A booster's payout of 3,000,000 Rials approved by an admin and sent to the bank (active); `confirm(reference)`,
  // the admin's confirmation with the bank's reference.
  .extend(
    "activePayout",
    ({ database, call, admin, readyBooster }) =>
      async function activePayout() {
        const adminToken = await admin();
        const me = await readyBooster(3_000_000);
        const created = await call("payouts", { amount: 3_000_000 }, { token: me.token });
        expect(created.status).toBe(201);
        const payoutId = created.body.data.payout.id as string;
        expect((await call(`admin/payouts/${payoutId}/approve`, undefined, { token: adminToken })).status).toBe(200);
        await applyPayoutEvent({ db: database.db, actor: null }, { payoutId, event: "submit", rail: "manual" });
        const confirm = (reference: string) =>
          call(`admin/payouts/${payoutId}/confirm`, { bank_reference: reference }, { token: adminToken });
        return { adminToken, me, payoutId, confirm };
      },
  )
  // A texting job (the notifications' by default) run twice at once; how many texts the two sent.
  .extend(
    "sentByTwoRuns",
    ({ database, sms }) =>
      async (job: typeof sendNotificationSms | typeof sendPayoutNotices = sendNotificationSms) =>
        (await Promise.all([job({ db: database.db }, { sms: sms.sender }), job({ db: database.db }, { sms: sms.sender })])).reduce(
          (sum, run) => sum + run.sent,
          0,
        ),
  )
  .override("client", ({ serial }) => ({ address: `10.7.23.${serial % 250}` }));

describe("an event delivered twice (PostgreSQL)", () => {
  it("a payout's confirmation delivered twice at once, its SMS job run twice at once: one notification, one SMS", async ({
    database,
    sms,
    rowsOf,
    phoneOf,
    activePayout,
    sentByTwoRuns,
  }) => {
    const { me, payoutId, confirm } = await activePayout();
    const answers = await Promise.all([confirm("PAYA-123"), confirm("PAYA-123")]);
    // The second is a replay: answered with the payout as it is, moving nothing.
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.data.status)).toEqual(["confirmed", "confirmed"]);
    expect(await rowsOf(me.user.id, "payout_confirmed")).toHaveLength(1);
    const events = await database.db
      .select()
      .from(payoutEvents)
      .where(and(eq(payoutEvents.payoutId, payoutId), eq(payoutEvents.status, "confirmed")));
    expect(events).toHaveLength(1);

    expect(await sentByTwoRuns(sendPayoutNotices)).toBe(1);
    expect(sms.notices).toEqual([{ phone: await phoneOf(me.user.id), notice: { kind: "payout_confirmed", amount: 3_000_000 } }]);
    // And later runs find nothing left to send.
    expect(await sendPayoutNotices({ db: database.db }, { sms: sms.sender })).toEqual({ sent: 0, refused: 0, later: 0, muted: 0 });
    expect(sms.notices).toHaveLength(1);
  });

  it("an identity approved twice at once, its SMS job run twice at once: one notification, counted once, one SMS", async ({
    database,
    sms,
    call,
    admin,
    rowsOf,
    counterOf,
    pendingIdentity,
    sentByTwoRuns,
  }) => {
    const adminToken = await admin();
    const applicant = await pendingIdentity();

    const approve = () => call(`admin/users/${applicant.user.id}/identity/approve`, undefined, { token: adminToken });
    const answers = await Promise.all([approve(), approve()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [row, ...more] = await rowsOf(applicant.user.id, "identity_approved");
    expect(more).toHaveLength(0);
    expect(row!.smsState).toBe("pending");
    expect(await counterOf(applicant.user.id)).toBe(1);

    expect(await sentByTwoRuns()).toBe(1);
    expect(sms.notices).toEqual([
      { phone: applicant.phone, notice: { kind: "identity_approved", date: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}$/) } },
    ]);
    expect((await rowsOf(applicant.user.id, "identity_approved"))[0]!.smsState).toBe("sent");
    expect(await sendNotificationSms({ db: database.db }, { sms: sms.sender })).toEqual({ sent: 0, refused: 0, later: 0 });
    expect(sms.notices).toHaveLength(1);
  });

  it("a plan ending in two days, the expiry job and then its SMS job each run twice at once: one reminder, one SMS", async ({
    database,
    sms,
    call,
    person,
    planId,
    rowsOf,
    counterOf,
    sentByTwoRuns,
  }) => {
    const me = await person(5_000_000);
    expect((await call("memberships", { plan_id: await planId("bronze"), pay_from: "wallet" }, { token: me.token })).status).toBe(201);
    const [period] = await database.db.select().from(memberships).where(eq(memberships.userId, me.user.id));
    const twoDaysBefore = new Date(period!.endsAt.getTime() - 2 * 86_400_000);
    const expiries = await Promise.all([
      expireMemberships({ db: database.db, now: twoDaysBefore }),
      expireMemberships({ db: database.db, now: twoDaysBefore }),
    ]);
    expect(expiries.reduce((sum, run) => sum + run.reminded, 0)).toBe(1);
    // A day later the same plan is not news again.
    expect(await expireMemberships({ db: database.db, now: new Date(twoDaysBefore.getTime() + 86_400_000) })).toEqual({
      expired: 0,
      reminded: 0,
    });
    expect(await rowsOf(me.user.id, "membership_expiring")).toHaveLength(1);
    expect(await counterOf(me.user.id)).toBe(2); // the plan bought, and its end

    expect(await sentByTwoRuns()).toBe(1);
    expect(sms.notices).toEqual([
      { phone: me.phone, notice: { kind: "membership_expiring", date: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}$/) } },
    ]);
  });

  it("a provider that cannot be reached: each SMS waits for the next run and is sent once; one refused for good is not tried again", async ({
    database,
    sms,
    call,
    rowsOf,
    phoneOf,
    activePayout,
    pendingIdentity,
  }) => {
    const { adminToken, me, confirm } = await activePayout();
    expect((await confirm("PAYA-9")).status).toBe(200);
    const [approved, rejected] = [await pendingIdentity(), await pendingIdentity()];
    expect((await call(`admin/users/${approved.user.id}/identity/approve`, undefined, { token: adminToken })).status).toBe(200);
    const failing = (reason: "network" | "rejected"): SmsSender => ({
      ...sms.sender,
      async sendNotice() {
        throw new SmsDeliveryError("test", { provider: "test", reason });
      },
    });

    expect(await sendNotificationSms({ db: database.db }, { sms: failing("network") })).toEqual({ sent: 0, refused: 0, later: 1 });
    expect(await sendPayoutNotices({ db: database.db }, { sms: failing("network") })).toEqual({ sent: 0, refused: 0, later: 1, muted: 0 });
    expect((await rowsOf(approved.user.id, "identity_approved"))[0]!.smsState).toBe("pending");
    expect(await sendNotificationSms({ db: database.db }, { sms: sms.sender })).toEqual({ sent: 1, refused: 0, later: 0 });
    expect(await sendPayoutNotices({ db: database.db }, { sms: sms.sender })).toEqual({ sent: 1, refused: 0, later: 0, muted: 0 });
    expect(sms.notices.map((n) => [n.phone, n.notice.kind])).toEqual([
      [await phoneOf(approved.user.id), "identity_approved"],
      [await phoneOf(me.user.id), "payout_confirmed"],
    ]);

    const reason = { reason: "The card is unreadable" };
    expect((await call(`admin/users/${rejected.user.id}/identity/reject`, reason, { token: adminToken })).status).toBe(200);
    expect(await sendNotificationSms({ db: database.db }, { sms: failing("rejected") })).toEqual({ sent: 0, refused: 1, later: 0 });
    expect((await rowsOf(rejected.user.id, "identity_rejected"))[0]!.smsState).toBe("refused");
    expect(await sendNotificationSms({ db: database.db }, { sms: sms.sender })).toEqual({ sent: 0, refused: 0, later: 0 });
    expect(await sendPayoutNotices({ db: database.db }, { sms: sms.sender })).toEqual({ sent: 0, refused: 0, later: 0, muted: 0 });
    expect(sms.notices).toHaveLength(2);
  });
});
