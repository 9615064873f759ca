import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { invitations, notifications } from "@/server/db/schema";
import { kavenegarSmsSender, SmsDeliveryError, smsValueProblem, type SmsNotice, type SmsSender } from "@/server/adapters/sms";
import { notify } from "@/server/notifications/notify";
import { sendNotificationSms } from "@/server/notifications/sms";
import { textInvitations } from "@/server/invitations/lifecycle";
import { registerAndSignIn } from "@/tests/api/support/account-helpers";
import { fundWallet } from "@/tests/api/support/campaign-fixtures";
import { apiTest } from "@/tests/api/support/fixture";
import { startFakeKavenegar, type FakeKavenegar } from "@/tests/support/fake-kavenegar";

/**
 * Class of attack: a text under the platform's sender that says what someone else wrote (issue 30 item 4).
 * The invitation SMS carried the inviter's name as typed, so a "name" such as "Prize! claim at
 * evil.example/w" sent a link of the inviter's choosing to any number. Every template is sent here,
 * through the production Kavenegar adapter to a fake on 127.0.0.1, by people whose names are hostile:
 * each parameter the provider receives is one of ours in its strict form (a code, a date, digits).
 */
const HOSTILE = { first_name: "Prize! claim at evil.example/w", last_name: "Bank http://evil.example" };
const TEMPLATES = {
  invitation: "takapoo-invite",
  identity_approved: "takapoo-identity-ok",
  identity_rejected: "takapoo-identity-no",
  membership_expiring: "takapoo-plan-ends",
  payout_confirmed: "takapoo-paid",
  payout_failed: "takapoo-not-paid",
} as const;

const it = apiTest
  // The production Kavenegar adapter and the fake provider it talks to, for the file.
  .extend("kavenegar", { scope: "file" }, async ({}, { onCleanup }): Promise<{ fake: FakeKavenegar; sender: SmsSender }> => {
    const fake = await startFakeKavenegar({ apiKey: "outbound-key", template: "takapoo-otp", otherTemplates: Object.values(TEMPLATES) });
    onCleanup(() => fake.close());
    const sender = kavenegarSmsSender({ apiKey: "outbound-key", template: "takapoo-otp", baseUrl: fake.url, noticeTemplates: TEMPLATES });
    return { fake, sender };
  })
  .extend("fake", ({ kavenegar }) => kavenegar.fake)
  .override("client", ({ serial }) => ({ address: `10.13.30.${serial % 250}` }))
  // Sign-in codes go to the recorder the helpers read; every notice goes through the Kavenegar adapter.
  .override("appDeps", ({ sms, kavenegar }) => ({
    sms: { sendOtp: (input) => sms.sender.sendOtp(input), sendNotice: (input) => kavenegar.sender.sendNotice(input) },
  }));

/** Every parameter of every lookup since `from` is ours: no letters of a name, no link, no space. */
function expectOnlyOurValues(fake: FakeKavenegar, from: number) {
  const sent = fake.messages.slice(from);
  expect(sent.length).toBeGreaterThan(0);
  for (const message of sent) {
    expect(message.token).toMatch(/^([a-z2-9]{10}|\d{4}\/\d{2}\/\d{2}|\d+)$/);
    expect(message.token10).toBeUndefined();
    expect(JSON.stringify(message)).not.toMatch(/evil|Prize|Bank/);
  }
  return sent;
}

describe("outbound texts carry nothing another person wrote", () => {
  it("the invitation: the link's code only, whatever the inviter's name", async ({ call, sms, database, fake, kavenegar }) => {
    const inviter = await registerAndSignIn(call, sms, { phone: "09350003001", email: "hostile@example.com", ...HOSTILE });
    await fundWallet(database.db, inviter.user.id, 2_000_000);
    const plans = (await call("memberships/plans", undefined, { method: "GET" })).body.data as { id: string; code: string }[];
    const bronze = plans.find((plan) => plan.code === "bronze")!.id;
    expect((await call("memberships", { plan_id: bronze, pay_from: "wallet" }, { token: inviter.token })).status).toBe(201);
    const from = fake.messages.length;
    const sent = await call("invitations", { phone: "09120003001", name: "Ali" }, { token: inviter.token });
    expect(sent.status).toBe(201);
    await textInvitations({ db: database.db }, { sms: kavenegar.sender });
    const [row] = await database.db.select().from(invitations).where(eq(invitations.inviterId, inviter.user.id));
    expect(expectOnlyOurValues(fake, from)).toEqual([
      { receptor: "09120003001", token: row!.code, template: TEMPLATES.invitation, at: expect.any(Date) },
    ]);
    // The invitation's page still names the inviter, on our site where it is shown as text.
    expect((await call(`invitations/code/${row!.code}`, undefined, { method: "GET" })).body.data.inviter).toBe(HOSTILE.first_name);
  });

  it("the identity's decision and a plan ending: the day, never the person's name", async ({ call, sms, database, fake, kavenegar }) => {
    const person = await registerAndSignIn(call, sms, { phone: "09350003002", email: "hostile2@example.com", ...HOSTILE });
    const from = fake.messages.length;
    for (const kind of ["identity_approved", "identity_rejected"] as const)
      await notify({ db: database.db }, { userId: person.user.id, kind, dedupeKey: `outbound:${kind}:${person.user.id}` });
    await notify(
      { db: database.db },
      {
        userId: person.user.id,
        kind: "membership_expiring",
        dedupeKey: `outbound:expiring:${person.user.id}`,
        params: { ends_at: "2026-12-01T10:00:00.000Z", plan: "bronze" },
      },
    );
    const report = await sendNotificationSms({ db: database.db }, { sms: kavenegar.sender });
    expect(report).toMatchObject({ sent: 3, refused: 0 });
    const sent = expectOnlyOurValues(fake, from);
    expect(sent.map((message) => message.template).sort()).toEqual(
      [TEMPLATES.identity_approved, TEMPLATES.identity_rejected, TEMPLATES.membership_expiring].sort(),
    );
    expect(sent.find((message) => message.template === TEMPLATES.membership_expiring)!.token).toBe("1405/09/10");
    const rows = await database.db.select().from(notifications).where(eq(notifications.userId, person.user.id));
    expect(rows.every((row) => row.smsState === "sent")).toBe(true);
  });

  it("a notice with a value out of its strict form is refused by every sender before the provider hears of it", async ({
    sms,
    fake,
    kavenegar,
  }) => {
    const hostile: SmsNotice[] = [
      { kind: "invitation", code: "evil.example/w" },
      { kind: "invitation", code: "abcdefghij Prize" },
      { kind: "identity_approved", date: "Prize! claim at evil.example" },
      { kind: "membership_expiring", date: "1405/09/10 http://evil.example" },
      { kind: "payout_confirmed", amount: Number.NaN },
      { kind: "payout_failed", amount: -1 },
    ];
    const from = fake.messages.length;
    for (const notice of hostile) {
      expect(smsValueProblem(notice)).not.toBeNull();
      for (const sender of [kavenegar.sender, sms.sender]) {
        const error = await sender.sendNotice({ phone: "+989120003003", notice }).then(
          () => null,
          (failure: unknown) => failure,
        );
        expect(error).toBeInstanceOf(SmsDeliveryError);
        expect((error as SmsDeliveryError).reason).toBe("rejected");
      }
    }
    expect(fake.messages.length).toBe(from);
    // The strict forms themselves pass, for each kind.
    for (const notice of [
      { kind: "invitation", code: "ab2cd3ef4g" },
      { kind: "identity_rejected", date: "1405/09/10" },
      { kind: "payout_confirmed", amount: 30_000_000 },
    ] as SmsNotice[])
      expect(smsValueProblem(notice)).toBeNull();
  });
});
