"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/Card";
import { LinkButton } from "@/components/ui/LinkButton";
import type { EarnSummary } from "@/lib/api/activities";
import { useMoney } from "@/lib/format/money";

/** The booster's standing: success rate, today's allowance, what waits for release and what can be withdrawn. */
export function EarnStanding({ summary }: { summary: EarnSummary }) {
  const t = useTranslations("earn.standing");
  const format = useFormatter();
  const money = useMoney();
  const rate = summary.success_rate === null ? t("successRateNone") : format.number(summary.success_rate / 100, "percent");
  return (
    <Card id="earn-standing" title={t("title")}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="earn-standing">
        <Figure label={t("successRate")} value={rate} />
        <Figure
          label={t("allowance")}
          value={t("allowanceOf", {
            remaining: format.number(summary.allowance.remaining),
            perDay: format.number(summary.allowance.per_day),
          })}
          testId="earn-allowance"
        />
        <Figure
          label={t("held")}
          value={money(summary.held)}
          note={
            summary.next_release_at ? t("nextRelease", { date: format.dateTime(new Date(summary.next_release_at), "date") }) : undefined
          }
        />
        <Figure
          label={t("available")}
          value={money(summary.available)}
          note={
            <LinkButton href="/dashboard/wallet" variant="secondary" className="mt-1 px-3 py-1.5 text-xs">
              {t("toWallet")}
            </LinkButton>
          }
        />
      </dl>
    </Card>
  );
}

function Figure({ label, value, note, testId }: { label: string; value: ReactNode; note?: ReactNode; testId?: string }) {
  return (
    <div className="grid content-start gap-1 rounded-lg bg-surface-sunken p-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="grid justify-items-start gap-1">
        <span className="text-lg font-bold tabular-nums text-ink [overflow-wrap:anywhere]" data-testid={testId}>
          {value}
        </span>
        {note ? <span className="text-xs text-ink-muted">{note}</span> : null}
      </dd>
    </div>
  );
}
