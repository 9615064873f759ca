import { sql } from "drizzle-orm";
import type { SmsSender } from "@/server/adapters/sms";
import type { Db } from "@/server/db";

/** The core API answering one request in this process (createApp's fetch). */
export type ApiFetch = (request: Request) => Response | Promise<Response>;

/** A demo person signed in: their id, access token and the address their requests come from. */
export type Member = { id: string; token: string; ip: string; phone: string };

/** The SMS sender of the world's own app: codes are kept for the builder, nothing is logged or sent. */
export function worldSms(): { sender: SmsSender; codeFor(phone: string): string } {
  const codes = new Map<string, string>();
  return {
    sender: {
      logsOnly: true,
      async sendOtp({ phone, code }) {
        codes.set(phone, code);
      },
      async sendNotice() {},
    },
    codeFor(phone) {
      const code = codes.get(phone);
      if (!code) throw new Error(`[demo] no code was sent to ${phone}`);
      return code;
    },
  };
}

/** The header the world's app reads a caller's address from (each demo person has their own). */
export const WORLD_ADDRESS_HEADER = "x-demo-address";

/**
 * The world's calls to the API, as the browser makes them: JSON in and out, a person's token and address. An
 * answer that is not a success stops the build (the world is made only of what the API accepts).
 */
export function worldClient(fetch: ApiFetch) {
  return async function call<T>(
    path: string,
    options: { body?: unknown; method?: string; as?: Pick<Member, "token" | "ip">; ip?: string } = {},
  ): Promise<T> {
    const method = options.method ?? (options.body === undefined ? "GET" : "POST");
    const headers: Record<string, string> = { accept: "application/json", "x-locale": "fa-IR" };
    headers[WORLD_ADDRESS_HEADER] = options.as?.ip ?? options.ip ?? "192.0.2.1";
    if (options.as) headers.authorization = `Bearer ${options.as.token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(
      new Request(`http://localhost/api/${path}`, {
        method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      }),
    );
    const text = await response.text();
    if (response.status >= 400) throw new Error(`[demo] ${method} /api/${path} answered ${response.status}: ${text.slice(0, 300)}`);
    const type = response.headers.get("content-type") ?? "";
    return (type.includes("json") && text ? (JSON.parse(text) as { data: T }).data : (text as T)) as T;
  };
}
export type WorldCall = ReturnType<typeof worldClient>;

const DAY_MS = 86_400_000;

/**
 * The world's history: what the API did in one slice of real time (seconds) is moved back to the day it
 * stands for, every timestamp of every row made in the slice by the same amount, so durations (a reward's
 * hold, a plan's period) stay what the API made them. Slices run oldest first, so the order of events is
 * kept. Sessions, codes, counters and settings keep their real times. The delivery days the approvals
 * counted today move to that day as well (one slice per day).
 */
export async function moveSliceBack(db: Db, input: { since: Date; daysAgo: number }): Promise<void> {
  if (input.daysAgo <= 0) return;
  const delta = `${input.daysAgo * DAY_MS} milliseconds`;
  for (const table of await historyTables(db)) {
    const sets = table.columns.map((column) => `"${column}" = "${column}" - interval '${delta}'`).join(", ");
    await db.execute(sql.raw(`update "${table.name}" set ${sets} where "created_at" >= '${input.since.toISOString()}'`));
  }
  const today = sql`((now() at time zone 'UTC') + interval '210 minutes')::date`;
  const then = sql`(((now() - ${delta}::interval) at time zone 'UTC') + interval '210 minutes')::date`;
  // Merged into the day's row when one is there already (a drop at a release run as of that day is dated then).
  await db.execute(sql`
    insert into campaign_delivery_days as r (campaign_id, day, delivered, auto_checked, watched, reviewed, dropped, refilled)
    select campaign_id, ${then}, delivered, auto_checked, watched, reviewed, dropped, refilled from campaign_delivery_days where day = ${today}
    on conflict (campaign_id, day) do update set
      delivered = r.delivered + excluded.delivered, auto_checked = r.auto_checked + excluded.auto_checked,
      watched = r.watched + excluded.watched, reviewed = r.reviewed + excluded.reviewed,
      dropped = r.dropped + excluded.dropped, refilled = r.refilled + excluded.refilled`);
  await db.execute(sql`delete from campaign_delivery_days where day = ${today}`);
}

/** Tables whose rows are people's history; the others (sessions, codes, counters, settings, prices) keep real time. */
const KEEP_REAL_TIME = new Set([
  "sessions",
  "refresh_tokens",
  "otp_challenges",
  "otp_sends",
  "login_failures",
  "idempotency_keys",
  "seed_runs",
  "app_settings",
  "app_secrets",
  "ledger_accounts",
  "campaign_counts",
  "notification_counters",
  "pricing",
  "membership_plans",
  "content_pages",
  "youtube_oauth_states",
  "watch_sessions",
]);

let history: Promise<{ name: string; columns: string[] }[]> | null = null;

async function historyTables(db: Db) {
  history ??= db
    .execute(
      sql`select table_name as name, array_agg(column_name::text order by column_name) as columns
          from information_schema.columns
          where table_schema = 'public' and data_type = 'timestamp with time zone'
            and table_name in (select table_name from information_schema.columns where table_schema = 'public' and column_name = 'created_at')
          group by table_name order by table_name`,
    )
    .then((result) => (result.rows as { name: string; columns: string[] }[]).filter((table) => !KEEP_REAL_TIME.has(table.name)));
  return history;
}
