"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ProgressBar } from "@/components/ui/ProgressBar";
import type { Campaign } from "@/lib/api/campaigns";
import { progressOf } from "@/lib/campaigns/progress";
import { useMoney } from "@/lib/format/money";
import { useMetricLabel } from "./Invoice";

/** The invoice's lines as lib/campaigns/progress.ts reads them (priced and locked at purchase). */
export function campaignProgress(campaign: Campaign) {
  const lines = campaign.invoice.lines.map((line) => ({
    metric: line.metric,
    action: line.action,
    unitPrice: line.unit_price,
    max: line.max,
  }));
  return progressOf(lines, campaign.delivered);
}

/**
 * How far a campaign has come, as the view and the back office show it, from lib/campaigns/progress.ts:
 * the percentage (the API's `progress`, the value delivered of the value bought), units delivered of
 * units bought per line and in all, money spent of the budget for tasks, and SPEC's post count worked.
 */
export function useCampaignProgressRows(campaign: Campaign): [string, ReactNode][] {
  const t = useTranslations("campaigns");
  const format = useFormatter();
  const money = useMoney();
  const metric = useMetricLabel();
  const progress = campaignProgress(campaign);
  const units = (delivered: number, bought: number) =>
    t("progress.units", { delivered: format.number(delivered), bought: format.number(bought) });
  const lines = progress.lines.filter((line) => line.bought > 0);
  return [
    [t("columns.progress"), <ProgressBar key="progress" value={campaign.progress} label={t("columns.progress")} />],
    [
      t("progress.unitsTitle"),
      <ul key="units" className="grid gap-1" data-testid="progress-lines">
        {lines.map((line) => (
          <li key={line.metric} className="flex flex-wrap justify-between gap-x-3">
            <span className="text-ink-muted">{metric(line.metric)}</span>
            <span className="tabular-nums">{units(line.delivered, line.bought)}</span>
          </li>
        ))}
        {lines.length > 1 ? (
          <li className="flex flex-wrap justify-between gap-x-3 border-t border-surface-line pt-1 font-semibold">
            <span>{t("progress.overall")}</span>
            <span className="tabular-nums">{units(progress.units.delivered, progress.units.bought)}</span>
          </li>
        ) : null}
      </ul>,
    ],
    [
      t("progress.spentTitle"),
      <span key="spent" data-testid="progress-spent">
        {t("progress.spent", { spent: money(campaign.spent), budget: money(campaign.invoice.subtotal) })}
      </span>,
    ],
    [t("progress.postsWorked"), <span key="posts">{format.number(campaign.posts_worked)}</span>],
  ];
}
