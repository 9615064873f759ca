import type { AnchorHTMLAttributes, ReactNode } from "react";
import { vi } from "vitest";

/**
 * next-intl's navigation as component tests mock it (it needs the Next.js router; a plain anchor
 * does here), at `pathname`, pushing to `router`:
 *   vi.mock("@/lib/i18n/navigation", async () => (await import("../support/navigation")).plainNavigation("/admin"));
 */
export function plainNavigation(pathname: string, router: { push: unknown; replace?: unknown } = { push: vi.fn(), replace: vi.fn() }) {
  return {
    Link: ({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ReactNode }) => (
      <a href={href} {...rest}>
        {children}
      </a>
    ),
    usePathname: () => pathname,
    useRouter: () => router,
  };
}
