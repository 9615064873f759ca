import { request as httpRequest, type IncomingMessage } from "node:http";
import { describe, expect } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { revokeSession } from "@/server/auth/sessions";
import { hubOf } from "@/server/notifications/live";
import { apiTest } from "@/tests/api/support/fixture";
import { startNodeListener } from "@/tests/api/support/node-server";
import { newSession, signedInUser } from "@/tests/api/security/signed-in";

// PostgreSQL only (*.pg.test.ts), issue 30 item 3: two API instances on one database, each with its
// own LISTEN connections — a session ended through one ends the stream the other holds within a
// second (the database announces it, migration 0023), and an instance whose listening connection
// dropped meanwhile reads its sessions again once it is back.

// The first instance is the file's listener on its database; the second opens its own pool to the same
// database and listens beside it.
const it = apiTest
  .extend("two", { scope: "file" }, async ({}, { onCleanup }) => {
    const two = await openDatabase({ url: process.env.TEST_DATABASE_URL!, maxConnections: 3 });
    onCleanup(() => two.close());
    return two;
  })
  .extend("second", { scope: "file" }, async ({ two }, { onCleanup }) => {
    const second = await startNodeListener(two);
    onCleanup(second.close);
    return second;
  });
const cleanups: Array<() => unknown> = [];
it.afterEach(async ({ two }) => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await expect.poll(() => hubOf(two.listen, two.db).size).toBe(0);
});

type Opened = { response: IncomingMessage; text: () => string; ended: Promise<number>; isEnded: () => boolean };

/** A stream on the instance listening on `port`, once it has said its opening re-read. */
function openStream(port: number, cookie: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/api/notifications/stream", headers: { cookie } }, (response) => {
      let received = "";
      let endedAt = 0;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        received += chunk;
        if (received.includes("event: re-read")) resolve(opened);
      });
      const ended = new Promise<number>((done) => response.on("end", () => done((endedAt = Date.now()))));
      const opened = { response, text: () => received, ended, isEnded: () => endedAt > 0 };
    });
    cleanups.push(() => req.destroy());
    req.on("error", reject);
    req.end();
  });
}

function logout(port: number, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path: "/api/auth/logout", method: "POST", headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

describe("a session's end reaches every instance (PostgreSQL)", () => {
  it("a logout through one instance ends, within a second, the session's stream held by the other; another session's stays", async ({
    database,
    listener,
    two,
    second,
  }) => {
    const reader = await signedInUser(database.db);
    const phone = await newSession(database.db, reader.user);
    const held = await openStream(second.port, reader.cookie);
    const other = await openStream(second.port, phone.cookie);
    const since = Date.now();
    expect(await logout(listener.port, reader.accessToken)).toBe(200);
    const endedAt = await within(held.ended, 1_000);
    expect(endedAt, "the other instance's stream is still open a second later").not.toBeNull();
    expect(endedAt! - since).toBeLessThan(1_000);
    expect(held.text().endsWith("event: end\ndata: session\n\n")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.isEnded()).toBe(false);
    expect(hubOf(two.listen, two.db).size).toBe(1);
  });

  it("an instance whose listening connection dropped reads its streams' sessions again when it is back", async ({ database, second }) => {
    const reader = await signedInUser(database.db);
    const held = await openStream(second.port, reader.cookie);
    // Cut every connection LISTENing on the sessions channel (the other instance's among them): the
    // end below is announced while nobody listens.
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN "takapoo_sessions"'`,
    );
    await revokeSession({ db: database.db }, { sessionId: reader.sessionId, reason: "logout" });
    // The listener connects again after a second, then reads the sessions it holds streams of.
    expect(await within(held.ended, 5_000), "the stream outlived its session after the reconnect").not.toBeNull();
    expect(held.text().endsWith("event: end\ndata: session\n\n")).toBe(true);
  });
});
