import { describe, expect } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { notifications, sessions } from "@/server/db/schema";
import { notificationTest } from "@/tests/api/support/notification-fixtures";
import { notify } from "@/server/notifications/notify";
import { hubOf } from "@/server/notifications/live";
import { readAllNotifications, seeNotifications } from "@/server/notifications/queries";

// PostgreSQL only (*.pg.test.ts): the header's counter kept exact while notifications are written,
// seen and read at once on real connections; a repeat written twice at once counts once; and a
// notification written by one instance wakes a stream held by another (LISTEN/NOTIFY).
const it = notificationTest
  .extend(
    "unseenRows",
    ({ database }) =>
      async (userId: string) =>
        (
          await database.db
            .select()
            .from(notifications)
            .where(and(eq(notifications.userId, userId), isNull(notifications.seenAt)))
        ).length,
  )
  .override("client", ({ serial }) => ({ address: `10.7.19.${serial % 250}` }));

describe("notifications under concurrency (PostgreSQL)", () => {
  it("40 writes racing seen and read-all: the counter always equals the notifications not yet seen", async ({
    database,
    person,
    counterOf,
    unseenRows,
    write,
  }) => {
    const reader = await person();
    const id = reader.user.id;
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      work.push(write(id, `race:${id}:${i}`, 3_000_000));
      if (i % 8 === 0) work.push(seeNotifications({ db: database.db }, { userId: id }));
      if (i % 13 === 0) work.push(readAllNotifications({ db: database.db }, { userId: id }));
    }
    await Promise.all(work);
    expect(await database.db.select().from(notifications).where(eq(notifications.userId, id))).toHaveLength(40);
    expect(await counterOf(id)).toBe(await unseenRows(id));
    await seeNotifications({ db: database.db }, { userId: id });
    expect(await counterOf(id)).toBe(0);
  });

  it("the same change announced ten times at once is one notification, counted once", async ({ database, person, counterOf, write }) => {
    const reader = await person();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => write(reader.user.id, `payout:same:${reader.user.id}:approve`, 3_000_000)),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await database.db.select().from(notifications).where(eq(notifications.userId, reader.user.id))).toHaveLength(1);
    expect(await counterOf(reader.user.id)).toBe(1);
  });

  it("a notification written on one instance wakes the reader's stream held by another; a rolled-back one wakes nobody", async ({
    database,
    person,
    counterOf,
    write,
  }) => {
    const reader = await person();
    const other = await openDatabase({ url: process.env.TEST_DATABASE_URL!, maxConnections: 2 });
    try {
      let wakes = 0;
      const [session] = await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, reader.user.id));
      const hub = hubOf(other.listen, other.db);
      await hub.ready();
      const live = { userId: reader.user.id, sessionId: session!.id, address: "10.7.19.1", until: Date.now() + 60_000 };
      const stop = hub.add({ ...live, wake: () => wakes++, end: () => undefined })!;
      await database.db
        .transaction(async (tx) => {
          await notify(
            { db: database.db, tx: tx },
            { userId: reader.user.id, kind: "payout_approved", dedupeKey: `rolled-back:${reader.user.id}` },
          );
          throw new Error("undone");
        })
        .catch(() => undefined);
      await write(reader.user.id, `instance:${reader.user.id}`, 3_000_000);
      await expect.poll(() => wakes, { timeout: 5_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(wakes).toBe(1);
      expect(await counterOf(reader.user.id)).toBe(1);
      stop();
    } finally {
      await other.close();
    }
  });
});
