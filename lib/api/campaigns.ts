"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  campaignEndpoints,
  campaignQuoteInput,
  type Campaign,
  type CampaignEventResult,
  type CampaignInput,
  type CampaignMonthlyInput,
  type CampaignPaceInput,
  type CampaignQuoteInput,
  type CampaignTopUp,
  type CreatedCampaign,
  type Dashboard,
  type PaidCampaignPayment,
  type Quote,
  type QuoteLine,
} from "@/lib/schemas/campaigns";
import { submissionKeys } from "./client";
import { useApiClient } from "./use-api-client";
import { walletKeys, type TransactionStatus } from "./payments";
import { activityEndpoints, type Activity as CampaignActivity, type Delivery } from "@/lib/schemas/activities";
import type { ActivityStatus } from "@/lib/schemas/enums";

/** The contract's answers (lib/schemas), under the names the screens know; CampaignActivity is SPEC §3 activity as a producer sees it. */
export type { ActivityStatus, CampaignActivity, QuoteLine };
export type { Campaign, CampaignEventResult, CampaignTopUp, CreatedCampaign, Dashboard, Delivery, PaidCampaignPayment, Quote };
export type CampaignTab = "all" | "active" | "completed" | "awaiting_payment" | "awaiting_review" | "rejected";
export type PaymentTab = TransactionStatus | "all";

export const CAMPAIGNS_PER_PAGE = 10;

export const campaignKeys = {
  all: ["campaigns"] as const,
  lists: () => [...campaignKeys.all, "list"] as const,
  list: (status: CampaignTab, page: number) => [...campaignKeys.lists(), status, page] as const,
  detail: (id: string) => [...campaignKeys.all, "detail", id] as const,
  allPayments: (id: string) => [...campaignKeys.all, "payments", id] as const,
  payments: (id: string, status: PaymentTab, page: number) => [...campaignKeys.allPayments(id), status, page] as const,
  activities: (id: string, page: number) => [...campaignKeys.all, "activities", id, page] as const,
  activity: (id: string, activityId: string) => [...campaignKeys.all, "activity", id, activityId] as const,
  delivery: (id: string, days: number) => [...campaignKeys.all, "delivery", id, days] as const,
  quote: (input: unknown) => [...campaignKeys.all, "quote", input] as const,
  dashboard: ["dashboard"] as const,
};

export function useCampaigns(status: CampaignTab, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: campaignKeys.list(status, page),
    queryFn: () =>
      api.call(campaignEndpoints.list, { query: { status: status === "all" ? undefined : status, page, per_page: CAMPAIGNS_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(id: string) {
  const api = useApiClient();
  return useQuery({ queryKey: campaignKeys.detail(id), queryFn: () => api.call(campaignEndpoints.one, { params: { id } }) });
}

export function useCampaignPayments(id: string, status: PaymentTab, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: campaignKeys.payments(id, status, page),
    queryFn: () =>
      api.call(campaignEndpoints.payments, {
        params: { id },
        query: { status: status === "all" ? undefined : status, page, per_page: CAMPAIGNS_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCampaignActivities(id: string, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: campaignKeys.activities(id, page),
    queryFn: () => api.call(activityEndpoints.campaignActivities, { params: { id }, query: { page, per_page: CAMPAIGNS_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
}

export function useCampaignActivity(id: string, activityId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: campaignKeys.activity(id, activityId),
    queryFn: () => api.call(activityEndpoints.campaignActivity, { params: { id, activityId } }),
  });
}

/** Days of delivery the campaign view charts (the endpoint allows 1–365). */
export const DELIVERY_CHART_DAYS = 90;

/**
 * How the campaign's units were delivered over its last `days` Tehran days: checked how, dropped at
 * release, refilled; the network's own counter beside it and the expected end.
 */
export function useCampaignDelivery(id: string, days: number = DELIVERY_CHART_DAYS) {
  const api = useApiClient();
  return useQuery({
    queryKey: campaignKeys.delivery(id, days),
    queryFn: () => api.call(activityEndpoints.delivery, { params: { id }, query: { days } }),
  });
}

export function useDashboard() {
  const api = useApiClient();
  return useQuery({ queryKey: campaignKeys.dashboard, queryFn: () => api.call(campaignEndpoints.dashboard) });
}

/** `value`, `delay` ms after it last changed (compared by JSON, so a new object with the same content does not restart it). */
function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  const serialized = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(JSON.parse(serialized) as T), delay);
    return () => clearTimeout(timer);
  }, [serialized, delay]);
  return debounced;
}

export const QUOTE_DEBOUNCE_MS = 300;

/** The invoice for what the create form holds, ~300 ms after the last change, asked only when the input parses. */
export function useQuote(input: Partial<CampaignQuoteInput> | null) {
  const api = useApiClient();
  const debounced = useDebounced(input, QUOTE_DEBOUNCE_MS);
  const parsed = debounced ? campaignQuoteInput.safeParse(debounced) : null;
  const body = parsed?.success ? parsed.data : null;
  return useQuery({
    queryKey: campaignKeys.quote(body),
    queryFn: ({ signal }) => api.call(campaignEndpoints.quote, { body: body!, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Creates a campaign: one Idempotency-Key per submission, so a retry after a lost answer never makes (and pays for) a second one. */
export function useCreateCampaign() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [keys] = useState(submissionKeys);
  return useMutation({
    mutationFn: (input: CampaignInput) => api.call(campaignEndpoints.create, { body: input, idempotencyKey: keys.keyFor(input) }),
    onSettled: (_data, error) => keys.settled(error),
    onSuccess: (result) => {
      queryClient.setQueryData(campaignKeys.detail(result.campaign.id), result.campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

function useCampaignEvent(event: "pause" | "activate") {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(campaignEndpoints[event], { params: { id } }),
    onSuccess: (result) => {
      queryClient.setQueryData(campaignKeys.detail(result.campaign.id), result.campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.dashboard });
    },
  });
}

export const usePauseCampaign = () => useCampaignEvent("pause");
export const useActivateCampaign = () => useCampaignEvent("activate");

/**
 * Pays a campaign awaiting payment from the wallet, in place of one of its pending or failed gateway
 * payments. Afterwards the campaign, its payments, the lists, the dashboard and the balances are read afresh.
 */
export function usePayCampaignPayment(campaignId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  // One Idempotency-Key per press of pay (per payment), reused only when the same payment is sent again after an unknown outcome.
  const [keys] = useState(submissionKeys);
  return useMutation({
    mutationFn: (transactionId: string) =>
      api.call(campaignEndpoints.pay, {
        params: { id: campaignId, transactionId },
        body: { gateway: "wallet" },
        idempotencyKey: keys.keyFor({ campaignId, transactionId }),
      }),
    onSettled: (_data, error) => keys.settled(error),
    onSuccess: (result) => {
      queryClient.setQueryData(campaignKeys.detail(result.campaign.id), result.campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(result.campaign.id) });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.allPayments(result.campaign.id) });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

/** After a change to a running campaign: its new self, and the lists, the dashboard and its delivery (units left) read afresh. */
function useCampaignChanged() {
  const queryClient = useQueryClient();
  return (campaign: Campaign) => {
    queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
    void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.dashboard });
    void queryClient.invalidateQueries({ queryKey: [...campaignKeys.all, "delivery", campaign.id] });
  };
}

/** PUT campaigns/{id}/pace: how fast it may be delivered (all null: as fast as boosters take it); the answer carries its expected end. */
export function useSetCampaignPace(id: string) {
  const api = useApiClient();
  const changed = useCampaignChanged();
  return useMutation({
    mutationFn: (pace: CampaignPaceInput) => api.call(campaignEndpoints.pace, { params: { id }, body: pace }),
    onSuccess: (result) => changed(result.campaign),
  });
}

/** PUT campaigns/{id}/ends-at: a running campaign's last Tehran day. */
export function useChangeCampaignEnd(id: string) {
  const api = useApiClient();
  const changed = useCampaignChanged();
  return useMutation({
    mutationFn: (endsAt: string) => api.call(campaignEndpoints.endDate, { params: { id }, body: { ends_at: endsAt } }),
    onSuccess: (result) => changed(result.campaign),
  });
}

/**
 * POST campaigns/{id}/top-up: more budget for a running Smart campaign from the wallet, one Idempotency-Key
 * per submission (kept only when the same amount is sent again after an unknown outcome, so it is never paid twice).
 */
export function useTopUpCampaign(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const changed = useCampaignChanged();
  const [keys] = useState(submissionKeys);
  return useMutation({
    mutationFn: (body: { amount: number; gateway: string }) => {
      return api.call(campaignEndpoints.topUp, { params: { id }, body, idempotencyKey: keys.keyFor({ id, ...body }) });
    },
    onSettled: (_data, error) => keys.settled(error),
    onSuccess: (result: CampaignTopUp) => {
      changed(result.campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.allPayments(id) });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

/**
 * PUT campaigns/{id}/monthly-budget: a running Smart campaign run month by month (an amount, the service fee
 * inside) or no longer renewed (null). Setting one charges this Tehran month's budget from the wallet when the
 * month has none yet, so it carries one Idempotency-Key per submission, kept only when the same amount is
 * sent again after an unknown outcome; afterwards the campaign, its payments and the balances are read afresh.
 */
export function useSetMonthlyBudget(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const changed = useCampaignChanged();
  const [keys] = useState(submissionKeys);
  return useMutation({
    mutationFn: (amount: CampaignMonthlyInput["amount"]) => {
      const body = { amount };
      return api.call(campaignEndpoints.monthly, { params: { id }, body, idempotencyKey: keys.keyFor({ id, ...body }) });
    },
    onSettled: (_data, error) => keys.settled(error),
    onSuccess: (result: CampaignEventResult) => {
      changed(result.campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.allPayments(id) });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
