import type { ReactNode } from "react";

/**
 * A link to another site (a post, a channel) in a new tab, without handing it this page: the address reads
 * left to right inside right-to-left text and is cut with an ellipsis (`truncate`) or wrapped where it must.
 */
export function ExternalLink({
  href,
  children,
  className = "",
  fit = "truncate",
}: {
  href: string;
  children?: ReactNode;
  className?: string;
  fit?: "truncate" | "wrap";
}) {
  const fitClass = fit === "truncate" ? "block truncate text-start rtl:text-end" : "[overflow-wrap:anywhere]";
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      dir="ltr"
      className={`text-brand-700 hover:underline ${fitClass} ${className}`.trim()}
    >
      {children ?? href}
    </a>
  );
}
