import { inArray } from "drizzle-orm";
import { parseChannelLink } from "@/lib/campaigns/links";
import { SCOPE_FORCE_SSL, type YoutubeAccounts } from "@/server/adapters/youtube-account";
import { isAbort, YoutubeUnavailable } from "@/server/adapters/youtube";
import type { DbCtx } from "@/server/core/context";
import { campaigns, type Activity } from "@/server/db/schema";
import type { Recheck } from "@/server/activities";
import { channelLookupOf, knownChannelOf } from "@/server/youtube/check";
import { accessFor } from "@/server/youtube/connection";
import { quotaMeter } from "@/server/youtube/quota";

export type RecheckItem = { activity: Activity; networkChannelId: string | null };
export type Verdict = "kept" | "dropped";

/** The day's quota is spent (Google said so, or our budget has no units left for re-checks): the rest waits. */
export class QuotaSpent extends Error {}

export type RecheckRun = {
  /** The channel behind a link (`video:ID`, `handle:NAME`), asked once per run. */
  channelOfLink: Map<string, string | null>;
  /** Each call to YouTube goes through here: `calls` is how many quota units it may spend. */
  ask<T>(call: () => Promise<T>, calls?: number): Promise<T>;
  signal?: AbortSignal | undefined;
};

/** A run's `ask`: counts the calls in `count`, and turns a spent quota into QuotaSpent (the run stops). */
export function askCounting(count: { calls: number }): RecheckRun["ask"] {
  return async (call, calls = 1) => {
    count.calls += calls;
    try {
      return await call();
    } catch (error) {
      if (error instanceof YoutubeUnavailable && error.reason === "quota") throw new QuotaSpent();
      throw error;
    }
  };
}

const batches = (n: number) => Math.ceil(n / 50);
/** Boosters the release job re-checks at once. */
const BOOSTERS_AT_ONCE = 4;

/**
 * One booster's API-checked work asked about again, batched — one subscriptions.list?mine=true&forChannelId=
 * per 50 channels, one videos.getRating per 50 videos, one commentThreads.list per comment, each 1 quota
 * unit — as a verdict per activity id; none for what YouTube did not answer (unknown, asked again later).
 * null: the booster has no grant (disconnected, or revoked at Google), so nothing could be asked. Throws
 * QuotaSpent when the quota is spent.
 */
export async function recheckBooster(
  ctx: DbCtx & { accounts: YoutubeAccounts },
  run: RecheckRun,
  input: { boosterId: string; items: readonly RecheckItem[] },
): Promise<Map<string, Verdict> | null> {
  const { accounts } = ctx;
  const verdicts = new Map<string, Verdict>();
  const unanswered = (error: unknown, what: string) => {
    if (error instanceof QuotaSpent) throw error;
    if (run.signal?.aborted && isAbort(error)) return;
    if (!(error instanceof YoutubeUnavailable)) throw error;
    // The message names the call and YouTube's reason, never a token.
    console.error(`[youtube] re-checking: ${what} for a booster failed (${error.reason}): ${error.message}; asked again next run`);
  };
  let access;
  try {
    access = await accessFor(ctx, { userId: input.boosterId });
  } catch (error) {
    unanswered(error, "refreshing the grant");
    return verdicts;
  }
  if (!access) return null;
  const token = access.accessToken;

  // Subscriptions: the channel behind each link (an @handle's is kept on the campaign; a video's is asked once per run).
  const subscribe = new Map<string, string>(); // activity id → channel id
  const likes = new Map<string, string>(); // activity id → video id
  const comments: { id: string; videoId: string; proof: string | null }[] = [];
  for (const { activity, networkChannelId } of input.items) {
    const target = parseChannelLink("youtube", activity.postLink);
    if (!target.ok) continue;
    if (activity.action === "subscribe") {
      let channelId = knownChannelOf(target, networkChannelId);
      if (!channelId) {
        const key = `${target.kind}:${target.id}`;
        if (!run.channelOfLink.has(key)) {
          try {
            run.channelOfLink.set(key, await run.ask(() => accounts.channelOf(token, channelLookupOf(target))));
          } catch (error) {
            unanswered(error, "finding a task's channel");
            continue;
          }
        }
        channelId = run.channelOfLink.get(key) ?? null;
      }
      // A channel YouTube does not know: nothing to judge by, asked again later.
      if (channelId) subscribe.set(activity.id, channelId);
    } else if (activity.action === "like" && target.kind === "video") {
      // No like permission any more (granted scopes shrank): nothing to judge by, so the reward stands.
      if (access.scopes.includes(SCOPE_FORCE_SSL)) likes.set(activity.id, target.id);
      else verdicts.set(activity.id, "kept");
    } else if (activity.action === "comment" && target.kind === "video")
      comments.push({ id: activity.id, videoId: target.id, proof: activity.proof });
  }

  if (subscribe.size > 0) {
    const channels = [...new Set(subscribe.values())];
    try {
      const subscribed = await run.ask(() => accounts.subscribedTo(token, channels), batches(channels.length));
      for (const [id, channelId] of subscribe) verdicts.set(id, subscribed.has(channelId) ? "kept" : "dropped");
    } catch (error) {
      unanswered(error, "subscriptions.list");
    }
  }
  if (likes.size > 0) {
    const videos = [...new Set(likes.values())];
    try {
      const ratings = await run.ask(() => accounts.ratings(token, videos), batches(videos.length));
      for (const [id, videoId] of likes) verdicts.set(id, ratings.get(videoId) === "like" ? "kept" : "dropped");
    } catch (error) {
      unanswered(error, "videos.getRating");
    }
  }
  for (const comment of comments) {
    try {
      const found = await run.ask(() =>
        accounts.hasComment(token, { videoId: comment.videoId, channelId: access.link.channelId, searchTerms: comment.proof ?? undefined }),
      );
      verdicts.set(comment.id, found ? "kept" : "dropped");
    } catch (error) {
      unanswered(error, "commentThreads.list");
    }
  }
  return verdicts;
}

/**
 * The release job's re-check of API-checked work (still subscribed, still liked, the comment still
 * there), batched per booster and counted as "recheck" units of the day's quota. A booster who
 * disconnected (or revoked access at Google) can no longer be re-checked: dropped, as the task panel and
 * the privacy page say. YouTube unreachable, or the day's units spent: unknown, tried on a later run.
 */
export function youtubeRecheck(ctx: DbCtx, accounts: YoutubeAccounts): Recheck {
  return async (due) => {
    const verdicts = new Map<string, Verdict>();
    if (due.length === 0) return verdicts;
    const found = await ctx.db
      .select({ id: campaigns.id, network: campaigns.network, networkChannelId: campaigns.networkChannelId })
      .from(campaigns)
      .where(inArray(campaigns.id, [...new Set(due.map((activity) => activity.campaignId))]));
    const byId = new Map(found.map((campaign) => [campaign.id, campaign]));
    const byBooster = new Map<string, RecheckItem[]>();
    for (const activity of due) {
      const campaign = byId.get(activity.campaignId);
      if (campaign?.network !== "youtube") verdicts.set(activity.id, "kept");
      else
        byBooster.set(activity.boosterId, [
          ...(byBooster.get(activity.boosterId) ?? []),
          { activity, networkChannelId: campaign.networkChannelId },
        ]);
    }
    const run: RecheckRun = { channelOfLink: new Map(), ask: askCounting({ calls: 0 }) };
    const metered = { ...ctx, accounts: accounts.metered(quotaMeter(ctx, "recheck")) };
    const boosters = [...byBooster];
    // A few boosters at a time (each is a token refresh and a call or two to Google).
    for (let i = 0; i < boosters.length; i += BOOSTERS_AT_ONCE) {
      const settled = await Promise.allSettled(
        boosters.slice(i, i + BOOSTERS_AT_ONCE).map(async ([boosterId, items]) => {
          const answered = await recheckBooster(metered, run, { boosterId, items });
          for (const { activity } of items) {
            const verdict = answered === null ? "dropped" : answered.get(activity.id);
            if (verdict) verdicts.set(activity.id, verdict);
          }
        }),
      );
      const failed = settled.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
      const other = failed.find((reason) => !(reason instanceof QuotaSpent));
      if (other) throw other;
      if (failed.length > 0) {
        console.error("[release] YouTube's quota for re-checks is spent today; the rest is released after tomorrow's re-check");
        break;
      }
    }
    return verdicts;
  };
}
