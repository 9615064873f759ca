"use client";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useLocale } from "next-intl";
import { shellEndpoints } from "@/lib/api/shell-endpoints";
import { hasSessionHint } from "@/lib/auth/cookies";

/** What the public header knows of the visitor: anonymous, or signed in (first name once GET /api/me answered). */
export type PublicAccount = { signedIn: false } | { signedIn: true; firstName: string | null };

const noSubscription = () => () => {};

/**
 * The visitor's account on the static public pages. The server renders every visitor as anonymous
 * (the HTML is cached and shared); after hydration the browser reads the session hint cookie and,
 * when it is there, confirms with GET /api/me (which renews an expired access token). A stale hint
 * (session ended elsewhere) turns back to anonymous. Anonymous visitors cost no request, and no API client:
 * it is fetched only for a visitor who holds the hint.
 */
export function usePublicAccount(): PublicAccount {
  // The server snapshot (false) is used while hydrating, so the first render matches the HTML.
  const hinted = useSyncExternalStore(
    noSubscription,
    () => hasSessionHint(document.cookie),
    () => false,
  );
  const locale = useLocale();
  const [me, setMe] = useState<{ firstName: string } | null | undefined>(undefined);

  useEffect(() => {
    if (!hinted) return;
    const controller = new AbortController();
    void import("@/lib/api/use-api-client")
      .then(({ apiClientFor, ApiError }) =>
        apiClientFor(locale)
          .call(shellEndpoints.me, { signal: controller.signal })
          .then(
            (user) => setMe({ firstName: user.first_name.trim() }),
            (error: unknown) => {
              if (error instanceof ApiError && error.status === 401) setMe(null);
            },
          ),
      )
      // The client's chunk did not load (offline, a new deployment): the header stays as the server drew it.
      .catch(() => undefined);
    return () => controller.abort();
  }, [hinted, locale]);

  if (!hinted || me === null) return { signedIn: false };
  return { signedIn: true, firstName: me?.firstName || null };
}
