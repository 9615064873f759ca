import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { parseChannelLink } from "@/lib/campaigns/links";
import type { ChannelStatistics, VideoStatistics } from "@/server/adapters/youtube";
import type { DbCtx } from "@/server/core/context";
import { campaignNetworkDays, campaigns, type NetworkCounts } from "@/server/db/schema";

// Which campaigns the network counter reads today, and what it writes for them (network-counts.ts).

/**
 * How long after it completed a campaign's counter is still read once a day: its guarantee window, in
 * which a producer checks that what was delivered stays (issue 32; a refill-window setting may replace it).
 */
export const NETWORK_COUNT_WINDOW_DAYS = 30;
/** Campaigns read from the database at a time. */
export const PAGE = 1_000;
/** Campaigns one run takes at most; the next run goes on with the rest (none of them is due again today). */
const MAX_PER_RUN = 50_000;

const RUNNING = ["active", "paused"] as const;
const FINISHED = ["completed", "paid"] as const;

/** One campaign to read today: what its link names, and what the reading needs. */
export type Due = {
  id: string;
  /** Its channel: from the link, or an @handle resolved once; null for a video, or a handle not resolved yet. */
  channelId: string | null;
  /** The link's @handle (lower case, no "@"); null for a channel id or a video link. */
  handle: string | null;
  videoId: string | null;
  /** A video campaign that sells subscribers also reads its video's channel. */
  wantsChannel: boolean;
};

/**
 * The YouTube campaigns to read today: running (active, then paused), then finished within the window;
 * not read today yet; not missing today. At most MAX_PER_RUN. (A running campaign gets its start count
 * with its first reading, in the same statement, so one read today has one.) Pages follow the status
 * index (status, created_at), the running ones by (created_at, id); the day's rows are probed by key.
 */
export async function dueCampaigns(ctx: DbCtx & { now: Date }, today: string): Promise<Due[]> {
  const windowStart = new Date(ctx.now.getTime() - NETWORK_COUNT_WINDOW_DAYS * 86_400_000);
  const due: Due[] = [];
  const parts = [
    ...RUNNING.map((status) => eq(campaigns.status, status)),
    and(inArray(campaigns.status, [...FINISHED]), gt(campaigns.completedAt, windowStart)),
  ];
  for (const part of parts) {
    let after: { cursor: string; id: string } | null = null;
    while (due.length < MAX_PER_RUN) {
      const rows = await ctx.db
        .select({
          id: campaigns.id,
          // created_at to the microsecond (a Date keeps milliseconds: the next page would start too early).
          cursor: sql<string>`${campaigns.createdAt}::text`,
          link: campaigns.link,
          channelId: campaigns.networkChannelId,
          sellsSubscribers: sql<boolean>`coalesce(jsonb_path_exists(${campaigns.invoice}, '$.lines[*] ? (@.metric == "subscribers")'), false)`,
        })
        .from(campaigns)
        .where(
          and(
            part,
            eq(campaigns.network, "youtube"),
            or(isNull(campaigns.networkMissingOn), lt(campaigns.networkMissingOn, today)),
            sql`not exists (select 1 from ${campaignNetworkDays} where ${campaignNetworkDays.campaignId} = ${campaigns.id} and ${campaignNetworkDays.day} = ${today})`,
            after === null ? undefined : sql`(${campaigns.createdAt}, ${campaigns.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)`,
          ),
        )
        .orderBy(asc(campaigns.createdAt), asc(campaigns.id))
        .limit(Math.min(PAGE, MAX_PER_RUN - due.length));
      for (const row of rows) {
        const link = parseChannelLink("youtube", row.link);
        if (!link.ok) continue;
        const handle = link.kind === "handle" ? link.id : null;
        due.push({
          id: row.id,
          channelId: link.kind === "channel" ? link.id : handle !== null ? row.channelId : null,
          handle,
          videoId: link.kind === "video" ? link.id : null,
          wantsChannel: link.kind === "video" && row.sellsSubscribers,
        });
      }
      if (rows.length < PAGE) break;
      after = rows.at(-1)!;
    }
  }
  return due;
}

/** A campaign's counts from what came back; null when a reading it needs is not there (its call failed). */
export function countsOf(
  campaign: Due,
  channels: Map<string, ChannelStatistics>,
  videos: Map<string, VideoStatistics>,
): NetworkCounts | null {
  const channel = campaign.channelId ? channels.get(campaign.channelId) : undefined;
  if (campaign.videoId === null) {
    if (!channel) return null;
    return {
      subscribers: channel.subscribers,
      views: channel.views,
      likes: null,
      comments: null,
      subscribersHidden: channel.subscribersHidden,
    };
  }
  const video = videos.get(campaign.videoId);
  if (!video || (campaign.wantsChannel && !channel)) return null;
  return {
    subscribers: channel?.subscribers ?? null,
    views: video.views,
    likes: video.likes,
    comments: video.comments,
    subscribersHidden: channel?.subscribersHidden ?? false,
  };
}

/**
 * Today's count of each campaign (kept the first time: a later run the same day changes nothing), and
 * the start count of those running without one. Answers how many start counts were taken.
 */
export async function recordCounts(ctx: DbCtx & { now: Date }, input: { today: string; counted: { id: string; counts: NetworkCounts }[] }) {
  let started = 0;
  for (let i = 0; i < input.counted.length; i += PAGE) {
    const { rows } = await ctx.db.execute<{ started: boolean }>(sql`
      with r as (select * from jsonb_to_recordset(${JSON.stringify(input.counted.slice(i, i + PAGE))}::jsonb) as r(id uuid, counts jsonb)),
      written as (
        insert into ${campaignNetworkDays} (campaign_id, day, counts, taken_at)
        select r.id, ${input.today}::date, r.counts, ${ctx.now.toISOString()}::timestamptz from r
        on conflict (campaign_id, day) do nothing
      )
      update ${campaigns} c set network_start = r.counts, network_start_at = ${ctx.now.toISOString()}::timestamptz
      from r where c.id = r.id and c.network_start is null and c.status in ('active', 'paused')
      returning true as started`);
    started += rows.length;
  }
  return started;
}

/** The channel ids of @handle links, resolved: kept on their campaigns. */
export async function keepChannelIds(ctx: DbCtx, resolved: { id: string; channelId: string | null }[]) {
  for (let i = 0; i < resolved.length; i += PAGE) {
    const rows = resolved.slice(i, i + PAGE).map(({ id, channelId }) => ({ id, channel_id: channelId }));
    await ctx.db.execute(sql`
      update ${campaigns} c set network_channel_id = r.channel_id
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, channel_id text) where c.id = r.id`);
  }
}

/** Campaigns whose channel or video YouTube did not know today: not asked again before tomorrow. */
export async function markMissing(ctx: DbCtx, input: { today: string; ids: string[] }) {
  for (let i = 0; i < input.ids.length; i += PAGE)
    await ctx.db
      .update(campaigns)
      .set({ networkMissingOn: input.today })
      .where(inArray(campaigns.id, input.ids.slice(i, i + PAGE)));
}
