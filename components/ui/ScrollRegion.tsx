import type { ReactNode } from "react";

/**
 * A wide table's own sideways scroll, so the page never scrolls sideways on a phone. It is a named
 * region a keyboard can reach (arrows then scroll it), and `contain: inline-size` keeps the table's
 * width out of the page's layout: without it a grid or flex parent grows to the table's minimum
 * width and the whole page overflows. `relative` keeps the table's visually hidden texts (caption,
 * button names) inside it: otherwise they are placed against the page and widen it. A soft shadow
 * on the side that has more (white covers that scroll with the table hide it at either end) tells a
 * phone user the table goes on; the region sits on a white card.
 */
export function ScrollRegion({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`relative overflow-x-auto rounded-lg bg-no-repeat [background-attachment:local,local,scroll,scroll] [background-image:linear-gradient(to_right,white_30%,transparent),linear-gradient(to_left,white_30%,transparent),radial-gradient(farthest-side_at_0_50%,rgb(15_23_42/0.18),transparent),radial-gradient(farthest-side_at_100%_50%,rgb(15_23_42/0.18),transparent)] [background-position:0_0,100%_0,0_0,100%_0] [background-size:2.5rem_100%,2.5rem_100%,0.875rem_100%,0.875rem_100%] [contain:inline-size] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 ${className}`}
    >
      {children}
    </div>
  );
}
