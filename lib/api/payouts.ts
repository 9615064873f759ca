"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { MembershipFundingSource, PayoutStatus } from "@/lib/schemas/enums";
import type { z } from "zod";
import {
  payoutEndpoints,
  type buyMembershipInput,
  type CreatePayoutInput,
  type membershipCheckoutInput,
  type MembershipPlanView,
  type membershipPurchaseOutput,
  type MembershipPurchaseKind,
  type MembershipQuoteView,
  type MembershipView,
  type PayoutView,
  type payoutTabs,
} from "@/lib/schemas/payouts";
import { ApiError, submissionKeys } from "./client";
import { meKeys } from "./me";
import { useApiClient } from "./use-api-client";
import { walletKeys } from "./payments";

export type {
  MembershipFundingSource,
  MembershipPlanView,
  MembershipPurchaseKind,
  MembershipQuoteView,
  MembershipView,
  PayoutStatus,
  PayoutView,
};

/** The payouts page's tabs: everything, or one of the API's groups (paid, awaiting approval, rejected). */
export type PayoutTab = "all" | (typeof payoutTabs)[number];

/** What buying a plan did: a first period, the same plan again, a dearer one now, a cheaper one from the period's end. */
export type MembershipPurchase = z.infer<typeof membershipPurchaseOutput>;

export const payoutKeys = {
  all: ["payouts"] as const,
  list: (tab: PayoutTab, page: number) => [...payoutKeys.all, "list", tab, page] as const,
  one: (id: string) => [...payoutKeys.all, "one", id] as const,
  plans: ["memberships", "plans"] as const,
  membership: ["memberships", "current"] as const,
  quote: (planId: string) => ["memberships", "quote", planId] as const,
};

export const PAYOUTS_PER_PAGE = 10;

/** The plans on sale, cheapest first, named in the page's language (public). */
export function usePlans() {
  const api = useApiClient();
  return useQuery({
    queryKey: payoutKeys.plans,
    queryFn: () => api.call(payoutEndpoints.plans),
    staleTime: 5 * 60_000,
  });
}

/** The membership in force: null when there is none, or when nobody is logged in (401). */
export function useMembership() {
  const api = useApiClient();
  return useQuery({
    queryKey: payoutKeys.membership,
    queryFn: async () => {
      try {
        return await api.call(payoutEndpoints.membership);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

/**
 * What buying a plan now would be for the caller (kind, price, dates, what it adds), read when its form
 * opens and again whenever the membership changes; the purchase sends the kind and price it showed.
 */
export function useMembershipQuote(planId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: payoutKeys.quote(planId),
    queryFn: () => api.call(payoutEndpoints.membershipQuote, { query: { plan_id: planId } }),
    staleTime: 0,
    retry: false,
  });
}

/** A page of the caller's payouts, newest first, for a tab. */
export function usePayouts(tab: PayoutTab, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: payoutKeys.list(tab, page),
    queryFn: () => api.call(payoutEndpoints.list, { query: { status: tab === "all" ? undefined : tab, page, per_page: PAYOUTS_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
}

export function usePayout(id: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: payoutKeys.one(id ?? ""),
    queryFn: () => api.call(payoutEndpoints.one, { params: { id: id ?? "" } }),
    enabled: Boolean(id),
  });
}

/** After money moved for a plan or a payout: balances, the header, the membership and the payouts read fresh. */
function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      queryClient.invalidateQueries({ queryKey: meKeys.all }),
      queryClient.invalidateQueries({ queryKey: payoutKeys.membership }),
      queryClient.invalidateQueries({ queryKey: ["memberships", "quote"] }),
      queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
    ]);
}

/** Buys, renews or changes a plan: one Idempotency-Key per submission, kept when the same purchase is sent again after an unknown outcome. */
export function useBuyMembership() {
  const api = useApiClient();
  const refresh = useRefreshAfterPayment();
  const [keys] = useState(submissionKeys);
  return useMutation({
    mutationFn: (input: z.input<typeof buyMembershipInput>) =>
      api.call(payoutEndpoints.buyMembership, { body: input, idempotencyKey: keys.keyFor(input) }),
    onSettled: (_data, error) => {
      keys.settled(error);
      return refresh();
    },
  });
}

/** Pays for a plan through a gateway: the answer's redirect_url is the payment page (the plan is bought when it is paid). */
export function useMembershipCheckout() {
  const api = useApiClient();
  const [keys] = useState(submissionKeys);
  return useMutation({
    mutationFn: (input: z.input<typeof membershipCheckoutInput>) =>
      api.call(payoutEndpoints.checkout, { body: input, idempotencyKey: keys.keyFor(input) }),
    onSettled: (_data, error) => keys.settled(error),
  });
}

/** Requests a payout of earnings; the answer's message is already in the page's language. */
export function useRequestPayout() {
  const api = useApiClient();
  const refresh = useRefreshAfterPayment();
  const [keys] = useState(submissionKeys);
  return useMutation({
    mutationFn: (input: CreatePayoutInput) => api.call(payoutEndpoints.create, { body: input, idempotencyKey: keys.keyFor(input) }),
    onSettled: (_data, error) => {
      keys.settled(error);
      return refresh();
    },
  });
}
