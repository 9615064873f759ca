"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  activityEndpoints,
  type bulkApproveOutput,
  type DenyActivityInput,
  type ReviewItem,
  type ReviseActivityInput,
} from "@/lib/schemas/activities";
import { endpointUrl } from "./client";
import { useApiClient } from "./use-api-client";

export type { ReviewItem };
export type BulkApproveResult = z.infer<typeof bulkApproveOutput>;
/** What a reviewer decides about one submission. */
export type ActivityDecision = { kind: "approve" } | ({ kind: "deny" } & DenyActivityInput) | ({ kind: "revise" } & ReviseActivityInput);

export const ACTIVITY_QUEUE_PER_PAGE = 20;

/** The screenshot's address; the session cookie authenticates the <img> request. */
export function activityScreenshotUrl(id: string): string {
  return endpointUrl(activityEndpoints.screenshotImage, { id });
}

export const adminActivityKeys = {
  all: ["admin", "activities"] as const,
  queue: (page: number) => [...adminActivityKeys.all, "queue", page] as const,
};

/** GET /api/admin/activities/queue: submissions waiting for a person, oldest first, each with its context. */
export function useActivityQueue(page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: adminActivityKeys.queue(page),
    queryFn: () => api.call(activityEndpoints.reviewQueue, { query: { page, per_page: ACTIVITY_QUEUE_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
}

/** Approve, deny with a reason, or send back for one revision; the queue is read again afterwards. */
export function useDecideActivity(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ActivityDecision) => {
      if (decision.kind === "approve") return api.call(activityEndpoints.approve, { params: { id } });
      if (decision.kind === "deny")
        return api.call(activityEndpoints.deny, { params: { id }, body: { code: decision.code, reason: decision.reason } });
      return api.call(activityEndpoints.revise, { params: { id }, body: { note: decision.note } });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminActivityKeys.all }),
  });
}

/** POST /api/admin/activities/approve: several at once; the answer names those skipped. */
export function useBulkApprove() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.call(activityEndpoints.bulkApprove, { body: { ids } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminActivityKeys.all }),
  });
}
