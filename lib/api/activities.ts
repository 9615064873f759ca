"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  activityEndpoints,
  type Activity,
  type AppealActivityInput,
  type EarningsHistory,
  type EarnSummary,
  type HeartbeatInput,
  type SubmitActivityInput,
  type Task,
} from "@/lib/schemas/activities";
import type { ActivityStatus, Network } from "@/lib/schemas/enums";
import { youtubeEndpoints, type ActivityCheckInput } from "@/lib/schemas/youtube";
import { useApiClient } from "./use-api-client";
import { walletKeys } from "./payments";

/** The contract's answers (lib/schemas/activities) under the names the earn screens use. */
export type { Activity, EarningsHistory, EarnSummary, Task };
export type ActivityTab = ActivityStatus | "all";
export type TaskFilter = { network?: Network | undefined; action?: string | undefined };

export const TASKS_PER_PAGE = 10;
export const ACTIVITIES_PER_PAGE = 10;

export const earnKeys = {
  all: ["earn"] as const,
  summary: () => [...earnKeys.all, "summary"] as const,
  history: (days: number) => [...earnKeys.all, "history", days] as const,
  tasks: () => [...earnKeys.all, "tasks"] as const,
  taskPage: (filter: TaskFilter, page: number) => [...earnKeys.tasks(), filter.network ?? "", filter.action ?? "", page] as const,
  activities: () => [...earnKeys.all, "activities"] as const,
  activityPage: (status: ActivityTab, page: number) => [...earnKeys.activities(), status, page] as const,
};

/** The booster's standing: verified or not, success rate, today's allowance, held and released earnings. */
export function useEarnSummary() {
  const api = useApiClient();
  return useQuery({ queryKey: earnKeys.summary(), queryFn: () => api.call(activityEndpoints.summary) });
}

/** Days of the booster's earnings chart. */
export const EARNINGS_CHART_DAYS = 90;

/** The booster's rewards per Tehran day (earned, released, clawed back) and what is held by its release day. */
export function useEarningsHistory(days: number = EARNINGS_CHART_DAYS) {
  const api = useApiClient();
  return useQuery({ queryKey: earnKeys.history(days), queryFn: () => api.call(activityEndpoints.history, { query: { days } }) });
}

/** The feed: open work on other producers' active campaigns (identity-verified boosters only). */
export function useTasks(filter: TaskFilter, page: number, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: earnKeys.taskPage(filter, page),
    queryFn: () =>
      api.call(activityEndpoints.tasks, { query: { network: filter.network, action: filter.action, page, per_page: TASKS_PER_PAGE } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The booster's own activities, newest first, by status. */
export function useMyActivities(status: ActivityTab, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: earnKeys.activityPage(status, page),
    queryFn: () =>
      api.call(activityEndpoints.mine, { query: { status: status === "all" ? undefined : status, page, per_page: ACTIVITIES_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
}

/** After any change to the booster's work, the feed, the activities, the standing and the wallet are read again. */
function useRefreshEarn() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: earnKeys.all });
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  };
}

/** Takes a task: an activity in progress, its time running. */
export function useStartTask() {
  const api = useApiClient();
  const refresh = useRefreshEarn();
  return useMutation({
    mutationFn: (taskId: string) => api.call(activityEndpoints.start, { params: { id: taskId } }),
    onSettled: refresh,
  });
}

/** Attaches a screenshot of the work (Instagram); the answer is the activity, now with `has_screenshot`. */
export function useUploadProofImage(id: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.set("screenshot", file);
      return api.call(activityEndpoints.screenshot, { params: { id }, body });
    },
  });
}

/** Says the work is done, with the post and the proof. */
export function useSubmitActivity(id: string) {
  const api = useApiClient();
  const refresh = useRefreshEarn();
  return useMutation({
    mutationFn: (input: SubmitActivityInput) => api.call(activityEndpoints.submit, { params: { id }, body: input }),
    onSettled: refresh,
  });
}

/** Asks for a second look at a reviewer's denial, once. */
export function useAppealActivity(id: string) {
  const api = useApiClient();
  const refresh = useRefreshEarn();
  return useMutation({
    mutationFn: (input: AppealActivityInput) => api.call(activityEndpoints.appeal, { params: { id }, body: input }),
    onSettled: refresh,
  });
}

/** Asks YouTube whether the work is there: approved at once, or an ApiError saying what is missing. */
export function useCheckActivity(id: string) {
  const api = useApiClient();
  const refresh = useRefreshEarn();
  return useMutation({
    mutationFn: (input: ActivityCheckInput) => api.call(youtubeEndpoints.check, { params: { id }, body: input }),
    onSettled: refresh,
  });
}

/** Opens a watch session for a view or watch-time task (an earlier one of the same task ends). */
export function useStartWatch(id: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: () => api.call(activityEndpoints.watch, { params: { id } }),
  });
}

/** One heartbeat of the watch page; the answer says how much is credited and whether it is done. */
export function useHeartbeat() {
  const api = useApiClient();
  const refresh = useRefreshEarn();
  return useMutation({
    mutationFn: ({ sessionId, ...beat }: { sessionId: string } & HeartbeatInput) =>
      api.call(activityEndpoints.beat, { params: { id: sessionId }, body: beat }),
    onSuccess: (answer) => {
      if (answer.done) refresh();
    },
  });
}
