import { z } from "zod";
import { visibleText } from "@/lib/validation/visible-text";
import { dateTime, endpoint, idParam, longText, paging, tehranDayText, text, uuidParam } from "./common";
import { campaignActivityParams } from "./campaigns";
import {
  activityCheckMethods,
  activityDeciders,
  activityDenialCodes,
  activityStatuses,
  activityTypes,
  adminDenialCodes,
  campaignNetworks,
} from "./enums";
import { TASK_ID_PATTERN } from "./patterns";
import { deliveryOutput, deliveryQuery } from "./delivery";

export {
  DELIVERY_DAYS_MAX,
  deliveryDayOutput,
  deliveryOutput,
  deliveryQuery,
  networkCountsOutput,
  type Delivery,
  type DeliveryDay,
  type NetworkCounts,
} from "./delivery";
import { reason } from "./profile";

/* ---- Requests ---- */

export const activityStatusFilter = z.enum(activityStatuses, "invalid_value");
export const myActivitiesQuery = z.object({ status: activityStatusFilter.optional(), ...paging });
export const activityQueueQuery = z.object({ status: activityStatusFilter.default("awaiting_review"), ...paging });
/** GET tasks: the feed, optionally one network and one action (likes, subscribers …). */
export const tasksQuery = z.object({
  network: z.enum(campaignNetworks, "invalid_value").optional(),
  action: text().trim().min(1).max(40).optional(),
  ...paging,
});
/** A task's id: `<campaign id>.<metric>` (another shape is no task: 404). */
export const taskParam = z.object({ id: text().min(1).max(80).meta({ pattern: TASK_ID_PATTERN }) });

const PROOF_USERNAME = /^@?[A-Za-z0-9._]{1,30}$/;

/** POST activities/{id}/submit: OpenAPI component SubmitActivity. */
export const submitActivityInput = z.object({
  post_link: text("link_invalid").trim().min(1, "link_invalid").max(300, "link_invalid"),
  proof: longText()
    .trim()
    .max(500, "too_big_string")
    .superRefine(visibleText)
    .optional()
    .meta({ description: "What the booster did, for the reviewer; written in a text box, so it may hold line breaks" }),
  /** Instagram: the booster's own username, so a reviewer can find the like, follow or comment. */
  proof_username: text().trim().regex(PROOF_USERNAME, "username_invalid").meta({ pattern: PROOF_USERNAME.source }).optional(),
});
export type SubmitActivityInput = z.input<typeof submitActivityInput>;

/** POST activities/{id}/screenshot (multipart, field `screenshot`): the work as the booster's screen showed it. */
export const proofImageUpload = z.object({ screenshot: z.any().meta({ type: "string", format: "binary" }) });

/** POST admin/activities/{id}/deny: a reason from the list and the words the booster will read. */
export const denyActivityInput = z.object({ code: z.enum(adminDenialCodes, "invalid_value"), reason: reason() });
export type DenyActivityInput = z.input<typeof denyActivityInput>;
/** POST admin/activities/{id}/revise: back to the booster once, with what to fix. */
export const reviseActivityInput = z.object({ note: reason() });
export type ReviseActivityInput = z.input<typeof reviseActivityInput>;
/** POST activities/{id}/appeal: the booster asks for a second look at a denial, once. */
export const appealActivityInput = z.object({ note: reason() });
export type AppealActivityInput = z.input<typeof appealActivityInput>;
/** POST admin/activities/approve: several submissions approved at once. */
export const bulkApproveInput = z.object({ ids: z.array(uuidParam()).min(1, "too_small_array").max(50, "too_big_array") });
/** Its answer: the ids approved, and those skipped (decided meanwhile, or unknown). */
export const bulkApproveOutput = z.object({ approved: z.array(z.string().uuid()), skipped: z.array(z.string().uuid()) });
/** GET admin/activities/queue: what waits for a person, oldest first. */
export const reviewQueueQuery = z.object(paging);

/* ---- Answers ---- */

/** SPEC §3 activity: OpenAPI component Activity. A producer sees the booster masked and never the booster's reward. */
export const activityOutput = z.object({
  id: z.string().uuid(),
  campaign_id: z.string().uuid(),
  type: z.enum(activityTypes),
  action: z.string(),
  metric: z.string(),
  quantity: z.number().int(),
  booster: z.string().meta({ description: "Masked: initials and stars" }),
  status: z.enum(activityStatuses),
  budget: z.number().int().meta({ description: "Rials reserved for it" }),
  cost: z.number().int().meta({ description: "Rials charged (once approved)" }),
  reward: z.number().int().nullable().meta({ description: "The booster's share; only the booster and admins see it" }),
  progress: z.number().int(),
  post_link: z.string(),
  proof: z.string().nullable(),
  denial_reason: z.string().nullable(),
  denial_code: z.enum(activityDenialCodes).nullable(),
  check_method: z.enum(activityCheckMethods).meta({ description: "auto-checked (api), watch session (watch) or reviewed (review)" }),
  decided_by: z.enum(activityDeciders).nullable(),
  proof_username: z.string().nullable(),
  has_screenshot: z.boolean().meta({ description: "A screenshot of the work is on file (Instagram)" }),
  revision_note: z.string().nullable().meta({ description: "What a reviewer asked the booster to fix" }),
  revisions: z.number().int(),
  appeal_note: z.string().nullable(),
  appealed_at: dateTime().nullable(),
  approved_at: dateTime().nullable(),
  release_at: dateTime().nullable().meta({ description: "When a held reward is released to earnings" }),
  released_at: dateTime().nullable(),
  dropped_at: dateTime().nullable().meta({ description: "When a re-check found the work undone and the reward was clawed back" }),
  created_at: dateTime(),
  updated_at: dateTime(),
  expires_at: dateTime(),
  submitted_at: dateTime().nullable(),
  reviewed_at: dateTime().nullable(),
});
export type Activity = z.infer<typeof activityOutput>;

/** An open task: OpenAPI component Task. */
export const taskOutput = z.object({
  id: z.string().meta({ description: "<campaign id>.<metric>" }),
  campaign_id: z.string().uuid(),
  network: z.enum(campaignNetworks),
  link: z.string(),
  metric: z.string(),
  action: z.string(),
  type: z.enum(activityTypes),
  quantity: z.number().int(),
  reward: z.number().int().meta({ description: "Rials the booster earns once approved" }),
  check_method: z.enum(activityCheckMethods),
  minutes_allowed: z.number().int().meta({ description: "Time to finish once started" }),
});
export type Task = z.infer<typeof taskOutput>;

/** GET earn/summary: the booster's standing. */
export const earnSummaryOutput = z.object({
  verified: z.boolean(),
  success_rate: z.number().int().nullable().meta({ description: "Percent of decided work approved; null before any" }),
  allowance: z.object({ per_day: z.number().int(), used: z.number().int(), remaining: z.number().int() }),
  held: z.number().int().meta({ description: "Rials approved and waiting for release" }),
  available: z.number().int().meta({ description: "Rials released to earnings" }),
  next_release_at: dateTime().nullable(),
});
export type EarnSummary = z.infer<typeof earnSummaryOutput>;

/** GET earn/history: how many days of the booster's earnings chart (ending today, Tehran). */
export const EARNINGS_DAYS_MAX = 365;
export const earningsHistoryQuery = z.object({ days: z.coerce.number().int().min(1).max(EARNINGS_DAYS_MAX).default(90) });

/** GET earn/history: the booster's rewards per Tehran day, and what is held and when it releases. */
export const earningsHistoryOutput = z.object({
  days: z.array(
    z.object({
      day: tehranDayText(),
      earned: z.number().int().meta({ description: "Rials of rewards approved that day" }),
      released: z.number().int().meta({ description: "Rials released to earnings that day" }),
      clawed_back: z.number().int().meta({ description: "Rials taken back that day (the work was found undone at a re-check)" }),
    }),
  ),
  upcoming: z
    .array(
      z.object({
        day: tehranDayText(),
        first_at: dateTime().meta({ description: "When the day's first held reward is released" }),
        count: z.number().int(),
        amount: z.number().int().meta({ description: "Rials" }),
      }),
    )
    .meta({ description: "Held rewards by the Tehran day they are released, soonest first (up to 14 days that hold any)" }),
});
export type EarningsHistory = z.infer<typeof earningsHistoryOutput>;

/** One submission in the review queue, with what a reviewer needs beside it. */
export const reviewItemOutput = z.object({
  activity: activityOutput,
  campaign: z.object({ id: z.string().uuid(), name: z.string(), network: z.enum(campaignNetworks), link: z.string() }),
  booster_history: z.object({
    approved: z.number().int(),
    denied: z.number().int(),
    dropped: z.number().int(),
    success_rate: z.number().int().nullable(),
  }),
  appealed: z.boolean(),
});
export type ReviewItem = z.infer<typeof reviewItemOutput>;

/** POST activities/{id}/watch: a watch session for a view or watch-time task. */
export const watchSessionOutput = z.object({
  session_id: z.uuid(),
  video_id: z.string().meta({ description: "The YouTube video to play" }),
  required_seconds: z.number().int(),
  credited_seconds: z.number().int().meta({ description: "Carried over from an earlier session of the same activity" }),
  beat_seconds: z.number().int().meta({ description: "Send a heartbeat this often" }),
  player_script_url: z.string().meta({ description: "The YouTube IFrame Player API script" }),
});
export type WatchSession = z.infer<typeof watchSessionOutput>;

/** POST watch-sessions/{id}/beat: what the player says now. */
export const heartbeatInput = z.object({
  position: z.number("position_invalid").min(0, "position_invalid").max(86_400, "position_invalid"),
  playing: z.boolean(),
  visible: z.boolean(),
});
export type HeartbeatInput = z.input<typeof heartbeatInput>;
export const heartbeatOutput = z.object({
  credited_seconds: z.number().int(),
  required_seconds: z.number().int(),
  done: z.boolean().meta({ description: "Enough time proved: the activity is approved" }),
  activity: activityOutput.nullable(),
});
export type Heartbeat = z.infer<typeof heartbeatOutput>;

/* ---- Endpoints: the routes (server/activities) and the browser (lib/api/activities.ts, admin-activities.ts, campaigns.ts) read these ---- */

/** A step on one activity with its body, by its booster or a reviewer (POST …/{id}/<step>), answering the activity after it. */
const activityStep = <const P extends `/${string}/{id}/${string}`, B extends z.ZodType>(path: P, body: B) =>
  endpoint({ method: "post", path, params: idParam, body, response: activityOutput });

export const activityEndpoints = {
  summary: endpoint({ method: "get", path: "/earn/summary", response: earnSummaryOutput }),
  history: endpoint({ method: "get", path: "/earn/history", query: earningsHistoryQuery, response: earningsHistoryOutput }),
  tasks: endpoint({ method: "get", path: "/tasks", query: tasksQuery, response: taskOutput, list: true }),
  start: endpoint({ method: "post", path: "/tasks/{id}/start", params: taskParam, response: activityOutput, status: 201 }),
  mine: endpoint({ method: "get", path: "/activities", query: myActivitiesQuery, response: activityOutput, list: true }),
  submit: activityStep("/activities/{id}/submit", submitActivityInput),
  screenshot: endpoint({
    method: "post",
    path: "/activities/{id}/screenshot",
    params: idParam,
    upload: proofImageUpload,
    response: activityOutput,
  }),
  appeal: activityStep("/activities/{id}/appeal", appealActivityInput),
  watch: endpoint({ method: "post", path: "/activities/{id}/watch", params: idParam, response: watchSessionOutput, status: 201 }),
  beat: endpoint({ method: "post", path: "/watch-sessions/{id}/beat", params: idParam, body: heartbeatInput, response: heartbeatOutput }),
  /** A campaign's activities as its producer (or an admin) sees them. */
  campaignActivities: endpoint({
    method: "get",
    path: "/campaigns/{id}/activities",
    params: idParam,
    query: myActivitiesQuery,
    response: activityOutput,
    list: true,
  }),
  campaignActivity: endpoint({
    method: "get",
    path: "/campaigns/{id}/activities/{activityId}",
    params: campaignActivityParams,
    response: activityOutput,
  }),
  delivery: endpoint({ method: "get", path: "/campaigns/{id}/delivery", params: idParam, query: deliveryQuery, response: deliveryOutput }),
  /** The back office. */
  byStatus: endpoint({ method: "get", path: "/admin/activities", query: activityQueueQuery, response: activityOutput, list: true }),
  reviewQueue: endpoint({
    method: "get",
    path: "/admin/activities/queue",
    query: reviewQueueQuery,
    response: reviewItemOutput,
    list: true,
  }),
  approve: endpoint({ method: "post", path: "/admin/activities/{id}/approve", params: idParam, response: activityOutput }),
  deny: activityStep("/admin/activities/{id}/deny", denyActivityInput),
  revise: activityStep("/admin/activities/{id}/revise", reviseActivityInput),
  bulkApprove: endpoint({ method: "post", path: "/admin/activities/approve", body: bulkApproveInput, response: bulkApproveOutput }),
  /** The screenshot, for its reviewer's <img> (the session cookie authenticates it). */
  screenshotImage: endpoint({
    method: "get",
    path: "/admin/activities/{id}/screenshot",
    params: idParam,
    response: z.any(),
    file: ["image/jpeg"],
  }),
};
