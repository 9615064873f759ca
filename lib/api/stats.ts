"use client";
import { useQuery } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import type { PublicStats } from "@/lib/schemas/stats";
import { shellEndpoints } from "./shell-endpoints";
import { createApiClient } from "./client";

export const statsKeys = { public: ["stats"] as const };

/** GET /api/stats: the landing page's four figures, asked once (null until they arrive or if they never do). */
export function usePublicStats(): PublicStats | null {
  const pageLocale = useLocale();
  const locale = isLocale(pageLocale) ? pageLocale : defaultLocale;
  const stats = useQuery({
    queryKey: [...statsKeys.public, locale],
    // Public figures: no session, so no token and no renewal.
    queryFn: ({ signal }) => createApiClient({ locale }).call(shellEndpoints.publicStats, { signal }),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return stats.data ?? null;
}
