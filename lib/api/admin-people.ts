"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { peopleEndpoints, type BanInput, type Person, type PersonOverview, type banResultOutput } from "@/lib/schemas/people";
import { adminKeys } from "./admin";
import { useApiClient } from "./use-api-client";

export type { BanInput, Person, PersonOverview };
export type BanResult = z.infer<typeof banResultOutput>;

export const PEOPLE_PER_PAGE = 20;

const peopleKeys = {
  searches: () => [...adminKeys.users(), "search"] as const,
  search: (q: string, page: number) => [...adminKeys.users(), "search", { q, page }] as const,
  overview: (id: string) => [...adminKeys.user(id), "overview"] as const,
};

/** GET /api/admin/users: people matching the search (phone, e-mail, national ID, name), newest first. */
export function usePeople(q: string, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: peopleKeys.search(q, page),
    queryFn: ({ signal }) => api.call(peopleEndpoints.search, { query: { q: q || undefined, page, per_page: PEOPLE_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/{id}/overview. */
export function usePersonOverview(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: peopleKeys.overview(id),
    queryFn: ({ signal }) => api.call(peopleEndpoints.overview, { params: { id }, signal }),
  });
}

/** POST ban (with reason and end) or unban; the answer carries the person as they are now. */
export function useBanDecision(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { ban: BanInput } | { unban: true }) =>
      "ban" in decision
        ? api.call(peopleEndpoints.ban, { params: { id }, body: decision.ban })
        : api.call(peopleEndpoints.unban, { params: { id } }),
    // The answer is the person as they are now; only the search lists (their "banned until") are read again.
    onSuccess: (result) => queryClient.setQueryData(peopleKeys.overview(id), result.overview),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.searches() }),
  });
}
