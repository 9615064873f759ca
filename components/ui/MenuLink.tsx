import type { ReactNode } from "react";
import { Link } from "@/lib/i18n/link";

/** An outline icon drawn from one SVG path (menus). */
export function PathIcon({
  d,
  className = "h-5 w-5 shrink-0",
  roundJoins = true,
}: {
  d: string;
  className?: string;
  /** Round corners where segments meet (menus); false leaves them sharp (chevrons, arrows). */
  roundJoins?: boolean;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin={roundJoins ? "round" : undefined}
    >
      <path d={d} />
    </svg>
  );
}

/** A side menu's entry: its icon and words, marked as the current page when `active`. */
export function MenuLink({
  href,
  icon,
  active,
  children,
  nowrap = false,
}: {
  href: string;
  icon: string;
  active: boolean;
  children: ReactNode;
  /** Keep the words on one line (a menu that scrolls sideways on small screens). */
  nowrap?: boolean;
}) {
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={`flex items-center gap-3 ${nowrap ? "whitespace-nowrap " : ""}rounded-lg px-3 py-2.5 text-sm font-medium ${
        active ? "bg-brand-50 text-brand-800" : "text-ink-muted hover:bg-surface-sunken hover:text-ink"
      }`}
    >
      <PathIcon d={icon} />
      {children}
    </Link>
  );
}
