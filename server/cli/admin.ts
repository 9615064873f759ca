/**
 * `npm run admin -- --phone 09xxxxxxxxx [--password-stdin | --password-env | --password '…']`: sets or resets an
 * admin's password. --password-stdin reads it from standard input, --password-env from ADMIN_PASSWORD: no tool
 * echoes it (npm prints the command line of --password, with the password in it).
 * `npm run admin -- jobs [--name <job>] [--limit <n>]`: prints the background jobs' recent runs.
 *
 * Opens the database exactly as the server does (server/db: DATABASE_URL, else PGlite in DATA_DIR,
 * migrated and seeded), then in one transaction: creates the admin when no account has that phone,
 * or makes the existing account an admin and gives it the new password, ends the account's open
 * sessions and records an audit entry. Without --password a strong one is generated and printed
 * once. The password is never echoed. Exit status: 0 done, 2 refused input, 1 anything else.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { normalizeIranianMobile } from "@/lib/validation/phone";
import { dataDir, sharedDatabase, type Db } from "@/server/db";
import { env } from "@/server/core/env";
import { users } from "@/server/db/schema";
import { seededAdminName, seedOutput } from "@/server/db/seed/admin";
import { recordAudit } from "@/server/audit";
import { hashPassword } from "@/server/auth";
import { passwordPolicyError, PASSWORD_MAX, PASSWORD_MIN } from "@/server/auth";
import { revokeAllSessions } from "@/server/auth";
import { formatJobHistory, jobHistory } from "@/server/core/jobs-history";
import { pgliteInUse } from "@/server/cli/pglite-in-use";

const USAGE = `Usage: npm run admin -- --phone 09xxxxxxxxx [--password-stdin | --password-env | --password '<new password>']
       npm run admin -- jobs [--name <job>] [--limit <n, default 20>]

Creates the admin with that phone, or makes the existing account an admin, and sets its password
(ending its open sessions). --password-stdin reads the password from standard input (e.g. piped from a
password manager), --password-env from the ADMIN_PASSWORD variable: neither shows on a command line, which
npm prints with --password. Without any of them a strong password is generated and printed once.
"jobs" prints the background jobs' recent runs (name, state, attempts, started, finished, output
or error), newest first; runs are kept a week after they finish.
Uses DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./.data): stop the
server first when it runs on PGlite.`;

class Refused extends Error {}

type AdminOutcome = { action: "created" | "promoted" | "reset"; userId: string; endedSessions: number };

/** The command's work on an open database: one transaction, so it happens entirely or not at all. */
async function setAdminPassword(db: Db, phone: string, password: string): Promise<AdminOutcome> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.phone, phone)).for("update");
    let outcome: AdminOutcome;
    if (!existing) {
      const [created] = await tx
        .insert(users)
        .values({ ...seededAdminName(), phone, phoneVerifiedAt: new Date(), passwordHash, role: "admin" })
        .returning({ id: users.id });
      outcome = { action: "created", userId: created!.id, endedSessions: 0 };
    } else {
      await tx.update(users).set({ passwordHash, role: "admin", updatedAt: new Date() }).where(eq(users.id, existing.id));
      const open = await openSessionCount(tx, existing.id);
      await revokeAllSessions({ db, tx: tx }, { userId: existing.id, reason: "admin_command" });
      outcome = { action: existing.role === "admin" ? "reset" : "promoted", userId: existing.id, endedSessions: open };
    }
    await recordAudit(
      { db, tx: tx },
      {
        actorId: null,
        action:
          outcome.action === "created"
            ? "user.admin_created"
            : outcome.action === "promoted"
              ? "user.admin_promoted"
              : "user.password_reset",
        targetType: "user",
        targetId: outcome.userId,
        details: { via: "admin_command", ended_sessions: outcome.endedSessions },
      },
    );
    return outcome;
  });
}

async function openSessionCount(tx: Pick<Db, "execute">, userId: string): Promise<number> {
  const result = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from sessions where user_id = ${userId} and revoked_at is null and expires_at > now()`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

function generatePassword(): string {
  // 24 characters of base64url: 144 random bits, inside the policy's bounds and never a common password.
  return randomBytes(18).toString("base64url");
}

/** PGlite allows one process at a time: refuses when another (the server?) holds the folder. */
function refuseWhilePgliteInUse(): void {
  const busy = pgliteInUse("[admin]");
  if (busy) throw new Refused(`${busy} Nothing was changed.`);
}

async function printJobs(argv: string[]): Promise<void> {
  let values: { name?: string; limit?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { name: { type: "string" }, limit: { type: "string" } }, strict: true }));
  } catch (error) {
    throw new Refused(`${(error as Error).message}\n\n${USAGE}`);
  }
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw new Refused(`--limit must be a whole number from 1 to 1000.\n\n${USAGE}`);
  refuseWhilePgliteInUse();
  seedOutput.quiet = true;
  const database = await sharedDatabase();
  try {
    console.info(formatJobHistory(await jobHistory(database.db, { limit, ...(values.name ? { name: values.name } : {}) })));
  } finally {
    await database.close();
  }
}

/** Standard input, whole, without its last line break. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** The password the command was given (by one of its three ways), or undefined: one is generated. */
async function givenPassword(values: { password?: string; "password-stdin"?: boolean; "password-env"?: boolean }) {
  const ways = [values.password !== undefined, values["password-stdin"] === true, values["password-env"] === true].filter(Boolean);
  if (ways.length > 1) throw new Refused(`Give the password one way: --password, --password-stdin or --password-env.\n\n${USAGE}`);
  if (values["password-stdin"]) {
    const read = await readStdin();
    if (!read) throw new Refused("--password-stdin: standard input was empty; nothing was changed.");
    return read;
  }
  if (values["password-env"]) {
    const fromEnv = process.env.ADMIN_PASSWORD;
    if (!fromEnv) throw new Refused("--password-env: ADMIN_PASSWORD is not set; nothing was changed.");
    return fromEnv;
  }
  return values.password;
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === "jobs") return printJobs(argv.slice(1));
  let values: { phone?: string; password?: string; "password-stdin"?: boolean; "password-env"?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        phone: { type: "string" },
        password: { type: "string" },
        "password-stdin": { type: "boolean" },
        "password-env": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    throw new Refused(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help) {
    console.info(USAGE);
    return;
  }
  if (!values.phone) throw new Refused(`--phone is required.\n\n${USAGE}`);
  const phone = normalizeIranianMobile(values.phone);
  if (!phone) throw new Refused(`"${values.phone}" is not an Iranian mobile number (09xxxxxxxxx); nothing was changed.`);
  const given = await givenPassword(values);
  const generated = given === undefined;
  const password = given ?? generatePassword();
  const policy = passwordPolicyError(password);
  if (policy) {
    const why =
      policy === "too_common"
        ? "it is on the list of common passwords"
        : `it must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long (${policy.replace(/_/g, " ")})`;
    throw new Refused(`The password is refused: ${why}; nothing was changed.`);
  }

  const postgres = Boolean(env.DATABASE_URL);
  refuseWhilePgliteInUse();

  seedOutput.quiet = true;
  const database = await sharedDatabase();
  try {
    const outcome = await setAdminPassword(database.db, phone, password);
    const where = postgres ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${path.join(dataDir(), "pglite")}`;
    const did = {
      created: `Created the admin account ${phone} with the new password`,
      promoted: `Made the existing account ${phone} an admin and set its new password`,
      reset: `Set a new password for the admin ${phone}`,
    }[outcome.action];
    console.info(`${did} (${where}).`);
    if (outcome.action !== "created") console.info(`Ended ${outcome.endedSessions} open session(s) of the account.`);
    if (generated) console.info(`Generated password (shown only now, keep it safe): ${password}`);
    console.info("Sign in at /auth/login with the phone and this password; the back office is at /admin.");
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof Refused) {
      console.error(`[admin] ${error.message}`);
      process.exit(2);
    }
    console.error(`[admin] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
