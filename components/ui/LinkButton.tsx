import type { ComponentProps } from "react";
import { Link } from "@/lib/i18n/link";

/** The classes of a link that looks like a button (for a plain <a> or a <Link>). */
export const linkButton = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-lg border border-surface-line bg-surface px-4 py-2.5 text-sm font-semibold text-ink hover:bg-surface-sunken",
} as const;

/** A locale-aware link drawn as a button. */
export function LinkButton({
  variant = "primary",
  className = "",
  ...props
}: ComponentProps<typeof Link> & { variant?: keyof typeof linkButton }) {
  return <Link {...props} className={`${linkButton[variant]} ${className}`.trim()} />;
}
