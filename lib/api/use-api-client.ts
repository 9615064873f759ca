"use client";
import { useLocale } from "next-intl";
import { useMemo } from "react";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { useAuthStore } from "@/stores/auth";
import { createApiClient } from "./client";
import { refreshSession } from "./session";

/** The API client bound to the page's locale and the held token. */
export function useApiClient() {
  const locale = useLocale();
  return useMemo(
    () =>
      createApiClient({
        locale: isLocale(locale) ? locale : defaultLocale,
        getToken: () => useAuthStore.getState().jwt,
        onUnauthorized: () => refreshSession(),
      }),
    [locale],
  );
}
