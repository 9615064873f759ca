import { request as httpRequest } from "node:http";
import pg from "pg";
import { describe, expect } from "vitest";
import { sql } from "drizzle-orm";
import { AfterCommit, withTransaction } from "@/server/core/context";
import { openDatabase, type Database } from "@/server/db/client";
import { hubOf } from "@/server/notifications/live";
import { notify } from "@/server/notifications/notify";
import { notificationTest } from "@/tests/api/support/notification-fixtures";
import { signedInUser } from "@/tests/api/security/signed-in";

// PostgreSQL only (*.pg.test.ts), issue 35 item 2: a business transaction writes its notification rows
// and sends no NOTIFY (whose commit takes PostgreSQL's database-wide lock); the wake-up leaves after the
// commit, batched by the instance's notifier, and reaches a stream held by another instance. A wake-up
// lost with its instance loses nothing: the stream's opening re-read shows the notification.

const it = notificationTest.extend("other", { scope: "file" }, async ({}, { onCleanup }) => {
  const other = await openDatabase({ url: process.env.TEST_DATABASE_URL!, maxConnections: 2 });
  onCleanup(() => other.close());
  return other;
});

type Statement = { client: unknown; text: string };

/** Every statement this process sends to PostgreSQL while `fn` runs, with the connection it went on. */
async function recordingStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  const statements: Statement[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    statements.push({ client: this, text: typeof config === "string" ? config : (config.text ?? "") });
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), statements };
  } finally {
    prototype.query = original;
  }
}

/** Wakes per person on a hub of the other instance, for people with a stream held there. */
async function wakesOn(other: Database, database: Database, userIds: string[]) {
  const wakes = new Map(userIds.map((id) => [id, 0]));
  const hub = hubOf(other.listen, other.db);
  await hub.ready();
  const sessions = await database.db.execute<{ user_id: string; id: string }>(
    sql`select user_id, id from sessions where user_id = any(string_to_array(${userIds.join(",")}::text, ',')::uuid[])`,
  );
  const stops = sessions.rows.map((session) =>
    hub.add({
      userId: session.user_id,
      sessionId: session.id,
      address: `10.35.2.${userIds.indexOf(session.user_id) % 250}`,
      until: Date.now() + 60_000,
      wake: () => wakes.set(session.user_id, (wakes.get(session.user_id) ?? 0) + 1),
      end: () => undefined,
    })!,
  );
  return { wakes, stop: () => stops.forEach((stop) => stop()) };
}

const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

describe("notifications after commit (PostgreSQL)", () => {
  it("the business transaction sends no NOTIFY; the wake-up leaves after its COMMIT and reaches the other instance", async ({
    database,
    other,
  }) => {
    const reader = await signedInUser(database.db);
    const { wakes, stop } = await wakesOn(other, database, [reader.user.id]);
    try {
      let inside = 0;
      const { statements } = await recordingStatements(async () => {
        await withTransaction({ db: database.db }, async (ctx) => {
          await notify(ctx, {
            userId: reader.user.id,
            kind: "payout_approved",
            params: { amount: 1 },
            dedupeKey: `after:${reader.user.id}`,
          });
          await settle(300);
          inside = wakes.get(reader.user.id)!;
        });
        await expect.poll(() => wakes.get(reader.user.id), { timeout: 5_000 }).toBe(1);
      });
      expect(inside).toBe(0);
      const commit = statements.findIndex((s) => /^commit/i.test(s.text.trim()));
      const begin = statements.findIndex((s) => /^begin/i.test(s.text.trim()));
      const business = statements.slice(begin, commit + 1).filter((s) => s.client === statements[begin]!.client);
      expect(business.some((s) => /insert into "notifications"/.test(s.text))).toBe(true);
      expect(business.filter((s) => /pg_notify/i.test(s.text))).toEqual([]);
      // The wake-up: after the commit, on its own.
      expect(statements.slice(commit + 1).filter((s) => /pg_notify/i.test(s.text))).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it("32 writers committing at once: each reader is woken once, after commit, by fewer NOTIFY transactions than writers", async ({
    database,
    other,
  }) => {
    const readers = await Promise.all(Array.from({ length: 32 }, () => signedInUser(database.db)));
    const ids = readers.map((reader) => reader.user.id);
    const { wakes, stop } = await wakesOn(other, database, ids);
    try {
      const { statements } = await recordingStatements(async () => {
        await Promise.all(
          ids.map((userId) =>
            withTransaction({ db: database.db }, (ctx) =>
              notify(ctx, { userId, kind: "payout_approved", params: { amount: 1 }, dedupeKey: `32:${userId}` }),
            ),
          ),
        );
        await expect.poll(() => [...wakes.values()].every((n) => n === 1), { timeout: 5_000 }).toBe(true);
      });
      await settle();
      expect([...wakes.values()]).toEqual(ids.map(() => 1));
      const notifies = statements.filter((s) => /pg_notify/i.test(s.text)).length;
      expect(notifies).toBeGreaterThan(0);
      expect(notifies).toBeLessThan(32);
    } finally {
      stop();
    }
  });

  it("a wake-up lost with its instance (committed, never sent) loses nothing: the stream says re-read on opening and the notification is there", async ({
    database,
    other,
    listener,
  }) => {
    const reader = await signedInUser(database.db);
    const { wakes, stop } = await wakesOn(other, database, [reader.user.id]);
    try {
      // The instance "dies" after COMMIT: its afterCommit never runs.
      const lost = new AfterCommit();
      await database.db.transaction((tx) =>
        notify(
          { db: database.db, tx, afterCommit: lost },
          { userId: reader.user.id, kind: "payout_approved", params: { amount: 2_000_000 }, dedupeKey: `lost:${reader.user.id}` },
        ),
      );
      await settle(500);
      expect(wakes.get(reader.user.id)).toBe(0);

      // The reader's next stream (a new page, a reconnect) says re-read at once; what it re-reads has the notification.
      const opening = await new Promise<string>((resolve, reject) => {
        const req = httpRequest(
          { host: "127.0.0.1", port: listener.port, path: "/api/notifications/stream", headers: { cookie: reader.cookie } },
          (response) => {
            let text = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => {
              text += chunk;
              if (text.includes("event: re-read")) {
                req.destroy();
                resolve(text);
              }
            });
          },
        );
        req.on("error", reject);
        req.end();
      });
      expect(opening).toContain("event: re-read");
      const response = await fetch(`http://127.0.0.1:${listener.port}/api/notifications/count`, { headers: { cookie: reader.cookie } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: { unseen: number } }).data.unseen).toBe(1);
    } finally {
      stop();
    }
  });
});
