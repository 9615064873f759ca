"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { profileEndpoints, type ChangePasswordInput, type UpdateProfileInput } from "@/lib/schemas/profile";
import { ApiError } from "./client";
import { useApiClient } from "./use-api-client";

import type { IdentityStatus } from "@/lib/schemas/enums";
import type { Me } from "@/lib/schemas/profile";
/** GET /api/me: the contract's Me (lib/schemas/profile.ts). */
export type { IdentityStatus, Me };

export const meKeys = { all: ["me"] as const };

/** The logged-in user; null when nobody is (401 after a failed refresh). */
export function useMe() {
  const api = useApiClient();
  return useQuery({
    queryKey: meKeys.all,
    queryFn: async () => {
      try {
        return await api.call(profileEndpoints.me);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

export function useUpdateProfile() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => api.call(profileEndpoints.update, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.all }),
  });
}

export function useChangePassword() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.call(profileEndpoints.password, { body: input }),
  });
}
