import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost";

const variants: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-300",
  secondary: "border border-surface-line bg-surface text-ink hover:bg-surface-sunken disabled:text-ink-faint",
  danger: "bg-danger-600 text-white hover:bg-danger-500 disabled:opacity-60",
  ghost: "text-brand-700 hover:bg-brand-50 disabled:text-ink-faint",
};

/** The one button. `busy` keeps its width, disables it and tells assistive technology it is working. */
export function Button({
  variant = "primary",
  busy = false,
  className = "",
  children,
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return (
    <button
      {...props}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className}`}
    >
      {busy ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-e-transparent" /> : null}
      {children}
    </button>
  );
}
