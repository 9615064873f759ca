import { and, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect } from "vitest";
import type { Db } from "@/server/db/client";
import { notificationCounters, notificationPreferences, notifications, users, type NotificationKind, type User } from "@/server/db/schema";
import { notify } from "@/server/notifications/notify";
import { listNotifications, readAllNotifications, readNotification, seeNotifications, unseenCount } from "@/server/notifications/queries";
import { apiTest } from "@/tests/api/support/fixture";
import { errorCode } from "@/tests/api/support/helpers";

// Issue 18, on PostgreSQL: the header's counter is kept in the transactions that change what it counts,
// never counted over the table. Random sequences of the inbox's verbs for two readers — a notification
// written (sometimes with a de-duplication key already used, by either reader; sometimes of a category
// the reader switched off in the app), the inbox opened (all seen), one opened (read, by its reader or
// someone else), all read, the category switched off or on — run against the database and a small model;
// after every step the counter equals the rows not yet seen, and the inbox's tabs (all, new, read) and
// each verb's answer equal the model. Replay a failure with FC_SEED=… FC_PATH=… (fast-check prints them).
const NUM_RUNS = Number(process.env.FC_NUM_RUNS || 40);
const MAX_COMMANDS = 30;

type Note = { id: string; user: number; seen: boolean; read: boolean };
type Model = { notes: Note[]; keys: Set<string>; quiet: boolean[] };
type Real = { db: Db; users: User[] };

const stats = { written: 0, duplicates: 0, quietWrites: 0, seen: 0, read: 0, rereads: 0, notTheirs: 0, readAll: 0 };

const rowsWhere = async (db: Db, userId: string, condition?: SQL) =>
  (
    await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), condition))
  ).length;

async function verify(m: Model, r: Real): Promise<void> {
  for (const [u, user] of r.users.entries()) {
    const mine = m.notes.filter((note) => note.user === u);
    const [counter] = await r.db.select().from(notificationCounters).where(eq(notificationCounters.userId, user.id));
    const unseenRows = await rowsWhere(r.db, user.id, isNull(notifications.seenAt));
    // The counter row (absent before the first counted notification) equals the rows not yet seen, and the model.
    expect({ u, counter: counter?.unseen ?? 0 }).toEqual({ u, counter: unseenRows });
    expect({ u, counter: await unseenCount({ db: r.db }, { userId: user.id }) }).toEqual({
      u,
      counter: mine.filter((note) => !note.seen).length,
    });
    const tab = async (status: "all" | "new" | "read") =>
      (await listNotifications({ db: r.db }, { userId: user.id, query: { status, page: 1, per_page: 1 } })).total;
    expect({ u, all: await tab("all"), new: await tab("new"), read: await tab("read") }).toEqual({
      u,
      all: mine.length,
      new: mine.filter((note) => !note.read).length,
      read: mine.filter((note) => note.read).length,
    });
    expect({ u, unread: await rowsWhere(r.db, user.id, isNull(notifications.readAt)) }).toEqual({ u, unread: await tab("new") });
    expect({ u, read: await rowsWhere(r.db, user.id, isNotNull(notifications.readAt)) }).toEqual({ u, read: await tab("read") });
  }
}

class Write implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly u: number,
    readonly key: number,
    readonly kind: NotificationKind,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const dedupeKey = `model:${this.key}`;
    const written = await r.db.transaction((tx) =>
      notify({ db: r.db, tx: tx }, { userId: r.users[this.u]!.id, kind: this.kind, dedupeKey, params: { amount: 1_000_000 } }),
    );
    expect(written).toBe(!m.keys.has(dedupeKey));
    if (written) {
      // A campaign's news, switched off in the app: kept in the inbox as already seen, never counted.
      const quiet = this.kind === "campaign_approved" && m.quiet[this.u]!;
      const [row] = await r.db.select().from(notifications).where(eq(notifications.dedupeKey, dedupeKey));
      m.keys.add(dedupeKey);
      m.notes.push({ id: row!.id, user: this.u, seen: quiet, read: false });
      stats.written++;
      if (quiet) stats.quietWrites++;
    } else stats.duplicates++;
    await verify(m, r);
  }
  toString = () => `write(u${this.u}, #${this.key}, ${this.kind})`;
}

class SeeAll implements fc.AsyncCommand<Model, Real> {
  constructor(readonly u: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    expect(await seeNotifications({ db: r.db }, { userId: r.users[this.u]!.id })).toEqual({ unseen: 0 });
    for (const note of m.notes) if (note.user === this.u) note.seen = true;
    stats.seen++;
    await verify(m, r);
  }
  toString = () => `seeAll(u${this.u})`;
}

class ReadOne implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly u: number,
    readonly n: number,
  ) {}
  check = (m: Readonly<Model>) => m.notes.length > 0;
  async run(m: Model, r: Real) {
    const note = m.notes[this.n % m.notes.length]!;
    let readAt: Date | null = null;
    const code = await errorCode(
      readNotification({ db: r.db }, { userId: r.users[this.u]!.id, id: note.id }).then((row) => void (readAt = row.readAt)),
    );
    if (note.user !== this.u) {
      expect(code).toBe("notification_not_found");
      stats.notTheirs++;
    } else {
      expect(code).toBeNull();
      expect(readAt).not.toBeNull();
      if (note.read) stats.rereads++;
      else stats.read++;
      note.read = true;
      note.seen = true;
    }
    await verify(m, r);
  }
  toString = () => `read(u${this.u}, #${this.n})`;
}

class ReadAll implements fc.AsyncCommand<Model, Real> {
  constructor(readonly u: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const mine = m.notes.filter((note) => note.user === this.u);
    expect(await readAllNotifications({ db: r.db }, { userId: r.users[this.u]!.id })).toEqual({
      read: mine.filter((note) => !note.read).length,
      unseen: 0,
    });
    for (const note of mine) Object.assign(note, { seen: true, read: true });
    stats.readAll++;
    await verify(m, r);
  }
  toString = () => `readAll(u${this.u})`;
}

class SwitchCampaigns implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly u: number,
    readonly off: boolean,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const inAppOff = this.off ? ["campaigns"] : [];
    await r.db
      .insert(notificationPreferences)
      .values({ userId: r.users[this.u]!.id, inAppOff })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { inAppOff } });
    m.quiet[this.u] = this.off;
    await verify(m, r);
  }
  toString = () => `campaignsInApp(u${this.u}, ${this.off ? "off" : "on"})`;
}

const user = fc.integer({ min: 0, max: 1 });
const kind = fc.constantFrom<NotificationKind>("payout_approved", "campaign_approved", "identity_approved");
const write = fc.tuple(user, fc.integer({ min: 0, max: 11 }), kind).map(([u, key, k]) => new Write(u, key, k));
const commands = [
  write,
  write,
  write,
  user.map((u) => new SeeAll(u)),
  fc.tuple(user, fc.nat()).map(([u, n]) => new ReadOne(u, n)),
  fc.tuple(user, fc.nat()).map(([u, n]) => new ReadOne(u, n)),
  user.map((u) => new ReadAll(u)),
  fc.tuple(user, fc.boolean()).map(([u, off]) => new SwitchCampaigns(u, off)),
];

describe("the notifications' counter model (PostgreSQL)", () => {
  apiTest(
    `the counter equals the unseen rows after every step of ${NUM_RUNS} runs of up to ${MAX_COMMANDS} commands`,
    { timeout: 120_000 },
    async ({ database }) => {
      const db = database.db;
      const made = await db
        .insert(users)
        .values([0, 1].map((u) => ({ firstName: "Model", lastName: `R${u}`, phone: `+98930000100${u}` })))
        .returning();
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: MAX_COMMANDS, size: "max" }), async (cmds) => {
          await db.execute(sql`truncate table notifications, notification_counters, notification_preferences`);
          const model: Model = { notes: [], keys: new Set(), quiet: [false, false] };
          await fc.asyncModelRun(() => ({ model, real: { db, users: made } }), cmds);
        }),
        { numRuns: NUM_RUNS, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {}) },
      );
      console.log(`[notifications-model] ${NUM_RUNS} runs: ${JSON.stringify(stats)}`);
      // Every kind of step was taken.
      expect(Math.min(...Object.values(stats))).toBeGreaterThan(0);
    },
  );
});
