import { request as httpRequest, type IncomingMessage } from "node:http";
import { readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { eq, sql } from "drizzle-orm";
import { sessions } from "@/server/db/schema";
import { hubOf, STREAMS_PER_ADDRESS, STREAMS_PER_PERSON, type EndReason, type LiveStream } from "@/server/notifications/live";
import { STREAM_MS } from "@/server/notifications/node-stream";
import { notificationTest } from "@/tests/api/support/notification-fixtures";
import { newSession, signedInUser, type SignedIn } from "@/tests/api/security/signed-in";

// Issue 30, item 3: the notification streams are bounded — a person keeps STREAMS_PER_PERSON per
// instance (a new one ends their oldest), an address STREAMS_PER_ADDRESS (a new one is refused) — and
// a session's end (logout, a session ended from the profile, a password change, a ban, a refresh token
// used twice) ends that session's streams within a second, through the database's announcement.
// Through the real Node listener, as `npm start` serves them; the streamSSE fallback at the end.

// Each request says its client address in x-test-ip (the socket's is 127.0.0.1 for all of them).
const it = notificationTest
  .extend(
    "hub",
    ({ database }) =>
      () =>
        hubOf(database.listen, database.db),
  )
  // Opens the stream with the web app's cookie from `address`; resolves once the answer's head arrived.
  .extend(
    "openStream",
    ({ listener: { port } }) =>
      function openStream(cookie: string, address: string): Promise<Opened> {
        return new Promise((resolve, reject) => {
          const headers = { cookie, "x-test-ip": address, "accept-language": "en-US" };
          const req = httpRequest({ host: "127.0.0.1", port, path: "/api/notifications/stream", headers }, (response) => {
            let received = "";
            let endedAt = 0;
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (received += chunk));
            const ended = new Promise<number>((done) => response.on("end", () => done((endedAt = Date.now()))));
            resolve({ response, text: () => received, isEnded: () => endedAt > 0, ended, close: () => req.destroy() });
          });
          cleanups.push(() => req.destroy());
          req.on("error", reject);
          req.end();
        });
      },
  )
  // A stream that has said its opening re-read (so the hub holds it).
  .extend(
    "openLive",
    ({ openStream }) =>
      async function openLive(cookie: string, address: string): Promise<Opened> {
        const stream = await openStream(cookie, address);
        expect(stream.response.statusCode).toBe(200);
        await expect.poll(() => stream.text()).toContain("event: re-read");
        return stream;
      },
  )
  // A JSON request to the API through the same listener.
  .extend(
    "api",
    ({ listener: { port } }) =>
      function api(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: unknown }> {
        return new Promise((resolve, reject) => {
          const payload = body === undefined ? undefined : JSON.stringify(body);
          const headers: Record<string, string> = { "x-test-ip": "10.31.0.1" };
          if (token) headers.authorization = `Bearer ${token}`;
          if (payload) headers["content-type"] = "application/json";
          const req = httpRequest({ host: "127.0.0.1", port, path: `/api/${path}`, method, headers }, (response) => {
            let text = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (text += chunk));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
          });
          req.on("error", reject);
          req.end(payload);
        });
      },
  )
  // Asserts `stream` is still open and still told about its reader's notifications.
  .extend(
    "staysOpen",
    ({ write }) =>
      async function staysOpen(stream: Opened, userId: string) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(stream.isEnded()).toBe(false);
        const before = rereads(stream);
        await write(userId, `still-open:${userId}:${before}:${Math.random()}`);
        await expect.poll(() => rereads(stream)).toBe(before + 1);
      },
  )
  .override("listenerDeps", { scope: "file" }, { socketAddress: (request: Request) => request.headers.get("x-test-ip") });

/** What a test leaves open is closed after it, so that a failing test leaves the next one alone. */
const cleanups: Array<() => unknown> = [];
it.afterEach(async ({ hub }) => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await expect.poll(() => hub().size).toBe(0);
});

let addresses = 0;
/** A fresh client address, so that one test's streams never count against another's. */
const freshAddress = () => `10.30.${++addresses}.1`;

type Opened = {
  response: IncomingMessage;
  text: () => string;
  /** Whether the server has ended the response. */
  isEnded: () => boolean;
  ended: Promise<number>;
  close: () => void;
};

const rereads = (stream: Opened) =>
  stream
    .text()
    .split("\n")
    .filter((line) => line === "event: re-read").length;
const endedBy = (reason: EndReason) => `event: end\ndata: ${reason}\n\n`;

/** Asserts `stream` was ended by the server for `reason` within a second of `since`. */
async function endsWithinASecond(stream: Opened, reason: EndReason, since: number) {
  const at = await Promise.race([stream.ended, new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000))]);
  expect(at, "the stream is still open a second later").not.toBeNull();
  expect(at! - since).toBeLessThan(1_000);
  expect(stream.text().endsWith(endedBy(reason))).toBe(true);
}

describe("the notification streams are bounded", () => {
  it(`a person keeps their newest ${STREAMS_PER_PERSON}: each one more ends their oldest`, async ({ database, hub, openLive, write }) => {
    const reader = await signedInUser(database.db);
    const address = freshAddress();
    const streams: Opened[] = [];
    for (let i = 0; i < STREAMS_PER_PERSON + 2; i++) streams.push(await openLive(reader.cookie, address));
    const [first, second, ...newest] = streams;
    await first!.ended;
    await second!.ended;
    expect(first!.text().endsWith(endedBy("superseded"))).toBe(true);
    expect(second!.text().endsWith(endedBy("superseded"))).toBe(true);
    expect(newest).toHaveLength(STREAMS_PER_PERSON);
    expect(hub().size).toBe(STREAMS_PER_PERSON);
    // The newest stay open and are all told.
    await write(reader.user.id, `capped:${reader.user.id}`);
    for (const stream of newest) await expect.poll(() => rereads(stream)).toBe(2);
    expect(newest.some((stream) => stream.isEnded())).toBe(false);
    for (const stream of newest) stream.close();
  });

  it(`an address holds ${STREAMS_PER_ADDRESS}: one more is refused with 429 (others' streams stay), room comes back when one closes`, async ({
    database,
    hub,
    openStream,
    openLive,
  }) => {
    const address = freshAddress();
    const people: SignedIn[] = [];
    for (let i = 0; i < Math.ceil(STREAMS_PER_ADDRESS / STREAMS_PER_PERSON) + 1; i++) people.push(await signedInUser(database.db));
    const held: Opened[] = [];
    for (let i = 0; i < STREAMS_PER_ADDRESS; i++) held.push(await openLive(people[Math.floor(i / STREAMS_PER_PERSON)]!.cookie, address));

    const refused = await openStream(people.at(-1)!.cookie, address);
    expect(refused.response.statusCode).toBe(429);
    await refused.ended;
    const messages = JSON.parse(readFileSync("messages/en-US.json", "utf8")) as { api: { errors: Record<string, string> } };
    expect(JSON.parse(refused.text())).toMatchObject({
      error: { code: "too_many_streams", message: messages.api.errors.too_many_streams },
    });
    expect(held.some((stream) => stream.isEnded())).toBe(false);
    expect(hub().size).toBe(STREAMS_PER_ADDRESS);

    // The same person from another address is let in.
    const elsewhere = await openLive(people.at(-1)!.cookie, freshAddress());
    held[0]!.close();
    await expect.poll(() => hub().size).toBe(STREAMS_PER_ADDRESS);
    const again = await openLive(people.at(-1)!.cookie, address);
    for (const stream of [...held, elsewhere, again]) stream.close();
  });
});

describe("a session's end ends its streams within a second", () => {
  it("logout ends the session's stream; the same person's stream of another session stays open", async ({
    database,
    openLive,
    api,
    staysOpen,
  }) => {
    const reader = await signedInUser(database.db);
    const phone = await newSession(database.db, reader.user);
    const mine = await openLive(reader.cookie, freshAddress());
    const theirs = await openLive(phone.cookie, freshAddress());
    const since = Date.now();
    expect((await api("POST", "auth/logout", reader.accessToken)).status).toBe(200);
    await endsWithinASecond(mine, "session", since);
    await staysOpen(theirs, reader.user.id);
    theirs.close();
  });

  it("a session ended from the profile's list of sessions ends its stream", async ({ database, openLive, api }) => {
    const reader = await signedInUser(database.db);
    const laptop = await newSession(database.db, reader.user);
    const stream = await openLive(laptop.cookie, freshAddress());
    const since = Date.now();
    expect((await api("DELETE", `me/sessions/${laptop.sessionId}`, reader.accessToken)).status).toBe(200);
    await endsWithinASecond(stream, "session", since);
  });

  it("a password change ends the streams of every other session, not the changer's own", async ({ database, openLive, api, staysOpen }) => {
    const reader = await signedInUser(database.db);
    const phone = await newSession(database.db, reader.user);
    const tablet = await newSession(database.db, reader.user);
    const own = await openLive(reader.cookie, freshAddress());
    const others = [await openLive(phone.cookie, freshAddress()), await openLive(tablet.cookie, freshAddress())];
    const changed = await api("PUT", "me/password", reader.accessToken, {
      current_password: reader.password,
      password: "Another-Rial-2027!y",
      password_confirmation: "Another-Rial-2027!y",
    });
    expect(changed.status).toBe(200);
    const since = Date.now();
    for (const stream of others) await endsWithinASecond(stream, "session", since);
    await staysOpen(own, reader.user.id);
    own.close();
  });

  it("a ban ends every stream of the person, on all their sessions", async ({ database, hub, openLive, api }) => {
    const admin = await signedInUser(database.db, "admin", "Admin");
    const reader = await signedInUser(database.db);
    const phone = await newSession(database.db, reader.user);
    const streams = [await openLive(reader.cookie, freshAddress()), await openLive(phone.cookie, freshAddress())];
    const banned = await api("POST", `admin/users/${reader.user.id}/ban`, admin.accessToken, {
      reason: "Fake proofs on three campaigns",
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(banned.status).toBe(200);
    const since = Date.now();
    for (const stream of streams) await endsWithinASecond(stream, "session", since);
    expect(hub().size).toBe(0);
  });

  it("a refresh token used twice ends the session, and with it the stream", async ({ database, openLive, api }) => {
    const reader = await signedInUser(database.db);
    const stream = await openLive(reader.cookie, freshAddress());
    const refresh = (token: string) => api("POST", "auth/refresh", "", { refresh_token: token });
    expect((await refresh(reader.refreshToken)).status).toBe(200);
    expect(stream.isEnded()).toBe(false); // a rotation is not an end
    const since = Date.now();
    expect((await refresh(reader.refreshToken)).status).toBe(401);
    await endsWithinASecond(stream, "session", since);
  });
});

describe("the hub reads the session once more when it takes a stream", () => {
  const held = (reader: SignedIn, ends: EndReason[]): LiveStream => ({
    userId: reader.user.id,
    sessionId: reader.sessionId,
    address: freshAddress(),
    until: Date.now() + STREAM_MS,
    wake: () => undefined,
    end: (reason) => void ends.push(reason),
  });

  it("a session that ended between the caller's authentication and the hub ends the stream at once", async ({ database, hub }) => {
    const reader = await signedInUser(database.db);
    await database.db.update(sessions).set({ revokedAt: new Date(), revokedReason: "logout" }).where(eq(sessions.id, reader.sessionId));
    await hub().ready();
    const ends: EndReason[] = [];
    cleanups.push(hub().add(held(reader, ends))!);
    await expect.poll(() => ends).toEqual(["session"]);
    expect(hub().size).toBe(0);
  });

  it("a stream does not outlive its session's expiry", async ({ database, hub }) => {
    const reader = await signedInUser(database.db);
    await database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '90 seconds'` })
      .where(eq(sessions.id, reader.sessionId));
    const [session] = await database.db.select().from(sessions).where(eq(sessions.id, reader.sessionId));
    await hub().ready();
    const stream = held(reader, []);
    cleanups.push(hub().add(stream)!);
    await expect.poll(() => stream.until).toBe(session!.expiresAt.getTime());
  });
});

describe("the streamSSE fallback (app.fetch) keeps the same bounds", () => {
  it("a person's oldest ends as superseded, the address's one too many is refused, a logout ends the session's stream", async ({
    database,
    hub,
    api,
    app,
  }) => {
    const decoder = new TextDecoder();
    const open = async (token: string, address: string) => {
      const response = await app.fetch(
        new Request("http://localhost/api/notifications/stream", { headers: { authorization: `Bearer ${token}`, "x-test-ip": address } }),
      );
      let text = "";
      const reader = response.body?.getReader();
      const done = (async () => {
        for (;;) {
          const chunk = await reader!.read();
          if (chunk.done) return;
          text += decoder.decode(chunk.value);
        }
      })();
      const cancel = () => reader?.cancel();
      cleanups.push(cancel);
      return { status: response.status, text: () => text, done, cancel };
    };
    const reader = await signedInUser(database.db);
    const address = freshAddress();
    const streams = [];
    for (let i = 0; i <= STREAMS_PER_PERSON; i++) {
      const stream = await open(reader.accessToken, address);
      await expect.poll(() => stream.text()).toContain("event: re-read");
      streams.push(stream);
    }
    const within = (done: Promise<void>, ms: number) => Promise.race([done, new Promise((resolve) => setTimeout(resolve, ms))]);
    await within(streams[0]!.done, 1_000);
    expect(streams[0]!.text()).toMatch(/event: end\ndata: superseded\n/);
    expect(hub().size).toBe(STREAMS_PER_PERSON);

    // The address's room: three more people fill it, one more is refused.
    const others = [await signedInUser(database.db), await signedInUser(database.db), await signedInUser(database.db)];
    for (const other of others) for (let i = 0; i < STREAMS_PER_PERSON; i++) streams.push(await open(other.accessToken, address));
    await expect.poll(() => hub().size).toBe(STREAMS_PER_ADDRESS);
    const refused = await open((await signedInUser(database.db)).accessToken, address);
    expect(refused.status).toBe(429);

    const since = Date.now();
    expect((await api("POST", "auth/logout", reader.accessToken)).status).toBe(200);
    for (const stream of streams.slice(1, STREAMS_PER_PERSON + 1)) {
      await within(stream.done, 1_000);
      expect(stream.text()).toMatch(/event: end\ndata: session\n/);
    }
    expect(Date.now() - since).toBeLessThan(1_000);
    for (const stream of streams) await stream.cancel();
  });
});
