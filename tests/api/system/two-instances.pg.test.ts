import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { createServer } from "node:net";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { invitations, users } from "@/server/db/schema";
import { apiTest } from "@/tests/api/support/fixture";
import { signedInUser } from "@/tests/api/security/signed-in";
import { canvas } from "@/tests/api/identity/uploads-support";
import { LOGIN_FAILURES_PER_ACCOUNT } from "@/server/auth/login-throttle";
import { OTP_MAX_PER_PHONE_PER_HOUR } from "@/server/auth/otp";

// PostgreSQL only (*.pg.test.ts), issue 35 item 4: two API processes (`npm run api`,
// server/standalone.ts, each with its own pool, listeners, caches and job runner) on one database.
// A notification raised through one reaches a stream held by the other (after commit, item 2); a
// content page edited through one is served fresh by the other within a second — its cache was 30 s
// before the instances told each other (server/pages/page-cache.ts); a login limit counted on one holds
// on the other, and so do a phone's sign-in codes; one Idempotency-Key sent to both at once makes one
// invitation; an upload made through one is read through the other; each every-minute job runs once a
// minute, not once per instance.

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

type Instance = { base: string; child: ChildProcess };

/** Both instances' DATA_DIR: uploads go to a folder they share (no S3-compatible server is at hand as a package here). */
const shared = mkdtempSync(path.join(os.tmpdir(), "takapoo-two-instances-"));

async function startInstance(): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/standalone.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      API_PORT: String(port),
      API_HOST: "127.0.0.1",
      SEED_DEMO_DATA: "false",
      DATA_DIR: shared,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => String(chunk).includes("core API on") && resolve());
    child.on("exit", (code) => reject(new Error(`the API exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}/api`, child };
}

let startedAt = new Date();
const it = apiTest.extend("instances", { scope: "file" }, async ({ database }, { onCleanup }) => {
  void database; // opened (and emptied) before the instances start
  startedAt = new Date();
  const both = await Promise.all([startInstance(), startInstance()]);
  onCleanup(async () => {
    for (const { child } of both) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(shared, { recursive: true, force: true });
  });
  return both;
});

const json = { accept: "application/json", "content-type": "application/json" };

describe("two instances on one database (PostgreSQL)", () => {
  it(
    "an identity approved through one: the person's stream held by the other says re-read",
    { timeout: 60_000 },
    async ({ database, instances: [one, two] }) => {
      const admin = await signedInUser(database.db, "admin");
      const person = await signedInUser(database.db, "user", "Stream");
      await database.db
        .update(users)
        .set({ identityStatus: "identity_verification_pending", identityRequestedAt: new Date() })
        .where(eq(users.id, person.user.id));
      let text = "";
      const url = new URL(`${two!.base}/notifications/stream`);
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, headers: { cookie: person.cookie } },
        (response) => {
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
        },
      );
      req.end();
      const rereads = () => text.split("\n").filter((line) => line === "event: re-read").length;
      try {
        await expect.poll(rereads, { timeout: 5_000 }).toBe(1); // the opening re-read
        const approved = await fetch(`${one!.base}/admin/users/${person.user.id}/identity/approve`, {
          method: "POST",
          headers: { ...json, authorization: `Bearer ${admin.accessToken}` },
        });
        expect(approved.status).toBe(200);
        await expect.poll(rereads, { timeout: 2_000 }).toBe(2);
      } finally {
        req.destroy();
      }
    },
  );

  it(
    "a content page edited through one is served fresh by the other within a second",
    { timeout: 60_000 },
    async ({ database, instances: [one, two] }) => {
      const admin = await signedInUser(database.db, "admin");
      const read = async () => {
        const response = await fetch(`${two!.base}/pages/get`, {
          method: "POST",
          headers: { ...json, "x-locale": "en-US" },
          body: JSON.stringify({ slug: "about" }),
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: { title: string } }).data.title;
      };
      const before = await read(); // now in the second instance's cache
      const title = `About us, edited ${Date.now()}`;
      const saved = await fetch(`${one!.base}/admin/pages/about/en-US`, {
        method: "PUT",
        headers: { ...json, authorization: `Bearer ${admin.accessToken}` },
        body: JSON.stringify({ title, body: "New words.", meta_title: title, meta_description: "About Takapoo.", og_image: null }),
      });
      expect(saved.status).toBe(200);
      expect(before).not.toBe(title);
      const editedAt = Date.now();
      await expect.poll(read, { timeout: 1_000, interval: 50 }).toBe(title);
      expect(Date.now() - editedAt).toBeLessThan(1_000);
    },
  );

  it(
    "one Idempotency-Key sent to both at once: one invitation, and the same answer from each",
    { timeout: 60_000 },
    async ({ database, inviterWithPlan, instances: [one, two] }) => {
      const inviter = await inviterWithPlan();
      const phone = "09127654321";
      const send = (instance: { base: string }) =>
        fetch(`${instance.base}/invitations`, {
          method: "POST",
          headers: { ...json, "x-locale": "en-US", authorization: `Bearer ${inviter.token}`, "idempotency-key": "two-instances-invite-1" },
          body: JSON.stringify({ phone }),
        }).then(async (response) => ({ status: response.status, body: await response.text() }));
      const answers = await Promise.all([send(one!), send(two!), send(one!), send(two!)]);
      const made = answers.filter((answer) => answer.status === 201);
      expect(made.length).toBeGreaterThan(0);
      expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
      expect(new Set(made.map((answer) => answer.body)).size).toBe(1);
      // Sent again afterwards, to either: the first answer, replayed.
      for (const instance of [one!, two!]) expect(await send(instance)).toEqual(made[0]);
      expect(await database.db.select().from(invitations).where(eq(invitations.inviterId, inviter.user.id))).toHaveLength(1);
    },
  );

  it(
    "an identity card uploaded through one is read through the other (the shared uploads folder)",
    { timeout: 60_000 },
    async ({ database, instances: [one, two] }) => {
      const person = await signedInUser(database.db, "user", "Upload");
      await database.db
        .update(users)
        .set({
          nationalId: "0084575948",
          birthDate: "1990-01-01",
          iban: "IR062960000000100324200001",
          email: `upload${Date.now()}@example.com`,
        })
        .where(eq(users.id, person.user.id));
      const form = new FormData();
      form.append("card", new Blob([new Uint8Array(await canvas().png().toBuffer())], { type: "image/png" }), "card.png");
      const sent = await fetch(`${one!.base}/me/identity-verification`, {
        method: "POST",
        headers: { accept: "application/json", "x-locale": "en-US", authorization: `Bearer ${person.accessToken}` },
        body: form,
      });
      expect(sent.status, await sent.clone().text()).toBe(200);
      const card = await fetch(`${two!.base}/me/identity-card`, { headers: { authorization: `Bearer ${person.accessToken}` } });
      expect(card.status).toBe(200);
      expect(card.headers.get("content-type")).toMatch(/^image\//);
      expect((await card.arrayBuffer()).byteLength).toBeGreaterThan(100);
    },
  );

  it(
    `sign-in codes asked alternately through both: the phone's ${OTP_MAX_PER_PHONE_PER_HOUR} an hour are counted together`,
    { timeout: 60_000 },
    async ({ database, instances: [one, two] }) => {
      const person = await signedInUser(database.db, "user", "Codes");
      const credential = `0${person.user.phone!.slice(3)}`;
      const ask = (instance: { base: string }) =>
        fetch(`${instance.base}/auth/forgot-password`, {
          method: "POST",
          headers: { ...json, "x-locale": "en-US" },
          body: JSON.stringify({ credential }),
        }).then((response) => response.status);
      const statuses: number[] = [];
      for (let i = 0; i <= OTP_MAX_PER_PHONE_PER_HOUR; i++) statuses.push(await ask(i % 2 ? two! : one!));
      expect(statuses).toEqual([...Array(OTP_MAX_PER_PHONE_PER_HOUR).fill(200), 429]);
      for (const instance of [one!, two!]) expect(await ask(instance)).toBe(429);
    },
  );

  it(
    "failed logins are counted across both: the limit reached through one holds on the other",
    { timeout: 60_000 },
    async ({ database, instances: [one, two] }) => {
      const person = await signedInUser(database.db, "user", "Limit");
      const credential = `0${person.user.phone!.slice(3)}`;
      const login = (instance: { base: string }, password: string) =>
        fetch(`${instance.base}/auth/login`, {
          method: "POST",
          headers: { ...json, "x-locale": "en-US" },
          body: JSON.stringify({ credential, password }),
        }).then((response) => response.status);
      // Wrong passwords, alternating between the two instances: the account's limit counts them all…
      const statuses: number[] = [];
      for (let i = 0; i <= LOGIN_FAILURES_PER_ACCOUNT; i++) statuses.push(await login(i % 2 ? two! : one!, "wrong-Password-1!"));
      expect(statuses.slice(0, LOGIN_FAILURES_PER_ACCOUNT)).toEqual(Array(LOGIN_FAILURES_PER_ACCOUNT).fill(401));
      expect(statuses.at(-1)).toBe(429);
      // …and holds on both, even with the right password.
      for (const instance of [one!, two!]) expect(await login(instance, person.password)).toBe(429);
    },
  );

  it(
    "each every-minute job runs once a minute with both instances running, not once per instance",
    { timeout: 200_000 },
    async ({ database, instances }) => {
      expect(instances).toHaveLength(2);
      const perMinute = async () =>
        (
          await database.db.execute(
            sql`select name, date_trunc('minute', created_on) as minute, count(*)::int as runs from pgboss.job
              where name in ('notification-sms', 'invitation-texts') and created_on >= ${startedAt.toISOString()}::timestamptz
              group by 1, 2 order by 2, 1`,
          )
        ).rows as { name: string; minute: string; runs: number }[];
      // Two whole minutes of schedules (pg-boss looks for due schedules every 30 s).
      await expect
        .poll(async () => new Set((await perMinute()).map((row) => String(row.minute))).size, { timeout: 180_000, interval: 5_000 })
        .toBeGreaterThanOrEqual(2);
      const rows = await perMinute();
      expect(new Set(rows.map((row) => row.name))).toEqual(new Set(["notification-sms", "invitation-texts"]));
      expect(rows.filter((row) => row.runs !== 1)).toEqual([]);
    },
  );
});
