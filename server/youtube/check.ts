import { eq } from "drizzle-orm";
import { parseChannelLink, type ParsedLink } from "@/lib/campaigns/links";
import { SCOPE_FORCE_SSL, type YoutubeAccounts } from "@/server/adapters/youtube-account";
import { YoutubeUnavailable } from "@/server/adapters/youtube";
import { activities, campaigns, type Activity } from "@/server/db/schema";
import type { UserCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { approveActivity } from "@/server/activities";
import { accessFor } from "@/server/youtube/connection";
import { quotaMeter } from "@/server/youtube/quota";

/** What a check found missing, said to the booster (api.errors.check_failed_<what>). */
export type CheckMiss = "not_subscribed" | "not_liked" | "comment_not_found";

type Access = NonNullable<Awaited<ReturnType<typeof accessFor>>>;
type Target = Extract<ParsedLink, { ok: true }>;

/**
 * The channel a subscribe task's link names without asking YouTube: a channel link's own, an @handle's
 * once the campaign's counter found it (campaigns.network_channel_id); null: ask with channelLookupOf.
 */
export function knownChannelOf(target: Target, networkChannelId: string | null): string | null {
  return target.kind === "channel" ? target.id : target.kind === "handle" ? networkChannelId : null;
}

/** What channels.list (an @handle) or videos.list (a video) is asked for the channel behind a link (1 unit). */
export const channelLookupOf = (target: Target) => (target.kind === "video" ? { videoId: target.id } : { handle: `@${target.id}` });

/**
 * Asks YouTube whether the work of one activity is there: subscribed to the channel of the task's
 * link, the video liked, a comment by the booster's channel on the video. null: it is; else what is not.
 */
async function verdict(
  accounts: YoutubeAccounts,
  access: Access,
  activity: Pick<Activity, "action" | "postLink" | "proof">,
  input: { comment?: string | undefined; networkChannelId: string | null },
): Promise<CheckMiss | null> {
  const { comment } = input;
  const target = parseChannelLink("youtube", activity.postLink);
  if (!target.ok) throw new AppError("activity_state_invalid");
  if (activity.action === "subscribe") {
    const channelId =
      knownChannelOf(target, input.networkChannelId) ?? (await accounts.channelOf(access.accessToken, channelLookupOf(target)));
    if (!channelId) throw new YoutubeUnavailable("the task's channel is unknown to YouTube", { reason: "rejected" });
    return (await accounts.subscribedTo(access.accessToken, [channelId])).has(channelId) ? null : "not_subscribed";
  }
  if (target.kind !== "video") throw new AppError("activity_state_invalid");
  if (activity.action === "like") {
    if (!access.scopes.includes(SCOPE_FORCE_SSL)) throw new AppError("youtube_scope_missing");
    return (await accounts.ratings(access.accessToken, [target.id])).get(target.id) === "like" ? null : "not_liked";
  }
  if (activity.action === "comment") {
    const found = await accounts.hasComment(access.accessToken, {
      videoId: target.id,
      channelId: access.link.channelId,
      searchTerms: comment ?? activity.proof ?? undefined,
    });
    return found ? null : "comment_not_found";
  }
  throw new AppError("activity_state_invalid");
}

/**
 * POST activities/{id}/check: the booster asks for the API check of their task. Passing approves it
 * at once (held for retention like any approval); failing answers what was not found and leaves the
 * task in progress, to try again until its time runs out. YouTube unreachable: 503, nothing changes;
 * the day's quota spent (first checks may use the reserve, but not past the budget): 503 saying so.
 */
export async function checkActivity(
  ctx: UserCtx & { accounts: YoutubeAccounts | null },
  input: { id: string; comment?: string | undefined },
): Promise<Activity> {
  // With its campaign's channel, for an @handle link (one read).
  const [found] = await ctx.db
    .select({ activity: activities, networkChannelId: campaigns.networkChannelId })
    .from(activities)
    .innerJoin(campaigns, eq(campaigns.id, activities.campaignId))
    .where(eq(activities.id, input.id));
  const activity = found?.activity;
  if (!activity || activity.boosterId !== ctx.actor.id) throw new AppError("activity_not_found");
  if (activity.checkMethod !== "api" || activity.status !== "in_progress" || activity.expiresAt <= new Date())
    throw new AppError("activity_state_invalid");
  if (!ctx.accounts) throw new AppError("youtube_unavailable");
  const accounts = ctx.accounts.metered(quotaMeter(ctx, "check"));
  let miss: CheckMiss | null;
  try {
    const access = await accessFor({ ...ctx, accounts }, { userId: ctx.actor.id });
    if (!access) throw new AppError("youtube_not_connected");
    miss = await verdict(accounts, access, activity, { comment: input.comment, networkChannelId: found.networkChannelId });
  } catch (error) {
    if (!(error instanceof YoutubeUnavailable)) throw error;
    console.error(`[youtube] checking activity ${activity.id} failed (${error.reason}): ${error.message}`);
    throw new AppError(error.reason === "quota" ? "youtube_quota_spent" : "youtube_unavailable");
  }
  if (miss) throw new AppError(`check_failed_${miss}`);
  // The comment's words are kept with it: the re-check at release looks for the same comment.
  if (input.comment) await ctx.db.update(activities).set({ proof: input.comment }).where(eq(activities.id, activity.id));
  return approveActivity(ctx, { id: activity.id, by: "api" });
}
