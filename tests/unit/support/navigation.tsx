import type { AnchorHTMLAttributes, ReactNode } from "react";
import { vi } from "vitest";

type Href = string | { pathname: string; query?: Record<string, string> };

/** next-intl's Link as a plain anchor (an object href keeps its query, encoded as the real Link does). */
export function PlainLink({
  href,
  children,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { href: Href; children: ReactNode }) {
  const url = typeof href === "string" ? href : `${href.pathname}${href.query ? `?${new URLSearchParams(href.query).toString()}` : ""}`;
  return (
    <a href={url} {...rest}>
      {children}
    </a>
  );
}

/**
 * next-intl's navigation as component tests mock it (it needs the Next.js router; a plain anchor
 * does here), at `pathname`, pushing to `router`:
 *   vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/admin"));
 */
export function plainNavigation(pathname: string, router: { push: unknown; replace?: unknown } = { push: vi.fn(), replace: vi.fn() }) {
  return {
    Link: PlainLink,
    usePathname: () => pathname,
    useRouter: () => router,
  };
}
