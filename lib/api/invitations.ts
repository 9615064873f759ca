"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  invitationEndpoints,
  type CreateInvitationInput,
  type InvitationAllowance,
  type InvitationCreated,
  type InvitationLanding,
  type InvitationTab,
  type InvitationView,
} from "@/lib/schemas/invitations";
import { ApiError, submissionKeys } from "./client";
import { useApiClient } from "./use-api-client";

export type { InvitationAllowance, InvitationCreated, InvitationTab, InvitationView };

export const invitationKeys = {
  all: ["invitations"] as const,
  list: (tab: InvitationTab, page: number) => ["invitations", "list", tab, page] as const,
  allowance: ["invitations", "allowance"] as const,
};

export const INVITATIONS_PER_PAGE = 10;

export function useInvitations(tab: InvitationTab, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: invitationKeys.list(tab, page),
    queryFn: () => api.call(invitationEndpoints.list, { query: { status: tab, page, per_page: INVITATIONS_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
}

/** The plan's invitations left this period and the reward per friend; null when nobody is logged in. */
export function useInvitationAllowance() {
  const api = useApiClient();
  return useQuery({ queryKey: invitationKeys.allowance, queryFn: () => api.call(invitationEndpoints.allowance) });
}

/** Invites a friend: one Idempotency-Key per submission, kept when the same one is sent again after an unknown outcome. */
export function useInviteFriend() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [keys] = useState(submissionKeys);
  return useMutation({
    mutationFn: (input: CreateInvitationInput) => api.call(invitationEndpoints.create, { body: input, idempotencyKey: keys.keyFor(input) }),
    onSettled: (_data, error) => {
      keys.settled(error);
      return queryClient.invalidateQueries({ queryKey: invitationKeys.all });
    },
  });
}

/** The SMS link's page: who invited this phone (public; null for an unknown code). */
export function useInvitationLanding(code: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ["invitations", "code", code] as const,
    queryFn: async () => {
      try {
        return await api.call(invitationEndpoints.landing, { params: { code } });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return null;
        throw error;
      }
    },
  });
}

/** "Don't text me again" from the SMS's link. */
export function useOptOut(code: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(invitationEndpoints.optOut, { body: { code } }),
    onSuccess: () =>
      queryClient.setQueryData(["invitations", "code", code], (old: InvitationLanding | null | undefined) =>
        old ? { ...old, opted_out: true } : old,
      ),
  });
}

const rewardSettingKey = ["admin", "settings", "invitations"] as const;

/** GET admin/settings/invitations: the inviter's reward per friend (Rials). */
export function useInvitationRewardSetting() {
  const api = useApiClient();
  return useQuery({
    queryKey: rewardSettingKey,
    queryFn: ({ signal }) => api.call(invitationEndpoints.reward, { signal }),
  });
}

/** PUT admin/settings/invitations. */
export function useSetInvitationReward() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reward: number) => api.call(invitationEndpoints.setReward, { body: { reward } }),
    onSuccess: (answer) => queryClient.setQueryData(rewardSettingKey, answer),
  });
}
