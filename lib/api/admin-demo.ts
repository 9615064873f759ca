"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { demoEndpoints, type DemoClock } from "@/lib/schemas/demo";
import { ApiError } from "./client";
import { useApiClient } from "./use-api-client";

export type { DemoClock };

const demoKeys = { clock: ["admin", "demo-clock"] as const };

/** GET /api/admin/demo-clock: the demo's clock; null on a real installation (404), where there is none. */
export function useDemoClock() {
  const api = useApiClient();
  return useQuery({
    queryKey: demoKeys.clock,
    queryFn: async () => {
      try {
        return await api.call(demoEndpoints.clock);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** POST /api/admin/demo-clock: a day or a week forward; every list is read again (money and states moved). */
export function useAdvanceDemoClock() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: 1 | 7) => api.call(demoEndpoints.advance, { body: { days } }),
    onSuccess: (clock) => {
      queryClient.setQueryData(demoKeys.clock, clock);
      return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] !== "demo-clock" });
    },
  });
}
