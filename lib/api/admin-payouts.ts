"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isUuid } from "@/lib/validation/uuid";
import type { z } from "zod";
import type { PayoutStatus } from "@/lib/schemas/enums";
import {
  payoutEndpoints,
  type AdminPayoutView,
  type adminPlanOutput,
  type payoutBulkOutput,
  type payoutRailOutput,
  type payoutSubmitOutput,
  type planInput,
  type PayoutView,
  type withdrawalsSwitch,
} from "@/lib/schemas/payouts";
import { adminKeys } from "./admin";
import { ApiError } from "./client";
import { payoutKeys } from "./payouts";
import { useApiClient } from "./use-api-client";

export type { AdminPayoutView, PayoutStatus, PayoutView };
export type AdminPlan = z.infer<typeof adminPlanOutput>;
export type PlanInput = z.output<typeof planInput>;
export type PayoutRail = z.infer<typeof payoutRailOutput>;
export type PayoutSubmitResult = z.infer<typeof payoutSubmitOutput>;
export type PayoutBulkResult = z.infer<typeof payoutBulkOutput>;
export type WithdrawalsSwitch = z.infer<typeof withdrawalsSwitch>;

/** One step an admin takes on a payout (server/payouts/transitions.ts), or a question to the bank about it. */
export type PayoutStep =
  | { kind: "approve" }
  | { kind: "deny" | "fail" | "reverse"; reason: string }
  | { kind: "confirm"; bank_reference: string }
  | { kind: "inquire" };

export const ADMIN_PAYOUTS_PER_PAGE = 20;

export const adminPayoutKeys = {
  all: [...adminKeys.all, "payouts"] as const,
  lists: () => [...adminPayoutKeys.all, "list"] as const,
  list: (status: PayoutStatus, page: number, perPage: number) => [...adminPayoutKeys.lists(), status, { page, perPage }] as const,
  rail: () => [...adminPayoutKeys.all, "rail"] as const,
  withdrawals: () => [...adminKeys.all, "settings", "withdrawals"] as const,
  plans: () => [...adminKeys.all, "membership-plans"] as const,
};

/** 409 payout_transition_invalid: someone (or a job) moved the payout since the page read it. */
export function isPayoutConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/** How many payouts a PAYA batch file holds: its lines that start with a payout id (the header does not). */
export function payaRows(csv: string): number {
  return csv.split(/\r?\n/).filter((line) => isUuid(line.split(",")[0] ?? "")).length;
}

/** GET /api/admin/payouts?status=: payouts of one status, oldest first, with what deciding needs. */
export function useAdminPayouts(status: PayoutStatus, page: number, perPage: number = ADMIN_PAYOUTS_PER_PAGE) {
  const api = useApiClient();
  return useQuery({
    queryKey: adminPayoutKeys.list(status, page, perPage),
    queryFn: ({ signal }) => api.call(payoutEndpoints.queue, { query: { status, page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every list of payouts and the rail's balance read again: after a step, or a 409 that says the page was stale. */
function useRefreshPayouts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminPayoutKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: adminPayoutKeys.rail() }),
    ]);
}

/** POST admin/payouts/{id}/approve | deny | confirm | fail | reverse | inquire: answers the payout as it now is. */
export function useAdminPayoutStep(id: string) {
  const api = useApiClient();
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: (step: PayoutStep) => {
      const params = { id };
      switch (step.kind) {
        case "approve":
          return api.call(payoutEndpoints.approve, { params });
        case "inquire":
          return api.call(payoutEndpoints.inquire, { params });
        case "confirm":
          return api.call(payoutEndpoints.confirm, { params, body: { bank_reference: step.bank_reference } });
        default:
          return api.call(payoutEndpoints[step.kind], { params, body: { reason: step.reason } });
      }
    },
    onSettled: () => refresh(),
  });
}

/** POST admin/payouts/approve {ids}: several pending payouts at once; the answer names those skipped. */
export function useBulkApprovePayouts() {
  const api = useApiClient();
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: (ids: string[]) => api.call(payoutEndpoints.bulkApprove, { body: { ids } }),
    onSettled: () => refresh(),
  });
}

/** GET admin/payouts/rail: where approved payouts go and, for an API rail, its balance. */
export function usePayoutRail() {
  const api = useApiClient();
  return useQuery({
    queryKey: adminPayoutKeys.rail(),
    queryFn: ({ signal }) => api.call(payoutEndpoints.rail, { signal }),
  });
}

/** POST admin/payouts/export (manual rail): the PAYA batch file of every approved payout, each now active. */
export function useExportPaya() {
  const api = useApiClient();
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: async () => {
      const file = await api.download(payoutEndpoints.export);
      return { ...file, rows: payaRows(await file.blob.text()) };
    },
    onSettled: () => refresh(),
  });
}

/** POST admin/payouts/submit (API rail): sends every approved payout now; answers how many went, are unknown, failed. */
export function useSubmitPayouts() {
  const api = useApiClient();
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: () => api.call(payoutEndpoints.submit),
    onSettled: () => refresh(),
  });
}

/** GET admin/settings/withdrawals: whether boosters may request payouts. */
export function useWithdrawalsSwitch() {
  const api = useApiClient();
  return useQuery({
    queryKey: adminPayoutKeys.withdrawals(),
    queryFn: ({ signal }) => api.call(payoutEndpoints.withdrawals, { signal }),
  });
}

/** PUT admin/settings/withdrawals {enabled}. */
export function useSetWithdrawals() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.call(payoutEndpoints.setWithdrawals, { body: { enabled } }),
    onSuccess: (answer) => queryClient.setQueryData(adminPayoutKeys.withdrawals(), answer),
  });
}

/** GET admin/membership-plans: every plan, on sale or not, with its names in each language. */
export function useAdminPlans() {
  const api = useApiClient();
  return useQuery({
    queryKey: adminPayoutKeys.plans(),
    queryFn: ({ signal }) => api.call(payoutEndpoints.adminPlans, { signal }),
  });
}

/** POST admin/membership-plans, or PUT admin/membership-plans/{id}; the back office's and the boosters' plans read again. */
export function useSavePlan() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, plan }: { id: string | null; plan: PlanInput }) =>
      id ? api.call(payoutEndpoints.updatePlan, { params: { id }, body: plan }) : api.call(payoutEndpoints.createPlan, { body: plan }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPayoutKeys.plans() }),
        queryClient.invalidateQueries({ queryKey: payoutKeys.plans }),
      ]),
  });
}
