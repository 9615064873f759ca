import { sql } from "drizzle-orm";
import { createApp } from "@/server/app";
import type { AppDeps } from "@/server/http/context";
import { SmsDeliveryError, smsValueProblem, type SmsNotice, type SmsSender } from "@/server/adapters/sms";
import type { FileStorage } from "@/server/adapters/storage";
import { openDatabase, type Database } from "@/server/db/client";
import { seedBaseContent } from "@/server/db/seed";
import { AppError } from "@/server/core/errors";

/**
 * A database for one test file: PostgreSQL when TEST_DATABASE_URL is set (tables emptied first),
 * else an in-memory PGlite. Migrated and seeded like production.
 */
export async function openTestDatabase({ maxConnections = 5 } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const database = await openDatabase(url ? { url, maxConnections } : {});
  await database.db.execute(sql`truncate table content_pages, seed_runs, app_secrets, ${sql.raw(ACCOUNT_TABLES)} cascade`);
  await seedBaseContent(database.db);
  return database;
}

const ACCOUNT_TABLES =
  "pricing, activities, campaign_counts, campaigns, transactions, ledger_transfers, ledger_accounts, audit_log, uploads, refresh_tokens, sessions, otp_sends, otp_challenges, login_failures, social_identities, users, sms_opt_outs, youtube_quota_days";

/**
 * Empties every account table, the prices (between tests; prices go back to the seeded defaults on first
 * use) and the phones that opted out of texts (tied to no user, so no cascade empties them).
 */
export async function resetAccounts(database: Database): Promise<void> {
  await database.db.execute(sql`truncate table ${sql.raw(ACCOUNT_TABLES)} cascade`);
}

export function testApp(database: Database, deps: Partial<Omit<AppDeps, "database">> = {}) {
  return createApp({
    database: async () => database,
    sms: deps.sms ?? recordingSms().sender,
    storage: deps.storage ?? memoryStorage(),
    ...deps,
  });
}

/** An SMS sender that keeps what it would send, for tests that read codes (adapter tests use the fake Kavenegar). */
export function recordingSms() {
  const sent: Array<{ phone: string; code: string; purpose: string }> = [];
  const notices: Array<{ phone: string; notice: SmsNotice }> = [];
  const sender: SmsSender = {
    async sendOtp(input) {
      sent.push(input);
    },
    async sendNotice(input) {
      // As the real senders do: a notice carrying a value that is not in its strict form is refused, not sent.
      const problem = smsValueProblem(input.notice);
      if (problem) throw new SmsDeliveryError(`recorded ${input.notice.kind}: ${problem}`, { provider: "recording", reason: "rejected" });
      notices.push(input);
    },
  };
  return { sender, sent, notices, lastCode: (phone: string) => [...sent].reverse().find((m) => m.phone === phone)?.code };
}

/** Uploads kept in memory. */
export function memoryStorage(): FileStorage & { objects: Map<string, { bytes: Uint8Array; contentType: string }> } {
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  return {
    objects,
    async put(key, bytes, contentType) {
      objects.set(key, { bytes, contentType });
    },
    async get(key) {
      return objects.get(key) ?? null;
    },
    async delete(key) {
      objects.delete(key);
    },
  };
}

/** A JSON request to the app, as a browser would send it. */
export function jsonRequest(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost/api/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The AppError code a verb refused with, or null when it went through; anything else is rethrown. */
export async function errorCode(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}
