"use client";
import { useLocale } from "next-intl";
import { useMemo } from "react";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { createApiClient } from "./client";
import { refreshSession } from "./session";

/** The API client bound to the page's locale; the session rides in httpOnly cookies (DESIGN §2), refreshed on a 401. */
export function useApiClient() {
  const locale = useLocale();
  return useMemo(
    () =>
      createApiClient({
        locale: isLocale(locale) ? locale : defaultLocale,
        onUnauthorized: () => refreshSession(),
      }),
    [locale],
  );
}
