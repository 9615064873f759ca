import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "@/server/db/client";
import { auditLog, sessions, users } from "@/server/db/schema";
import { ensureAdmin } from "@/server/db/seed/admin";
import { hashPassword } from "@/server/auth/crypto";
import { startJobRunner } from "@/server/core/jobs";
import { jobHistory } from "@/server/core/jobs-history";
import { caller, registerAndSignIn } from "@/tests/api/support/account-helpers";
import { openTestDatabase, recordingSms, testApp } from "@/tests/api/support/helpers";

/**
 * `npm run admin` (server/cli/admin.ts) run as a child process against the database the server
 * would open: PGlite in a fresh DATA_DIR, and PostgreSQL (DATABASE_URL) when TEST_DATABASE_URL is
 * set. What it did is then proved through the app: logging in with the new password.
 */

const root = process.cwd();
const tsx = path.join(root, "node_modules/.bin/tsx");

type Run = { code: number; stdout: string; stderr: string };

function runCommand(env: Record<string, string>, args: string[], input?: string): Promise<Run> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  delete base.ADMIN_PHONE;
  delete base.ADMIN_PASSWORD;
  return new Promise((resolve) => {
    const child = execFile(
      tsx,
      ["server/cli/admin.ts", ...args],
      { cwd: root, env: { ...base, ...env }, timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input ?? "");
  });
}

type Backend = {
  name: string;
  env(): Record<string, string>;
  /** The test's own connection (opened on demand). */
  open(): Promise<Database>;
  /** Lets the command have the database (PGlite: one process at a time). */
  release(): Promise<void>;
  done(): Promise<void>;
};

function pgliteBackend(): Backend {
  let dir = "";
  let database: Database | null = null;
  return {
    name: "PGlite (DATA_DIR)",
    env: () => ({ DATA_DIR: dir }),
    async open() {
      if (!dir) dir = await mkdtemp(path.join(tmpdir(), "takapoo-admin-"));
      database ??= await openDatabase({ dataDir: path.join(dir, "pglite") });
      return database;
    },
    async release() {
      await database?.close();
      database = null;
    },
    async done() {
      await this.release();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

function postgresBackend(url: string): Backend {
  let database: Database | null = null;
  return {
    name: "PostgreSQL (DATABASE_URL)",
    env: () => ({ DATABASE_URL: url }),
    async open() {
      database ??= await openTestDatabase();
      return database;
    },
    async release() {},
    async done() {
      await database?.close();
    },
  };
}

const backends: Array<() => Backend> = [pgliteBackend];
if (process.env.TEST_DATABASE_URL) {
  const url = process.env.TEST_DATABASE_URL;
  backends.push(() => postgresBackend(url));
}

let ipCounter = 0;

for (const make of backends) {
  const backend = make();

  describe(`npm run admin on ${backend.name}`, { timeout: 120_000 }, () => {
    const sms = recordingSms();
    let database: Database;
    const call = caller(
      () => testApp(database, { sms: sms.sender }),
      () => `10.77.0.${++ipCounter % 250}`,
    );

    async function admin(args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<Run> {
      await backend.release();
      const result = await runCommand({ ...backend.env(), ...options.env }, args, options.input);
      database = await backend.open();
      return result;
    }

    /** Logs in through the app (password, then the texted code); the access token, or the failed login's status. */
    async function logIn(phone09: string, password: string): Promise<{ status: number; token?: string }> {
      const login = await call("auth/login", { credential: phone09, password });
      if (login.status !== 200) return { status: login.status };
      const e164 = `+98${phone09.slice(1)}`;
      const verified = await call("auth/otp/verify", { token: login.body.data.otp.token, code: sms.lastCode(e164) });
      return { status: verified.status, token: verified.body.data?.access_token as string };
    }

    async function role(token: string): Promise<string | undefined> {
      const me = await call("me", undefined, { method: "GET", token });
      return me.body.data?.role as string | undefined;
    }

    async function userCount(): Promise<number> {
      const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
      return Number(row!.n);
    }

    beforeAll(async () => {
      database = await backend.open();
    });

    afterAll(async () => {
      await backend.done();
    });

    it("creates a missing admin with a generated password, printed once, that logs in and reaches the admin API", async () => {
      const result = await admin(["--phone", "09120000101"]);
      expect(result.stderr).not.toMatch(/failed/);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("Created the admin account +989120000101");
      const password = /Generated password[^:]*: (\S+)/.exec(result.stdout)?.[1];
      expect(password).toBeDefined();
      expect(password!.length).toBeGreaterThanOrEqual(20);
      const session = await logIn("09120000101", password!);
      expect(session.status).toBe(200);
      expect(await role(session.token!)).toBe("admin");
      // Named in the installation's default locale (fa-IR), as the back office shows it.
      const me = await call("me", undefined, { method: "GET", token: session.token! });
      expect([me.body.data.first_name, me.body.data.last_name]).toEqual(["مدیر", "تکاپو"]);
      const queue = await call("admin/identity-requests", undefined, { method: "GET", token: session.token! });
      expect(queue.status).toBe(200);
    });

    it("resets an existing admin's password without echoing it, ends its sessions and records an audit entry", async () => {
      await database.db.insert(users).values({
        firstName: "Old",
        phone: "+989120000202",
        phoneVerifiedAt: new Date(),
        passwordHash: await hashPassword("Old-Admin-Pass-2026!"),
        role: "admin",
      });
      const before = await logIn("09120000202", "Old-Admin-Pass-2026!");
      expect(before.status).toBe(200);

      const result = await admin(["--phone", "0912 000 0202", "--password", "New-Admin-Pass-2026!"]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("Set a new password for the admin +989120000202");
      expect(result.stdout).toContain("Ended 1 open session(s)");
      expect(`${result.stdout}${result.stderr}`).not.toContain("New-Admin-Pass-2026!");

      // The session opened with the old password is over; the old password no longer works, the new one does.
      expect((await call("me", undefined, { method: "GET", token: before.token! })).status).toBe(401);
      expect((await logIn("09120000202", "Old-Admin-Pass-2026!")).status).toBe(401);
      const after = await logIn("09120000202", "New-Admin-Pass-2026!");
      expect(after.status).toBe(200);
      expect(await role(after.token!)).toBe("admin");

      const [account] = await database.db.select({ id: users.id }).from(users).where(eq(users.phone, "+989120000202"));
      const entries = await database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.targetId, account!.id), eq(auditLog.action, "user.password_reset")));
      expect(entries).toHaveLength(1);
    });

    it("takes the password from standard input or ADMIN_PASSWORD, so no command line shows it; one way only", async () => {
      const piped = await admin(["--phone", "09120000404", "--password-stdin"], { input: "Piped-Admin-Pass-2026!\n" });
      expect(piped.code).toBe(0);
      expect(`${piped.stdout}${piped.stderr}`).not.toContain("Piped-Admin-Pass-2026!");
      expect((await logIn("09120000404", "Piped-Admin-Pass-2026!")).status).toBe(200);
      const fromEnv = await admin(["--phone", "09120000404", "--password-env"], { env: { ADMIN_PASSWORD: "Env-Admin-Pass-2026!" } });
      expect(fromEnv.code).toBe(0);
      expect(fromEnv.stdout).toContain("Set a new password for the admin +989120000404");
      expect((await logIn("09120000404", "Env-Admin-Pass-2026!")).status).toBe(200);
      const both = await admin(["--phone", "09120000404", "--password-env", "--password", "Other-Admin-Pass-2026!"], {
        env: { ADMIN_PASSWORD: "Env-Admin-Pass-2026!" },
      });
      expect(both.code).toBe(2);
      expect(both.stderr).toContain("Give the password one way");
      const empty = await admin(["--phone", "09120000404", "--password-stdin"], { input: "" });
      expect(empty.code).toBe(2);
      expect((await logIn("09120000404", "Env-Admin-Pass-2026!")).status).toBe(200);
    });

    it("promotes an existing user to admin with the new password", async () => {
      const registered = await registerAndSignIn(call, sms, { phone: "09120000303", email: `u303-${ipCounter}@example.com` });
      expect(await role(registered.token)).toBe("user");
      const result = await admin(["--phone", "+989120000303", "--password", "Promoted-Admin-2026!"]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("Made the existing account +989120000303 an admin");
      const session = await logIn("09120000303", "Promoted-Admin-2026!");
      expect(session.status).toBe(200);
      expect(await role(session.token!)).toBe("admin");
      const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.phone, "+989120000303"));
      expect(row!.id).toBe(registered.user.id);
    });

    it("refuses a bad phone, a common password and a short one with a clear message, changing nothing", async () => {
      const count = await userCount();
      const badPhone = await admin(["--phone", "0212345678", "--password", "Good-Admin-Pass-2026!"]);
      expect(badPhone.code).toBe(2);
      expect(badPhone.stderr).toContain("is not an Iranian mobile number");

      const common = await admin(["--phone", "09120000404", "--password", "password123"]);
      expect(common.code).toBe(2);
      expect(common.stderr).toContain("common passwords");
      expect(common.stderr).not.toContain("password123");

      const short = await admin(["--phone", "09120000404", "--password", "Ab1!"]);
      expect(short.code).toBe(2);
      expect(short.stderr).toContain("8 to 128 characters");

      const missing = await admin([]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("--phone is required");

      expect(await userCount()).toBe(count);
      expect((await logIn("09120000404", "password123")).status).toBe(401);
    });

    it("jobs: prints the background jobs' recent runs, newest first, with their state and output", async () => {
      const name = `admin-${Date.now().toString(36)}`;
      const runner = await startJobRunner(database, [{ name, cron: "0 0 1 1 *", run: async () => ({ checked: 7 }) }], {
        pollingSeconds: 0.5,
      });
      await runner.runNow(name);
      for (let tries = 0; tries < 100 && (await jobHistory(database.db, { name }))[0]?.state !== "completed"; tries++)
        await new Promise((resolve) => setTimeout(resolve, 200));
      // The server stops before the command runs on PGlite (one process at a time).
      await runner.stop();
      const result = await admin(["jobs", "--name", name]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/job\s+state\s+attempts\s+started \(UTC\)\s+finished \(UTC\)\s+output \/ error/);
      expect(result.stdout).toMatch(new RegExp(`${name}\\s+completed\\s+1\\s.*\\{"checked":7\\}`));
      const refused = await admin(["jobs", "--limit", "0"]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain("--limit must be a whole number");
    });

    if (backend.name.startsWith("PGlite")) {
      it("refuses to open a PGlite folder another process (the server) has open", async () => {
        // The test's own connection stands for a running server.
        database = await backend.open();
        const count = await userCount();
        const result = await runCommand(backend.env(), ["--phone", "09120000505", "--password", "Busy-Admin-Pass-2026!"]);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain("is in use by process");
        expect(result.stderr).toContain("stop the server");
        expect(await userCount()).toBe(count);
      });
    }
  });
}

describe("the demo seed tells how to get in", { timeout: 60_000 }, () => {
  it("prints the demo admin's phone and the admin command on every start until it has signed in", async () => {
    const database = await openDatabase({});
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    try {
      const printed = async () => {
        info.mockClear();
        await ensureAdmin(database.db, {}, true);
        return info.mock.calls.map((args) => args.join(" ")).join("\n");
      };
      const first = await printed();
      expect(first).toContain("demo admin created: phone +989100000000");
      const [seeded] = await database.db.select().from(users).where(eq(users.phone, "+989100000000"));
      expect(`${seeded!.firstName} ${seeded!.lastName}`).toBe("مدیر تکاپو");
      expect(first).toContain("npm run admin -- --phone 09100000000");

      // A later start (the first start's password long scrolled away): still the way in.
      expect(await printed()).toContain("set its password with: npm run admin -- --phone 09100000000");

      const [demo] = await database.db.select({ id: users.id }).from(users).where(eq(users.phone, "+989100000000"));
      await database.db.insert(sessions).values({ userId: demo!.id, expiresAt: new Date(Date.now() + 60_000) });
      expect(await printed()).toBe("");
    } finally {
      info.mockRestore();
      await database.close();
    }
  });
});
