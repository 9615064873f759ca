import { parseChannelLink } from "@/lib/campaigns/links";
import { SCOPE_FORCE_SSL, type YoutubeAccounts } from "@/server/adapters/youtube-account";
import { isAbort, YoutubeUnavailable } from "@/server/adapters/youtube";
import type { DbCtx } from "@/server/core/context";
import {
  closeGuarantees,
  dropAfterRelease,
  dueGuaranteeBoosters,
  dueGuaranteeWork,
  keepGuaranteed,
  type GuaranteeDue,
} from "@/server/activities";
import { accessFor } from "@/server/youtube/connection";

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

/** The whole run stops: the project's quota is spent for the day. */
class QuotaSpent extends Error {}

type Verdict = "kept" | "dropped";

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
  const { now, accounts } = ctx;
  const stopAt = Date.now() + (input.budgetMs ?? RUN_MS);
  const result: GuaranteeChecksResult = { due: 0, kept: 0, dropped: 0, unknown: 0, calls: 0, refunded: 0, stopped: 0 };
  const channelOfLink = new Map<string, string | null>();
  const lookahead = input.lookaheadDays !== undefined ? { lookaheadDays: input.lookaheadDays } : {};

  /** One call to YouTube, counted; a spent quota stops the run. */
  async function ask<T>(call: () => Promise<T>, calls = 1): Promise<T> {
    result.calls += calls;
    try {
      return await call();
    } catch (error) {
      if (error instanceof YoutubeUnavailable && error.reason === "quota") throw new QuotaSpent();
      throw error;
    }
  }

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
        const verdicts = await checkBooster(boosterId, items);
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

  /**
   * One booster's units, batched: a verdict per activity id, none for those YouTube did not answer
   * about. Throws QuotaSpent when the quota is spent.
   */
  async function checkBooster(boosterId: string, items: GuaranteeDue[]): Promise<Map<string, Verdict>> {
    const verdicts = new Map<string, Verdict>();
    const unanswered = (error: unknown, what: string) => {
      if (error instanceof QuotaSpent) throw error;
      if (input.signal?.aborted && isAbort(error)) return;
      if (!(error instanceof YoutubeUnavailable)) throw error;
      // The message names the call and YouTube's reason, never a token.
      console.error(`[guarantee] ${what} for a booster failed (${error.reason}): ${error.message}; asked again next run`);
    };
    let access;
    try {
      access = await accessFor({ ...ctx, accounts }, { userId: boosterId });
    } catch (error) {
      unanswered(error, "refreshing the grant");
      return verdicts;
    }
    // No grant (disconnected, or revoked at Google): nothing can be asked; the unit waits, unjudged.
    if (!access) return verdicts;
    const token = access.accessToken;

    // Subscriptions: the channel behind each link (an @handle's is kept on the campaign; a video's is asked once per run).
    const subscribe = new Map<string, string>(); // activity id → channel id
    const likes = new Map<string, string>(); // activity id → video id
    const comments: GuaranteeDue[] = [];
    for (const due of items) {
      const target = parseChannelLink("youtube", due.activity.postLink);
      if (!target.ok) continue;
      if (due.activity.action === "subscribe") {
        let channelId: string | null | undefined =
          target.kind === "channel" ? target.id : target.kind === "handle" ? due.networkChannelId : undefined;
        if (!channelId) {
          const key = `${target.kind}:${target.id}`;
          if (!channelOfLink.has(key)) {
            try {
              const lookup = target.kind === "video" ? { videoId: target.id } : { handle: `@${target.id}` };
              channelOfLink.set(key, await ask(() => accounts.channelOf(token, lookup)));
            } catch (error) {
              unanswered(error, "finding a task's channel");
              continue;
            }
          }
          channelId = channelOfLink.get(key);
        }
        if (channelId) subscribe.set(due.activity.id, channelId);
      } else if (due.activity.action === "like" && target.kind === "video") {
        // No like permission any more: nothing to judge by, so the reward stands (as at release).
        if (access.scopes.includes(SCOPE_FORCE_SSL)) likes.set(due.activity.id, target.id);
        else verdicts.set(due.activity.id, "kept");
      } else if (due.activity.action === "comment" && target.kind === "video") comments.push(due);
    }

    const distinct = (ids: Iterable<string>) => [...new Set(ids)];
    const batches = (n: number) => Math.ceil(n / 50);
    if (subscribe.size > 0) {
      const channels = distinct(subscribe.values());
      try {
        const subscribed = await ask(() => accounts.subscribedTo(token, channels), batches(channels.length));
        for (const [id, channelId] of subscribe) verdicts.set(id, subscribed.has(channelId) ? "kept" : "dropped");
      } catch (error) {
        unanswered(error, "subscriptions.list");
      }
    }
    if (likes.size > 0) {
      const videos = distinct(likes.values());
      try {
        const ratings = await ask(() => accounts.ratings(token, videos), batches(videos.length));
        for (const [id, videoId] of likes) verdicts.set(id, ratings.get(videoId) === "like" ? "kept" : "dropped");
      } catch (error) {
        unanswered(error, "videos.getRating");
      }
    }
    for (const due of comments) {
      const target = parseChannelLink("youtube", due.activity.postLink);
      if (!target.ok || target.kind !== "video") continue;
      try {
        const found = await ask(() =>
          accounts.hasComment(token, {
            videoId: target.id,
            channelId: access.link.channelId,
            searchTerms: due.activity.proof ?? undefined,
          }),
        );
        verdicts.set(due.activity.id, found ? "kept" : "dropped");
      } catch (error) {
        unanswered(error, "commentThreads.list");
      }
    }
    return verdicts;
  }
}
