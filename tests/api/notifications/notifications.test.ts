import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { notifications } from "@/server/db/schema";
import { notificationTest } from "@/tests/api/support/notification-fixtures";
import { sendNotificationSms } from "@/server/notifications/sms";

// Issue 18: notifications written in the transaction of the change they announce, the inbox's tabs,
// reading, the header's counter, and the live stream that only says "re-read".

const it = notificationTest
  .extend(
    "rowsOf",
    ({ database }) =>
      (userId: string) =>
        database.db.select().from(notifications).where(eq(notifications.userId, userId)),
  )
  // The admin, signed in (their token); `decide(userId, verb, reason?)`, their decision on someone's identity.
  .extend("adminToken", ({ admin }) => admin())
  .extend(
    "decide",
    ({ call, adminToken }) =>
      (userId: string, verb: "approve" | "reject", reason?: string) =>
        call(`admin/users/${userId}/identity/${verb}`, reason === undefined ? undefined : { reason }, { token: adminToken }),
  )
  // A booster with one payout requested (3,000,000 Rials held), and the admin.
  .extend(
    "requested",
    ({ call, adminToken, earn, planId, booster }) =>
      async function requested() {
        const me = await booster(3_000_000);
        await earn(me.user.id, 3_000_000);
        expect((await call("memberships", { plan_id: await planId("bronze"), pay_from: "wallet" }, { token: me.token })).status).toBe(201);
        const created = await call("payouts", { amount: 3_000_000 }, { token: me.token });
        expect(created.status).toBe(201);
        return { adminToken, me, payoutId: created.body.data.payout.id as string };
      },
  )
  .override("client", ({ serial }) => ({ address: `10.7.18.${serial % 250}` }));

describe("notifications", () => {
  it("written with the change they announce, once; counted in the header; listed by tab; read one by one or all", async ({
    call,
    person,
    get,
    rowsOf,
    counterOf,
    requested,
  }) => {
    const { adminToken, me, payoutId } = await requested();
    // Buying the plan was news; the request itself is not.
    expect((await rowsOf(me.user.id)).map((row) => row.kind)).toEqual(["membership_bought"]);

    const denied = await call(`admin/payouts/${payoutId}/deny`, { reason: "The IBAN is not yours" }, { token: adminToken });
    expect(denied.status).toBe(200);
    // A replay of the same decision changes nothing and tells nobody twice.
    expect((await call(`admin/payouts/${payoutId}/deny`, { reason: "The IBAN is not yours" }, { token: adminToken })).status).toBe(200);
    const rows = await rowsOf(me.user.id);
    expect(rows.map((row) => row.kind).sort()).toEqual(["membership_bought", "payout_denied"]);
    expect(rows.find((row) => row.kind === "payout_denied")!.params).toMatchObject({ amount: 3_000_000, reason: "The IBAN is not yours" });
    expect(await counterOf(me.user.id)).toBe(2);
    expect((await get("me", me.token)).body.data.unread_notifications).toBe(2);
    expect((await get("notifications/count", me.token)).body.data).toEqual({ unseen: 2 });

    const all = await get("notifications", me.token);
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ total: 2, page: 1 });
    const [newest] = all.body.data;
    expect(newest).toMatchObject({ kind: "payout_denied", href: "/dashboard/payouts", read_at: null, seen_at: null });
    expect((await get("notifications?status=new", me.token)).body.meta.total).toBe(2);
    expect((await get("notifications?status=read", me.token)).body.meta.total).toBe(0);
    expect((await get("notifications?status=unknown", me.token)).status).toBe(422);

    // Someone else can neither read nor list them.
    const other = await person();
    expect((await call(`notifications/${newest.id}/read`, undefined, { token: other.token })).status).toBe(404);
    expect((await get("notifications", other.token)).body.meta.total).toBe(0);
    expect((await call("notifications/count", undefined, { method: "GET" })).status).toBe(401);

    const opened = await call(`notifications/${newest.id}/read`, undefined, { token: me.token });
    expect(opened.status).toBe(200);
    expect(opened.body.data.read_at).not.toBeNull();
    expect(await counterOf(me.user.id)).toBe(1);
    expect((await call(`notifications/${newest.id}/read`, undefined, { token: me.token })).status).toBe(200);
    expect(await counterOf(me.user.id)).toBe(1);
    expect((await get("notifications?status=read", me.token)).body.meta.total).toBe(1);

    // Opening the inbox: seen (the header's count is zero), still new until read.
    expect((await call("notifications/seen", undefined, { token: me.token })).body.data).toEqual({ unseen: 0 });
    expect((await get("notifications?status=new", me.token)).body.meta.total).toBe(1);
    const readAll = await call("notifications/read-all", undefined, { token: me.token });
    expect(readAll.body.data).toEqual({ read: 1, unseen: 0 });
    expect((await get("notifications?status=new", me.token)).body.meta.total).toBe(0);
  });

  it("nothing is announced when the change is refused; every decision names its reason for the reader", async ({
    person,
    get,
    rowsOf,
    counterOf,
    requestIdentity,
    decide,
  }) => {
    const applicant = await person();
    // Not pending: the review is refused, and no notification is written.
    const refused = await decide(applicant.user.id, "approve");
    expect(refused.status).toBe(409);
    expect(await rowsOf(applicant.user.id)).toHaveLength(0);
    expect(await counterOf(applicant.user.id)).toBe(0);

    await requestIdentity(applicant.user.id);
    const rejected = await decide(applicant.user.id, "reject", "The card is unreadable");
    expect(rejected.status).toBe(200);
    const [row] = await rowsOf(applicant.user.id);
    expect(row).toMatchObject({ kind: "identity_rejected", params: { reason: "The card is unreadable" } });
    expect((await get("notifications", applicant.token, "fa-IR")).body.data[0]).toMatchObject({ href: "/dashboard/profile" });
  });

  it("the live stream says re-read on opening and when a notification is written for its reader, not for others", async ({
    app,
    call,
    person,
    requested,
  }) => {
    const { adminToken, me, payoutId } = await requested();
    const other = await person();
    const open = (token: string) =>
      app.fetch(new Request("http://localhost/api/notifications/stream", { headers: { authorization: `Bearer ${token}` } }));
    const stream = await open(me.token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = stream.body!.getReader();
    const theirs = (await open(other.token)).body!.getReader();
    const decoder = new TextDecoder();
    const nextEvent = async (from: ReadableStreamDefaultReader<Uint8Array>, ms = 5_000) => {
      const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));
      const chunk = await Promise.race([from.read(), timeout]);
      return chunk && !chunk.done ? decoder.decode(chunk.value) : null;
    };
    expect(await nextEvent(reader)).toMatch(/^event: re-read\ndata: re-read\n/);
    expect(await nextEvent(theirs)).toMatch(/^event: re-read/);

    expect((await call(`admin/payouts/${payoutId}/approve`, undefined, { token: adminToken })).status).toBe(200);
    expect(await nextEvent(reader)).toMatch(/^event: re-read\ndata: re-read\n/);
    // The other reader's stream stays quiet.
    expect(await nextEvent(theirs, 500)).toBeNull();
    await reader.cancel();
    await theirs.cancel();
    expect((await call("notifications/stream", undefined, { method: "GET" })).status).toBe(401);
  });
  it("preferences per category and channel: money and account always in the app; an SMS switched off is never sent, one on is sent once", async ({
    database,
    sms,
    call,
    person,
    get,
    rowsOf,
    counterOf,
    requestIdentity,
    write,
    decide,
  }) => {
    const quiet = await person();
    const defaults = (await get("me/notification-preferences", quiet.token)).body.data;
    expect(defaults.find((p: { category: string }) => p.category === "money")).toEqual({
      category: "money",
      in_app: true,
      in_app_locked: true,
      sms: true,
    });
    expect(defaults.find((p: { category: string }) => p.category === "campaigns")).toEqual({
      category: "campaigns",
      in_app: true,
      in_app_locked: false,
      sms: null,
    });
    const put = (token: string, body: object) => call("me/notification-preferences", body, { method: "PUT", token });
    // Each 422 names the field it refuses, with a sentence of its own.
    const locked = await put(quiet.token, { in_app_off: ["money"], sms_off: [] });
    expect([locked.status, locked.body.error!.code]).toEqual([422, "notification_always_in_app"]);
    expect(locked.body.error!.fields).toEqual({ in_app_off: locked.body.error!.message });
    const noSms = await put(quiet.token, { in_app_off: [], sms_off: ["campaigns"] });
    expect([noSms.status, noSms.body.error!.code]).toEqual([422, "notification_no_sms"]);
    expect(noSms.body.error!.fields).toEqual({ sms_off: "Notices of this kind are not sent by SMS, so there is nothing to switch off." });
    const nonsense = await put(quiet.token, { in_app_off: ["nonsense"], sms_off: [] });
    expect(nonsense.status).toBe(422);
    expect(Object.keys(nonsense.body.error!.fields!)).toEqual(["in_app_off.0"]);
    const saved = await put(quiet.token, { in_app_off: ["work"], sms_off: ["account"] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.find((p: { category: string }) => p.category === "work").in_app).toBe(false);

    // Work switched off in the app: kept in the inbox as already seen, never counted.
    await write(quiet.user.id, `pref:${quiet.user.id}`, { kind: "activity_released", params: { reward: 9_000 } });
    expect(await counterOf(quiet.user.id)).toBe(0);
    expect((await rowsOf(quiet.user.id))[0]!.seenAt).not.toBeNull();

    // Identity decisions by SMS: switched off for one, on for the other; each sent at most once.
    const loud = await person();
    for (const who of [quiet, loud]) {
      await requestIdentity(who.user.id);
    }
    expect((await decide(quiet.user.id, "reject", "Blurred")).status).toBe(200);
    expect((await decide(loud.user.id, "approve")).status).toBe(200);
    const before = sms.notices.length;
    expect(await sendNotificationSms({ db: database.db }, { sms: sms.sender })).toEqual({ sent: 1, refused: 0, later: 0 });
    expect(sms.notices.slice(before)).toEqual([
      {
        phone: expect.stringMatching(/^\+98/),
        notice: { kind: "identity_approved", date: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}$/) },
      },
    ]);
    expect(await sendNotificationSms({ db: database.db }, { sms: sms.sender })).toEqual({ sent: 0, refused: 0, later: 0 });
    const [muted] = (await rowsOf(quiet.user.id)).filter((row) => row.kind === "identity_rejected");
    expect(muted!.smsState).toBe("muted");
  });
});
