import { describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { invitations, memberships } from "@/server/db/schema";
import { apiTest } from "@/tests/api/support/fixture";
import { textInvitations } from "@/server/invitations/lifecycle";

// PostgreSQL only (*.pg.test.ts): the plan's invitations counted atomically with the request, and a
// phone invited by one person when many try at once.
const it = apiTest.override("client", ({ serial }) => ({ address: `10.7.21.${serial % 250}` }));

describe("invitations under concurrency (PostgreSQL)", () => {
  it("50 parallel invitations with one left: exactly one is sent, the rest are refused as used up", async ({
    database,
    call,
    inviterWithPlan,
  }) => {
    const me = await inviterWithPlan();
    await database.db.update(memberships).set({ invitationsUsed: 4 }).where(eq(memberships.userId, me.user.id));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call("invitations", { phone: `0912100${String(1000 + i).slice(-4)}` }, { token: me.token })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403 && a.body.error!.code === "invitations_used_up")).toHaveLength(49);
    expect(await database.db.select().from(invitations).where(eq(invitations.inviterId, me.user.id))).toHaveLength(1);
    const [period] = await database.db.select().from(memberships).where(eq(memberships.userId, me.user.id));
    expect(period!.invitationsUsed).toBe(5);
  });

  it("ten people inviting the same phone at once: one invitation, the others told it is already invited, their invitations kept", async ({
    database,
    call,
    inviterWithPlan,
  }) => {
    const inviters = await Promise.all(Array.from({ length: 10 }, () => inviterWithPlan()));
    const answers = await Promise.all(inviters.map((me) => call("invitations", { phone: "09121112233" }, { token: me.token })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.error!.code === "ERR_USER_ALREADY_INVITED")).toHaveLength(9);
    expect(await database.db.select().from(invitations).where(eq(invitations.phone, "+989121112233"))).toHaveLength(1);
    // The refused requests gave their invitation back (the transaction that took it was undone).
    const used = await Promise.all(
      inviters.map(
        async (me) => (await database.db.select().from(memberships).where(eq(memberships.userId, me.user.id)))[0]!.invitationsUsed,
      ),
    );
    expect(used.sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it("the request's own send and the outbox job at once text the friend once", async ({ database, sms, call, inviterWithPlan }) => {
    const me = await inviterWithPlan();
    expect((await call("invitations", { phone: "09121113344" }, { token: me.token })).status).toBe(201);
    const [row] = await database.db.select().from(invitations).where(eq(invitations.phone, "+989121113344"));
    // As if the request's own send had not happened yet: five sends race for it, each slow to answer.
    await database.db.update(invitations).set({ textedAt: null, textOutcome: null }).where(eq(invitations.id, row!.id));
    const before = sms.notices.filter((n) => n.phone === "+989121113344").length;
    const slow = {
      ...sms.sender,
      sendNotice: async (input: Parameters<typeof sms.sender.sendNotice>[0]) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        await sms.sender.sendNotice(input);
      },
    };
    const runs = await Promise.all(
      Array.from({ length: 5 }, (_, i) => textInvitations({ db: database.db }, { sms: slow, only: i % 2 ? row!.id : undefined })),
    );
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    expect(sms.notices.filter((n) => n.phone === "+989121113344").length - before).toBe(1);
    const [after] = await database.db.select().from(invitations).where(eq(invitations.id, row!.id));
    expect(after).toMatchObject({ textOutcome: "sent", textedAt: expect.any(Date) });
  });
});
