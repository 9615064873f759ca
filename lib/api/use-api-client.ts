"use client";
import { useLocale } from "next-intl";
import { useMemo } from "react";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { ApiError, createApiClient } from "./client";

export { ApiError };
import { refreshSession } from "./session";

/** The API client in `locale`; the session rides in httpOnly cookies (DESIGN §2), refreshed on a 401. */
export function apiClientFor(locale: string) {
  return createApiClient({ locale: isLocale(locale) ? locale : defaultLocale, onUnauthorized: () => refreshSession() });
}

/** The API client bound to the page's locale. */
export function useApiClient() {
  const locale = useLocale();
  return useMemo(() => apiClientFor(locale), [locale]);
}
