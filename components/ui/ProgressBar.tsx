"use client";
import { useFormatter } from "next-intl";

/** 0–100 as a bar with its figure. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const format = useFormatter();
  const clamped = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <div className="flex min-w-28 items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        className="h-2 flex-1 overflow-hidden rounded-full bg-surface-sunken"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${clamped}%` }} />
      </div>
      <span className="text-xs tabular-nums text-ink-muted">{format.number(clamped / 100, "percent")}</span>
    </div>
  );
}
