import type { ReactNode } from "react";

/**
 * A wide table's own sideways scroll, so the page never scrolls sideways on a phone. It is a named
 * region a keyboard can reach (arrows then scroll it), and `contain: inline-size` keeps the table's
 * width out of the page's layout: without it a grid or flex parent grows to the table's minimum
 * width and the whole page overflows. `relative` keeps the table's visually hidden texts (caption,
 * button names) inside it: otherwise they are placed against the page and widen it.
 */
export function ScrollRegion({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`relative overflow-x-auto rounded-lg [contain:inline-size] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 ${className}`}
    >
      {children}
    </div>
  );
}
