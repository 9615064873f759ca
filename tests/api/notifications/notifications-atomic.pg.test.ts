import { describe, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { auditLog, notifications, payoutEvents, payouts, users } from "@/server/db/schema";
import { notificationTest } from "@/tests/api/support/notification-fixtures";

// PostgreSQL only (*.pg.test.ts): a notification is never visible without the change it announces,
// nor the change without it. A failure is injected in the change's transaction by a trigger made for
// the test: right after notify() (the audit line written after it), in notify() itself (its row, its
// counter). Each time the request fails and nothing moved: the change, its history, its audit line,
// the notification, the header's counter. Then, the trigger gone, the same request goes through.
const it = notificationTest
  .extend(
    "kindsOf",
    ({ database }) =>
      async (userId: string) =>
        (await database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((row) => row.kind).sort(),
  )
  .extend(
    "auditOf",
    ({ database }) =>
      async (targetId: string) =>
        (await database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId))).map((row) => row.action).sort(),
  )
  // Runs `work` while every insert into `table` matching `when` raises, inside whatever transaction makes it.
  .extend(
    "failingInserts",
    ({ database }) =>
      async function failingInserts<T>(table: string, when: string, work: () => Promise<T>): Promise<T> {
        const name = `pgtests_fail_${table}`;
        const drop = async () => {
          await database.db.execute(sql.raw(`drop trigger if exists ${name} on ${table}`));
          await database.db.execute(sql.raw(`drop function if exists ${name}()`));
        };
        await drop();
        await database.db.execute(
          sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'injected: ${table}'; end $$`),
        );
        await database.db.execute(
          sql.raw(`create trigger ${name} before insert on ${table} for each row when (${when}) execute function ${name}()`),
        );
        try {
          return await work();
        } finally {
          await drop();
        }
      },
  )
  .override("client", ({ serial }) => ({ address: `10.7.24.${serial % 250}` }));

/** The failures: right after notify() (the audit line), and in notify() (its row, its counter). */
const injections = (userId: string, action: string, kind: string) => [
  { table: "audit_log", when: `new.action = '${action}'` },
  { table: "notifications", when: `new.kind = '${kind}'` },
  { table: "notification_counters", when: `new.user_id = '${userId}'` },
];

describe("a notification and its change, both or neither (PostgreSQL)", () => {
  it("an admin approving a payout: a failure after notify() or in it undoes the approval and the notification", async ({
    database,
    call,
    admin,
    readyBooster,
    counterRow,
    kindsOf,
    auditOf,
    failingInserts,
  }) => {
    const adminToken = await admin();
    const me = await readyBooster(3_000_000);
    const created = await call("payouts", { amount: 3_000_000 }, { token: me.token });
    expect(created.status).toBe(201);
    const payoutId = created.body.data.payout.id as string;
    const state = async () => ({
      status: (await database.db.select().from(payouts).where(eq(payouts.id, payoutId)))[0]!.status,
      history: (await database.db.select().from(payoutEvents).where(eq(payoutEvents.payoutId, payoutId))).map((e) => e.status),
      audit: await auditOf(payoutId),
      notifications: await kindsOf(me.user.id),
      counter: await counterRow(me.user.id),
    });
    const before = await state();
    expect(before).toMatchObject({ status: "pending", notifications: ["membership_bought"], counter: 1 });

    const approve = () => call(`admin/payouts/${payoutId}/approve`, undefined, { token: adminToken });
    for (const { table, when } of injections(me.user.id, "payout.approve", "payout_approved")) {
      const answer = await failingInserts(table, when, approve);
      expect({ table, status: answer.status }).toEqual({ table, status: 500 });
      expect({ table, ...(await state()) }).toEqual({ table, ...before });
    }

    expect((await approve()).status).toBe(200);
    expect(await state()).toEqual({
      status: "approved",
      history: [...before.history, "approved"],
      audit: [...before.audit, "payout.approve"].sort(),
      notifications: ["membership_bought", "payout_approved"],
      counter: 2,
    });
  });

  it("an admin approving an identity: a failure after notify() or in it leaves the request pending and no notification", async ({
    database,
    call,
    admin,
    counterRow,
    kindsOf,
    auditOf,
    failingInserts,
    pendingIdentity,
  }) => {
    const adminToken = await admin();
    const id = (await pendingIdentity()).user.id;
    const state = async () => ({
      status: (await database.db.select().from(users).where(eq(users.id, id)))[0]!.identityStatus,
      audit: await auditOf(id),
      notifications: await kindsOf(id),
      pendingSms: (await database.db.select().from(notifications).where(eq(notifications.smsState, "pending"))).length,
      counter: await counterRow(id),
    });
    const before = await state();
    expect(before).toEqual({ status: "identity_verification_pending", audit: [], notifications: [], pendingSms: 0, counter: null });

    const approve = () => call(`admin/users/${id}/identity/approve`, undefined, { token: adminToken });
    for (const { table, when } of injections(id, "identity.approved", "identity_approved")) {
      const answer = await failingInserts(table, when, approve);
      expect({ table, status: answer.status }).toEqual({ table, status: 500 });
      expect({ table, ...(await state()) }).toEqual({ table, ...before });
    }

    expect((await approve()).status).toBe(200);
    expect(await state()).toEqual({
      status: "identity_verified",
      audit: ["identity.approved"],
      notifications: ["identity_approved"],
      pendingSms: 1,
      counter: 1,
    });
  });
});
