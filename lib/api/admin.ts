"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, endpointUrl } from "./client";
import { campaignEndpoints, type PricingUpdate } from "@/lib/schemas/campaigns";
import type { User } from "@/lib/schemas/auth";
import { profileEndpoints } from "@/lib/schemas/profile";
import { useApiClient } from "./use-api-client";

/** A user as the admin API shows it: the contract's User (lib/schemas/auth.ts), the profile without wallet figures. */
export type AdminUser = User;

export type IdentityDecision = { approve: true } | { approve: false; reason: string };

export const IDENTITY_QUEUE_PER_PAGE = 20;

export const adminKeys = {
  all: ["admin"] as const,
  identityQueues: () => [...adminKeys.all, "identity-requests"] as const,
  identityQueue: (page: number, perPage: number) => [...adminKeys.identityQueues(), { page, perPage }] as const,
  users: () => [...adminKeys.all, "users"] as const,
  user: (id: string) => [...adminKeys.users(), id] as const,
};

/** The admin API answers 404 to anyone who is not an admin; 401/403 mean the same to the screen. */
export function isAdminUnavailable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404);
}

/** The card image's address; the session cookie authenticates the <img> request. */
export function identityCardUrl(id: string): string {
  return endpointUrl(profileEndpoints.userIdentityCard, { id });
}

/** GET /api/admin/identity-requests: pending identity requests, oldest first. */
export function useIdentityQueue(page: number, perPage: number = IDENTITY_QUEUE_PER_PAGE) {
  const api = useApiClient();
  return useQuery({
    queryKey: adminKeys.identityQueue(page, perPage),
    queryFn: ({ signal }) => api.call(profileEndpoints.identityQueue, { query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/{id}. */
export function useAdminUser(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => api.call(profileEndpoints.user, { params: { id }, signal }),
  });
}

/** POST approve or reject; refreshes the user and every page of the queue afterwards. */
export function useReviewIdentity(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: IdentityDecision) =>
      decision.approve
        ? api.call(profileEndpoints.approveIdentity, { params: { id } })
        : api.call(profileEndpoints.rejectIdentity, { params: { id }, body: { reason: decision.reason } }),
    onSuccess: (result) => {
      queryClient.setQueryData(adminKeys.user(id), result.user);
      void queryClient.invalidateQueries({ queryKey: adminKeys.identityQueues() });
    },
    onError: (error) => {
      // A 409 means someone else decided first: show the user's current state.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: adminKeys.user(id) });
        void queryClient.invalidateQueries({ queryKey: adminKeys.identityQueues() });
      }
    },
  });
}

/* ---- Campaign review and pricing ---- */

export type CampaignDecision = { approve: true } | { approve: false; reason: string };

export const CAMPAIGN_QUEUE_PER_PAGE = 20;

export const adminCampaignKeys = {
  queues: () => [...adminKeys.all, "campaigns"] as const,
  queue: (page: number, perPage: number) => [...adminCampaignKeys.queues(), { page, perPage }] as const,
  campaign: (id: string) => [...adminKeys.all, "campaign", id] as const,
  pricing: () => [...adminKeys.all, "pricing"] as const,
};

/** GET /api/admin/campaigns: campaigns awaiting review, oldest first. */
export function useCampaignQueue(page: number, perPage: number = CAMPAIGN_QUEUE_PER_PAGE) {
  const api = useApiClient();
  return useQuery({
    queryKey: adminCampaignKeys.queue(page, perPage),
    queryFn: ({ signal }) => api.call(campaignEndpoints.reviewQueue, { query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/campaigns/{id} (admins may read any campaign). */
export function useAdminCampaign(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: adminCampaignKeys.campaign(id),
    queryFn: ({ signal }) => api.call(campaignEndpoints.one, { params: { id }, signal }),
  });
}

/** POST approve or reject a campaign; refreshes it and the queue afterwards. */
export function useReviewCampaign(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: CampaignDecision) =>
      decision.approve
        ? api.call(campaignEndpoints.approve, { params: { id } })
        : api.call(campaignEndpoints.reject, { params: { id }, body: { reason: decision.reason } }),
    onSuccess: (result) => {
      queryClient.setQueryData(adminCampaignKeys.campaign(id), result.campaign);
      void queryClient.invalidateQueries({ queryKey: adminCampaignKeys.queues() });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: adminCampaignKeys.campaign(id) });
        void queryClient.invalidateQueries({ queryKey: adminCampaignKeys.queues() });
      }
    },
  });
}

/** GET /api/pricing: Rials per action and the booster's share 0..1, per network. */
export function usePricing() {
  const api = useApiClient();
  return useQuery({
    queryKey: adminCampaignKeys.pricing(),
    queryFn: ({ signal }) => api.call(campaignEndpoints.pricing, { signal }),
  });
}

/** PUT /api/admin/pricing: answers the new list. */
export function useUpdatePricing() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prices: PricingUpdate["prices"]) => api.call(campaignEndpoints.updatePricing, { body: { prices } }),
    onSuccess: (prices) => queryClient.setQueryData(adminCampaignKeys.pricing(), prices),
  });
}
