import type { ReactNode } from "react";
import { Link } from "@/lib/i18n/link";

/** A chevron pointing back along the reading direction (mirrored in right-to-left). */
export function BackChevron({ className = "h-4 w-4", strokeWidth = "2" }: { className?: string; strokeWidth?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`${className} rtl:-scale-x-100`}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
    >
      <path d="M15 18l-6-6 6-6" />
    </svg>
  );
}

/** "← Back to …": a small link above a page's heading. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <BackChevron />
      {children}
    </Link>
  );
}
