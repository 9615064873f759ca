import type { ReactNode } from "react";

const tones = {
  error: "border-danger-500/30 bg-red-50 text-danger-600",
  success: "border-success-500/30 bg-green-50 text-success-600",
  warning: "border-amber-500/30 bg-amber-50 text-amber-800",
  info: "border-brand-200 bg-brand-50 text-brand-800",
} as const;

/** A message box; errors are announced at once, the rest politely. */
export function Alert({ tone = "info", children, className = "" }: { tone?: keyof typeof tones; children: ReactNode; className?: string }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-3 py-2.5 text-sm leading-6 ${tones[tone]} ${className}`}
    >
      {children}
    </div>
  );
}
