/**
 * Boosters' tasks and activities: what a campaign still offers, what one task is worth, how far a
 * campaign has come, and how a booster is shown to a producer. Pure and browser-safe.
 *
 * A campaign's invoice lines are its targets: line `metric` wants `max` units of `action` at
 * `unitPrice` Rials each. A task is one line of one active campaign; starting it makes an activity
 * of `quantity` units (1 for an action; TASK_MINUTES for watch time, or what is left of the line).
 */
import { UUID_SOURCE } from "@/lib/validation/uuid";
import type { ActivityCheckMethod, ActivityType, Network } from "@/lib/schemas/enums";
import { parseChannelLink } from "@/lib/campaigns/links";
import { tehranDayStart } from "@/lib/time/tehran";

/** A line's target; `boosterShare`, the booster's share locked at purchase (older campaigns: none, today's applies). */
export type TargetLine = { metric: string; action: string; unitPrice: number; max: number; boosterShare?: number };

/** Minutes of watch time one task asks for (an average video). */
export const TASK_MINUTES = 10;
/** How long a started task stays reserved for its booster before it expires. */
export const TASK_TTL_MINUTES = 60;

const STORY_ACTIONS = new Set(["story_view", "story_reply", "share_to_story"]);

/** SPEC §3 activity type: YouTube work happens on a video; Instagram on a story or a post. */
export function activityTypeOf(network: Network, action: string): ActivityType {
  if (network === "youtube") return "video";
  return STORY_ACTIONS.has(action) ? "story" : "post";
}

/** Units one task of this line asks for, given how many are still free (0 when none). */
export function taskQuantity(metric: string, remaining: number): number {
  if (!Number.isFinite(remaining) || remaining <= 0) return 0;
  return metric === "watch_minutes" ? Math.min(TASK_MINUTES, Math.floor(remaining)) : 1;
}

/** Splits an activity's budget: the booster's reward (rounded down, share clamped to 0..1) and the platform's margin. */
export function splitBudget(budget: number, boosterShare: number): { reward: number; margin: number } {
  const share = Number.isFinite(boosterShare) ? Math.min(1, Math.max(0, boosterShare)) : 0;
  // The share in basis points keeps the product an integer before the one rounding.
  const reward = Math.floor((budget * Math.round(share * 10_000)) / 10_000);
  return { reward, margin: budget - reward };
}

/** Units each line still has free, given the units taken (started, submitted or approved) per metric. */
export function remainingByMetric(lines: readonly TargetLine[], taken: Readonly<Record<string, number>>): Record<string, number> {
  const remaining: Record<string, number> = {};
  for (const line of lines) remaining[line.metric] = Math.max(0, line.max - (taken[line.metric] ?? 0));
  return remaining;
}

/** Every line with a target has been delivered (approved units ≥ its max). A campaign with no targets is not "met". */
export function targetsMet(lines: readonly TargetLine[], approved: Readonly<Record<string, number>>): boolean {
  const targeted = lines.filter((line) => line.max > 0);
  return targeted.length > 0 && targeted.every((line) => (approved[line.metric] ?? 0) >= line.max);
}

/**
 * How a booster appears to a producer: the first letter of each name and stars ("S*** K***"),
 * never the full name, phone or e-mail. Without a name: "***".
 */
export function maskBooster(firstName: string, lastName: string): string {
  const part = (name: string) => {
    const first = Array.from(name.trim())[0];
    return first ? `${first}***` : "";
  };
  return [part(firstName), part(lastName)].filter(Boolean).join(" ") || "***";
}

/** A task's id on the wire: the campaign's id and the line's metric ("<uuid>.<metric>"). */
export function taskId(campaignId: string, metric: string): string {
  return `${campaignId}.${metric}`;
}

const TASK_ID = new RegExp(`^(${UUID_SOURCE})\\.([a-z_]{1,40})$`);

/** Reads a task id back; null for anything that is not one. */
export function parseTaskId(id: string): { campaignId: string; metric: string } | null {
  const match = TASK_ID.exec(id.toLowerCase());
  return match ? { campaignId: match[1]!, metric: match[2]! } : null;
}

/** Which checks this installation can run: YouTube's API (a Google client is configured), and likes too (YOUTUBE_LIKE_CHECKS). */
/** The checks this installation runs now; `paused`: API-checked work is not offered today (the day's YouTube quota is low). */
export type Checks = { youtube: boolean; likes: boolean; paused?: boolean };
export const NO_CHECKS: Checks = { youtube: false, likes: false };

/**
 * How a task is checked, fixed when it starts. A view or watch time of a YouTube video is watched in a
 * watch session; YouTube's API can tell a subscription (to the channel of any YouTube link), a comment on
 * a video, and a like on a video when like checks are on; everything else — Instagram, a channel's views —
 * is reviewed by a person.
 */
export function checkMethodOf(network: Network, action: string, link: string, checks: Checks): ActivityCheckMethod {
  if (network !== "youtube") return "review";
  const target = parseChannelLink("youtube", link);
  if (!target.ok) return "review";
  // Views and watch time of a video: watched on our page, credited by the watch session's heartbeats.
  if ((action === "view" || action === "watch_minute") && target.kind === "video") return "watch";
  if (!checks.youtube) return "review";
  if (action === "subscribe") return "api";
  if (target.kind !== "video") return "review";
  if (action === "comment") return "api";
  if (action === "like" && checks.likes) return "api";
  return "review";
}

/** A booster's record: work approved (kept or released), denied by a reviewer, clawed back after a re-check. */
export type BoosterRecord = { approved: number; denied: number; dropped: number };

/** Percent of decided work that was approved; null before anything was decided. */
export function successRate(record: BoosterRecord): number | null {
  const decided = record.approved + record.denied + record.dropped;
  return decided === 0 ? null : Math.round((100 * record.approved) / decided);
}

/** Below this many decisions the allowance is the base: too little to judge by. */
export const ALLOWANCE_MIN_DECISIONS = 5;

/**
 * Tasks a booster may start a day: the base for newcomers; then it grows with the success rate (up
 * to twice the base at 100 %), halves at 0 %, and each drop takes one more off; never below a quarter.
 */
export function dailyAllowance(base: number, record: BoosterRecord): number {
  const decided = record.approved + record.denied + record.dropped;
  if (decided < ALLOWANCE_MIN_DECISIONS) return base;
  const rate = record.approved / decided;
  const scaled = Math.round(base * (0.5 + 1.5 * rate)) - record.dropped;
  return Math.min(base * 2, Math.max(Math.ceil(base / 4), scaled));
}

/** The allowance resets at Tehran's midnight. */
export const allowanceDayStart = tehranDayStart;

/** The network a task's or activity's link is on (an activity carries its campaign's link). */
export function networkOfLink(link: string): Network {
  return parseChannelLink("instagram", link).ok ? "instagram" : "youtube";
}

/** Seconds a watch session must prove for an activity: its minutes for watch time, `viewSeconds` for a view. */
export function requiredWatchSeconds(action: string, quantity: number, viewSeconds: number): number {
  return action === "watch_minute" ? quantity * 60 : viewSeconds;
}

/** How often the watch page beats, and the most one beat can credit (a lost beat or two is forgiven, no more). */
export const BEAT_SECONDS = 3;
export const MAX_BEAT_CREDIT_SECONDS = 2 * BEAT_SECONDS;
