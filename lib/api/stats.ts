"use client";
import { useLocale } from "next-intl";
import { useEffect, useState } from "react";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import type { PublicStats } from "@/lib/schemas/stats";
import { shellEndpoints } from "./shell-endpoints";

/**
 * GET /api/stats: the landing page's four figures, asked once the page is interactive (null until they
 * arrive, or if they never do). The API client comes with them, after hydration: the landing page's own
 * first load carries neither it nor a query cache (the signed-out visitor needs no more).
 */
export function usePublicStats(): PublicStats | null {
  const pageLocale = useLocale();
  const locale = isLocale(pageLocale) ? pageLocale : defaultLocale;
  const [stats, setStats] = useState<PublicStats | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // Public figures: no session, so no token and no renewal.
    import("./client")
      .then(({ createApiClient }) => createApiClient({ locale }).call(shellEndpoints.publicStats, { signal: controller.signal }))
      .then(setStats, () => undefined);
    return () => controller.abort();
  }, [locale]);
  return stats;
}
