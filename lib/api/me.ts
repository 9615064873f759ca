"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordInput, UpdateProfileInput } from "@/lib/schemas/profile";
import { ApiError } from "./client";
import { useApiClient } from "./use-api-client";

export type IdentityStatus =
  "registered" | "active" | "identity_verification_pending" | "identity_verified" | "identity_verification_failed";

/** GET /api/me (server/http/dto/user.ts). */
export type Me = {
  id: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  phone_verified: boolean;
  email: string | null;
  role: "user" | "admin";
  locale: string;
  national_id: string | null;
  birth_date: string | null;
  bank_name: string | null;
  iban: string | null;
  identity_status: IdentityStatus;
  identity_rejection_reason: string | null;
  identity_requested_at: string | null;
  has_identity_card: boolean;
  has_password: boolean;
  created_at: string;
  wallet_balance: number;
  unread_notifications: number;
};

export const meKeys = { all: ["me"] as const };

/** The logged-in user; null when nobody is (401 after a failed refresh). */
export function useMe() {
  const api = useApiClient();
  return useQuery({
    queryKey: meKeys.all,
    queryFn: async () => {
      try {
        return await api.request<Me>("me");
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
    mutationFn: (input: UpdateProfileInput) =>
      api.request<{ user: Omit<Me, "wallet_balance" | "unread_notifications">; message: string }>("me", { method: "PATCH", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.all }),
  });
}

export function useChangePassword() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.request<{ message: string }>("me/password", { method: "PUT", body: input }),
  });
}
