import { sql } from "drizzle-orm";
import { executor, type DbCtx } from "@/server/core/context";
import type { Db } from "@/server/db";
import {
  notificationCounters,
  notificationPreferences,
  notifications,
  webhookDeliveries,
  webhookEndpoints,
  type NotificationKind,
} from "@/server/db/schema";
import { webhookEventOfNotification } from "@/lib/integrations/webhook-events";
import { alwaysInApp, categoryOf, smsKinds } from "@/lib/notifications/categories";

/** The PostgreSQL channel the live stream listens on; the payload is the user's id, and means only "re-read". */
export const NOTIFICATION_CHANNEL = "takapoo_notifications";

export type NotificationInput = {
  userId: string;
  kind: NotificationKind;
  /** Rendered into the kind's words when read: amounts in Rials, names, reasons, dates (ISO). */
  params?: Record<string, string | number | null>;
  /** One notification per change: the same key again (a replay, a retried job) writes nothing. */
  dedupeKey: string;
};

/**
 * Writes a notification in the caller's transaction — the one making the change it announces, so
 * both happen or neither does — with the header's counter, and tells listening instances to re-read
 * once it has committed (wakeListeners). No NOTIFY rides in the business transaction: PostgreSQL takes
 * a database-wide lock at the commit of a transaction with a pending NOTIFY, so under many writers
 * every commit would wait behind every other. A transaction the caller opened itself, without
 * withTransaction's afterCommit, still gets its NOTIFY inside (delivered at its commit): correct, and
 * slower. Answers whether it was new.
 */
export async function notify(ctx: DbCtx, input: NotificationInput): Promise<boolean> {
  const tx = executor(ctx);
  const category = categoryOf(input.kind);
  // What the user switched off, read in the same statement: a category off in the app is written as
  // already seen (kept in the inbox, never counted or pushed); an SMS switched off is never queued.
  const off = (column: typeof notificationPreferences.inAppOff | typeof notificationPreferences.smsOff) =>
    sql`exists (select 1 from ${notificationPreferences} where ${notificationPreferences.userId} = ${input.userId} and ${category} = any(${column}))`;
  const quiet = alwaysInApp.includes(category) ? sql`null` : sql`case when ${off(notificationPreferences.inAppOff)} then now() end`;
  const sms = smsKinds.includes(input.kind)
    ? sql`case when ${off(notificationPreferences.smsOff)} then 'muted' else 'pending' end`
    : sql`null`;
  // A webhook event too (lib/integrations/webhook-events.ts): a delivery per endpoint that hears it, in
  // the same statement, only when the notification is new (a replay delivers nothing twice).
  const event = webhookEventOfNotification[input.kind];
  const data = Object.fromEntries(Object.entries(input.params ?? {}).filter(([, value]) => value !== null));
  const hooked = event
    ? sql`, hooked as (
      insert into ${webhookDeliveries} (endpoint_id, event, data, dedupe_key)
      select e.id, ${event}::text, ${JSON.stringify(data)}::jsonb, ${input.dedupeKey}::text from ${webhookEndpoints} e
      where e.user_id = ${input.userId}::uuid and e.disabled_at is null and ${event}::text = any(e.events) and exists (select 1 from written)
      on conflict do nothing
      returning 1
    )`
    : sql``;
  // The row and the header's counter in one statement (one round trip in the business transaction):
  // counted only when the row is new and not written as already seen.
  const { rows } = await tx.execute<{ written: boolean; counted: boolean }>(sql`
    with written as (
      insert into ${notifications} (user_id, kind, params, dedupe_key, seen_at, sms_state)
      values (${input.userId}::uuid, ${input.kind}::text, ${JSON.stringify(input.params ?? {})}::jsonb, ${input.dedupeKey}::text, ${quiet}, ${sms})
      on conflict (dedupe_key) do nothing
      returning seen_at
    ), counted as (
      insert into ${notificationCounters} (user_id, unseen)
      select ${input.userId}::uuid, 1 from written where seen_at is null
      on conflict (user_id) do update set unseen = ${notificationCounters}.unseen + 1
      returning 1
    )${hooked}
    select exists (select 1 from written) as written, exists (select 1 from counted) as counted`);
  const outcome = rows[0];
  if (!outcome?.written) return false;
  if (!outcome.counted) return true;
  const { db, afterCommit } = ctx;
  if (afterCommit) afterCommit.add(() => wakeListeners(db, input.userId));
  else if (ctx.tx) await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${input.userId})`);
  else wakeListeners(db, input.userId);
  return true;
}

/**
 * The instance's notifier: the people whose notifications committed wait here, and one statement at a
 * time tells every instance's listeners (`pg_notify` per person, one transaction for all that waited
 * meanwhile), so 32 writers committing at once cost one or two NOTIFY commits, not 32. Sent through
 * the pool, so a transaction-mode pooler passes it; only LISTEN needs a direct connection
 * (DATABASE_DIRECT_URL). An instance that dies between a commit and this wake-up leaves the rows
 * committed and the wake-up unsent: every stream says re-read when it opens, so the reader sees them
 * at the latest when their stream is next opened (tests/api/notifications/notifications-after-commit.pg.test.ts).
 */
class Notifier {
  private readonly waiting = new Set<string>();
  private sending = false;

  constructor(private readonly db: Db) {}

  add(userId: string): void {
    this.waiting.add(userId);
    if (this.sending) return;
    this.sending = true;
    queueMicrotask(() => void this.send());
  }

  private async send(): Promise<void> {
    while (this.waiting.size > 0) {
      const userIds = [...this.waiting];
      this.waiting.clear();
      try {
        // User ids are UUIDs: a comma never occurs in one.
        await this.db.execute(
          sql`select pg_notify(${NOTIFICATION_CHANNEL}, id) from unnest(string_to_array(${userIds.join(",")}::text, ',')) as id`,
        );
      } catch (error) {
        console.error(`[notifications] ${userIds.length} wake-up(s) not sent (their streams re-read when next opened):`, error);
      }
    }
    this.sending = false;
  }
}

const notifiers = new WeakMap<Db, Notifier>();

/** Tells listening instances that this person's notifications changed: sent after their commit, batched per instance. */
export function wakeListeners(db: Db, userId: string): void {
  let notifier = notifiers.get(db);
  if (!notifier) notifiers.set(db, (notifier = new Notifier(db)));
  notifier.add(userId);
}
