import type { ReactNode } from "react";

/** Text that reads left to right inside a right-to-left page (an address, a key's start, a header) and breaks anywhere rather than widen a phone's page. */
export function Ltr({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <span dir="ltr" className={`font-mono [overflow-wrap:anywhere] [unicode-bidi:isolate] ${className}`.trim()}>
      {children}
    </span>
  );
}
