import type { YoutubeAccounts } from "@/server/adapters/youtube-account";
import type { DbCtx } from "@/server/core/context";
import {
  closeGuarantees,
  dropAfterRelease,
  dueGuaranteeBoosters,
  dueGuaranteeWork,
  keepGuaranteed,
  type GuaranteeDue,
} from "@/server/activities";
import { quotaMeter } from "@/server/youtube/quota";
import { askCounting, QuotaSpent, recheckBooster, type RecheckRun } from "@/server/youtube/recheck";

/** Boosters read per page of a run. */
const BOOSTERS_PER_PAGE = 100;
/** How long one run may go on (the job's runs expire after 15 minutes). */
const RUN_MS = 10 * 60_000;

export type GuaranteeChecksResult = {
  /** Units due for the re-check this run looked at. */
  due: number;
  /** Still there: stamped, not asked again in this window. */
  kept: number;
  /** Undone: clawed back and reopened for another booster. */
  dropped: number;
  /** Left for the next run: YouTube did not answer, or the booster's grant is gone. */
  unknown: number;
  /** Calls made to YouTube's data API with the boosters' tokens (token refreshes not counted), 1 quota unit each. */
  calls: number;
  /** Finished campaigns whose window closed: what no one refilled went back to the wallet. */
  refunded: number;
  /** 1 when the run stopped early: quota spent, or out of time. */
  stopped: number;
};

/**
 * The guarantee's second re-check (issue 32): released work checked by YouTube's API (subscribe, like,
 * comment) is asked about once more in the last days of its line's window, batched per booster — one
 * subscriptions.list?mine=true&forChannelId= per 50 channels, one videos.getRating per 50 videos, one
 * commentThreads.list per comment — each 1 quota unit of the project's 10,000 a day. Still there: stamped
 * (guarantee_checked_at), never asked again in the window. Undone: dropAfterRelease (the money back into
 * the escrow, the unit reopened). Unknown — YouTube did not answer (timeout, 5xx, quota) or the booster's
 * grant is gone — changes nothing: the next run asks again while the window is open. A spent quota stops
 * the run. Each unit is decided once: a second run, or one after a crash, finds it stamped or dropped.
 * Then settled campaigns whose window closed give back what their reopened units did not use.
 */
export async function checkGuarantees(
  ctx: DbCtx & { now: Date; accounts: YoutubeAccounts },
  input: { signal?: AbortSignal; budgetMs?: number; lookaheadDays?: number } = {},
): Promise<GuaranteeChecksResult> {
  const { now } = ctx;
  const stopAt = Date.now() + (input.budgetMs ?? RUN_MS);
  const result: GuaranteeChecksResult = { due: 0, kept: 0, dropped: 0, unknown: 0, calls: 0, refunded: 0, stopped: 0 };
  const channelOfLink = new Map<string, string | null>();
  const lookahead = input.lookaheadDays !== undefined ? { lookaheadDays: input.lookaheadDays } : {};

  const run: RecheckRun = { channelOfLink, ask: askCounting(result), signal: input.signal };
  // Counted as re-checks in the day's quota: they stop before the units kept for boosters' first checks.
  const metered = { ...ctx, accounts: ctx.accounts.metered(quotaMeter(ctx, "recheck", { now: () => now })) };

  let after: string | null = null;
  try {
    for (;;) {
      if (input.signal?.aborted || Date.now() > stopAt) {
        result.stopped = 1;
        break;
      }
      const boosters = await dueGuaranteeBoosters(ctx, { now, after, limit: BOOSTERS_PER_PAGE, ...lookahead });
      if (boosters.length === 0) break;
      after = boosters.at(-1)!;
      const work = await dueGuaranteeWork(ctx, { now, boosterIds: boosters, ...lookahead });
      const byBooster = new Map<string, GuaranteeDue[]>();
      for (const due of work) byBooster.set(due.activity.boosterId, [...(byBooster.get(due.activity.boosterId) ?? []), due]);
      for (const [boosterId, items] of byBooster) {
        if (input.signal?.aborted || Date.now() > stopAt) {
          result.stopped = 1;
          break;
        }
        result.due += items.length;
        // No grant (disconnected, or revoked at Google): nothing can be asked; the unit waits, unjudged.
        const verdicts = (await recheckBooster(metered, run, { boosterId, items })) ?? new Map();
        const kept = items.filter((due) => verdicts.get(due.activity.id) === "kept").map((due) => due.activity.id);
        result.kept += await keepGuaranteed(ctx, { ids: kept, now });
        for (const due of items) {
          const verdict = verdicts.get(due.activity.id);
          if (verdict === "dropped") {
            if (await dropAfterRelease(ctx, { id: due.activity.id, now })) result.dropped++;
          } else if (!verdict) result.unknown++;
        }
      }
      if (result.stopped) break;
    }
  } catch (error) {
    if (!(error instanceof QuotaSpent)) throw error;
    console.error("[guarantee] YouTube's quota is spent; the rest waits for the next run");
    result.stopped = 1;
  }
  result.refunded = await closeGuarantees(ctx, { now });
  return result;
}
