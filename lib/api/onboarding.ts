"use client";
import { useQuery } from "@tanstack/react-query";
import { onboardingEndpoints, type Checklist } from "@/lib/schemas/onboarding";
import { useApiClient } from "./use-api-client";

export type { Checklist };

export const onboardingKeys = { checklist: ["me", "checklist"] as const };

/** GET /api/me/checklist: the dashboard's first steps (under "me", so a profile change refreshes it). */
export function useChecklist() {
  const api = useApiClient();
  return useQuery({ queryKey: onboardingKeys.checklist, queryFn: () => api.call(onboardingEndpoints.checklist) });
}
