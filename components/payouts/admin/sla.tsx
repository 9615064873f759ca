"use client";
import { useFormatter, useTranslations } from "next-intl";
import { StatusPill, type StatusTone } from "@/components/ui/StatusPill";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Less time than this left before the promise falls due: the timer turns amber. */
export const SLA_SOON_HOURS = 4;

/**
 * Where a payout stands against its 24-hour promise (`due_at`) at `now`: due in, or overdue by, whole hours
 * (minutes under an hour). Time left rounds down and a minute still left counts, so "due in 0 min" never shows.
 */
export type Sla = { overdue: boolean; unit: "hours" | "minutes"; count: number; tone: "ok" | "soon" | "overdue" };

export function slaOf(dueAt: string | Date, now: number): Sla {
  const left = new Date(dueAt).getTime() - now;
  if (left > 0) {
    const tone = left < SLA_SOON_HOURS * HOUR ? "soon" : "ok";
    if (left >= HOUR) return { overdue: false, unit: "hours", count: Math.floor(left / HOUR), tone };
    return { overdue: false, unit: "minutes", count: Math.max(1, Math.ceil(left / MINUTE)), tone };
  }
  const late = -left;
  if (late >= HOUR) return { overdue: true, unit: "hours", count: Math.floor(late / HOUR), tone: "overdue" };
  return { overdue: true, unit: "minutes", count: Math.max(1, Math.floor(late / MINUTE)), tone: "overdue" };
}

const tones: Record<Sla["tone"], StatusTone> = { ok: "info", soon: "warning", overdue: "danger" };

/** "Due in 5 h" / "Overdue by 2 h" (red), in the locale's digits, beside the deadline itself. */
export function SlaTimer({ dueAt, now }: { dueAt: string; now: number }) {
  const t = useTranslations("admin.payouts.sla");
  const format = useFormatter();
  const sla = slaOf(dueAt, now);
  const key = `${sla.overdue ? "overdue" : "due"}${sla.unit === "hours" ? "Hours" : "Minutes"}` as const;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span data-testid="payout-sla">
        <StatusPill tone={tones[sla.tone]} wrap>
          {t(key, { count: sla.count })}
        </StatusPill>
      </span>
      <time dateTime={dueAt} className="text-xs text-ink-muted">
        {format.dateTime(new Date(dueAt), "dateTime")}
      </time>
    </span>
  );
}
