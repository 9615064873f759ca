import { desc, eq, sql } from "drizzle-orm";
import { YoutubeUnavailable, type QuotaMeter } from "@/server/adapters/youtube";
import type { Checks } from "@/lib/activities/tasks";
import { quotaKinds, type QuotaDay } from "@/lib/schemas/youtube";
import type { DbCtx } from "@/server/core/context";
import { env } from "@/server/core/env";
import { youtubeQuotaDays, type YoutubeQuotaDay } from "@/server/db/schema";

/**
 * YouTube's daily quota (https://developers.google.com/youtube/v3/determine_quota_cost): every call of the
 * project, with the API key or a booster's token, spends units of one budget a day (10,000 unless Google
 * grants more), and the day is Google's: midnight to midnight Pacific time. This is the ledger of those
 * units, one row a day in youtube_quota_days shared by every instance, counted before each call by one
 * conditional upsert (two instances never pass the budget between them). Kinds of calls:
 * - check: a booster's first check of their own work (POST activities/{id}/check);
 * - connect: the booster's channel read once when they connect it;
 * - recheck: re-checks at release and in the guarantee's window (batched: 50 ids a unit);
 * - counter: the campaigns' public counters (network-counts);
 * - search: the create page's channel search (search.list costs 100).
 * The last YOUTUBE_CHECK_RESERVE units are kept for check and connect: the other kinds stop before them,
 * and new API-checked work goes to people's review or waits (YOUTUBE_QUOTA_LOW_MODE) until the next day.
 */
export { quotaKinds };
export type QuotaKind = (typeof quotaKinds)[number];

/** The kinds that may spend the reserve: work already taken waits on them. */
const RESERVE_KINDS: ReadonlySet<QuotaKind> = new Set(["check", "connect"]);
/** Each kind's column of youtube_quota_days. */
const FIELDS = {
  check: "checkUnits",
  connect: "connectUnits",
  recheck: "recheckUnits",
  counter: "counterUnits",
  search: "searchUnits",
} as const satisfies Record<QuotaKind, keyof YoutubeQuotaDay>;

export type QuotaConfig = { quota: number; reserve: number; lowMode: "review" | "pause" };

export function quotaConfig(): QuotaConfig {
  const quota = env.YOUTUBE_DAILY_QUOTA;
  return { quota, reserve: Math.min(env.YOUTUBE_CHECK_RESERVE, quota), lowMode: env.YOUTUBE_QUOTA_LOW_MODE };
}

const PACIFIC = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" });

/** Google's quota day of `at`: its date (YYYY-MM-DD) in Pacific time. */
export function googleDay(at: Date): string {
  return PACIFIC.format(at);
}

/** When Google's next quota day begins after `at`: the next midnight in Pacific time (08:00 or 07:00 UTC). */
export function nextGoogleDay(at: Date): Date {
  const [y, m, d] = googleDay(at).split("-").map(Number) as [number, number, number];
  const next = googleDay(new Date(Date.UTC(y, m - 1, d + 1, 12)));
  for (const hour of [7, 8]) {
    const candidate = new Date(Date.UTC(y, m - 1, d + 1, hour));
    if (googleDay(candidate) === next && googleDay(new Date(candidate.getTime() - 1)) !== next) return candidate;
  }
  return new Date(Date.UTC(y, m - 1, d + 1, 8));
}

/** The table as `q` in the upserts (`excluded` is the row offered), and the units it holds today. */
const q = sql.raw("q");
const columnOf = (kind: QuotaKind) => sql.identifier(youtubeQuotaDays[FIELDS[kind]].name);
const TOTAL = sql.join(
  quotaKinds.map((kind) => sql`${q}.${columnOf(kind)}`),
  sql` + `,
);

/** After Google said the day's quota is spent, how long no instance asks again (then one call probes). */
export const GOOGLE_SPENT_PAUSE_MS = 10 * 60_000;

/**
 * The meter the adapters call before each request of this kind (server/adapters/youtube-client.ts
 * QuotaMeter): spends the units when the day's budget has them, else refuses with YoutubeUnavailable
 * (reason "quota") and counts the refusal. Told by the adapter that Google itself says the day's quota is
 * spent (its count is the one that matters: another app on the project, a count unlike ours), it closes the
 * day for every kind; GOOGLE_SPENT_PAUSE_MS later a call may probe, and Google answering it opens the day
 * again (Google granted more, or counted otherwise).
 */
export function quotaMeter(ctx: DbCtx, kind: QuotaKind, options: { now?: () => Date; config?: QuotaConfig } = {}): QuotaMeter {
  const now = options.now ?? (() => new Date());
  const column = columnOf(kind);
  const row = () => {
    const config = options.config ?? quotaConfig();
    return { day: googleDay(now()), config, cap: RESERVE_KINDS.has(kind) ? config.quota : config.quota - config.reserve };
  };
  /** This meter spent units on a day Google had said was spent: an answer opens the day again. */
  let probing = false;
  return {
    async spend(units) {
      const { day, config, cap } = row();
      if (units <= cap) {
        const probeFrom = new Date(now().getTime() - GOOGLE_SPENT_PAUSE_MS);
        const { rows } = await ctx.db.execute<{ spent_at: string | null }>(sql`
          insert into ${youtubeQuotaDays} as q (day, quota, reserve, ${column}) values (${day}::date, ${config.quota}, ${config.reserve}, ${units})
          on conflict (day) do update set ${column} = ${q}.${column} + excluded.${column}, quota = excluded.quota, reserve = excluded.reserve
          where (q.spent_at is null or q.spent_at <= ${probeFrom.toISOString()}::timestamptz) and ${TOTAL} + excluded.${column} <= ${cap}
          returning spent_at`);
        if (rows.length > 0) {
          probing = rows[0]!.spent_at !== null;
          return;
        }
      }
      await ctx.db.execute(sql`
        insert into ${youtubeQuotaDays} as q (day, quota, reserve, refused_units) values (${day}::date, ${config.quota}, ${config.reserve}, ${units})
        on conflict (day) do update set refused_units = q.refused_units + excluded.refused_units`);
      throw new YoutubeUnavailable(`the day's YouTube quota has no ${units} unit(s) left for ${kind}`, { reason: "quota" });
    },
    async spent() {
      const { day, config } = row();
      probing = false;
      await ctx.db.execute(sql`
        insert into ${youtubeQuotaDays} as q (day, quota, reserve, spent_at) values (${day}::date, ${config.quota}, ${config.reserve}, ${now().toISOString()}::timestamptz)
        on conflict (day) do update set spent_at = excluded.spent_at`);
    },
    async answered() {
      if (!probing) return;
      probing = false;
      await ctx.db.update(youtubeQuotaDays).set({ spentAt: null }).where(eq(youtubeQuotaDays.day, row().day));
    },
  };
}

export type QuotaDayView = {
  day: string;
  quota: number;
  reserve: number;
  used: Record<QuotaKind, number>;
  total: number;
  refused: number;
  /** Units left today (0 once Google said the quota is spent). */
  left: number;
  spentAt: Date | null;
  /** open: every kind may spend; low: only the reserve is left (or Google said spent). */
  state: "open" | "low";
};

function viewOf(row: YoutubeQuotaDay | undefined, day: string, config: QuotaConfig): QuotaDayView {
  const used = Object.fromEntries(quotaKinds.map((kind) => [kind, row?.[FIELDS[kind]] ?? 0])) as Record<QuotaKind, number>;
  const total = quotaKinds.reduce((sum, kind) => sum + used[kind], 0);
  const quota = row?.quota ?? config.quota;
  const reserve = row?.reserve ?? config.reserve;
  const spentAt = row?.spentAt ?? null;
  return {
    day,
    quota,
    reserve,
    used,
    total,
    refused: row?.refusedUnits ?? 0,
    left: spentAt ? 0 : Math.max(0, quota - total),
    spentAt,
    state: spentAt || total >= quota - reserve ? "low" : "open",
  };
}

/** Today's units (Google's day), with the configured budget when nothing was spent yet. */
export async function quotaToday(ctx: Pick<DbCtx, "db">, input: { now?: Date; config?: QuotaConfig } = {}): Promise<QuotaDayView> {
  const config = input.config ?? quotaConfig();
  const day = googleDay(input.now ?? new Date());
  const [row] = await ctx.db.select().from(youtubeQuotaDays).where(eq(youtubeQuotaDays.day, day));
  // Today's decisions follow today's settings, whatever an earlier spend recorded.
  return viewOf(row && { ...row, quota: config.quota, reserve: config.reserve }, day, config);
}

/** The last `days` days that spent or refused anything, newest first. */
export async function quotaHistory(ctx: Pick<DbCtx, "db">, input: { days: number; config?: QuotaConfig }): Promise<QuotaDayView[]> {
  const config = input.config ?? quotaConfig();
  const rows = await ctx.db.select().from(youtubeQuotaDays).orderBy(desc(youtubeQuotaDays.day)).limit(input.days);
  return rows.map((row) => viewOf(row, row.day, config));
}

/** What new API-checked work does now: checked by the API (open), or, with only the reserve left, the configured low mode. */
export async function youtubeChecksNow(ctx: Pick<DbCtx, "db">, input: { now?: Date; config?: QuotaConfig } = {}) {
  const config = input.config ?? quotaConfig();
  const today = await quotaToday(ctx, { ...input, config });
  const at = input.now ?? new Date();
  return {
    state: today.state === "open" ? ("open" as const) : config.lowMode === "pause" ? ("paused" as const) : ("review" as const),
    resumesAt: nextGoogleDay(at),
  };
}

/**
 * The checks new work gets now: as configured while the day's units are open; with only the reserve left,
 * API-checked work goes to people's review (YOUTUBE_QUOTA_LOW_MODE=review) or is not offered (pause).
 */
export async function checksToday(
  ctx: Pick<DbCtx, "db">,
  checks: Checks,
  input: { now?: Date; config?: QuotaConfig } = {},
): Promise<Checks> {
  if (!checks.youtube) return checks;
  const { state } = await youtubeChecksNow(ctx, input);
  if (state === "open") return checks;
  return state === "review" ? { youtube: false, likes: false } : { ...checks, paused: true };
}

/** A day of the ledger as GET admin/youtube/quota gives it. */
export function toQuotaDayOutput(day: QuotaDayView): QuotaDay {
  const { spentAt, ...rest } = day;
  return { ...rest, spent_at: spentAt?.toISOString() ?? null };
}
