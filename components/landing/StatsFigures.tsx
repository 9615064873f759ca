"use client";
import { useFormatter, useTranslations } from "next-intl";
import { usePublicStats } from "@/lib/api/stats";
import { useMoney } from "@/lib/format/money";

/**
 * The four figures of GET /api/stats (counted in the database, cached a minute by the API), asked
 * once the page is interactive so that the landing page itself stays a static file. Until they
 * arrive each figure holds its place with a dash; if they never do, the dashes stay.
 */
export function StatsFigures() {
  const t = useTranslations("landing.stats");
  const format = useFormatter();
  const money = useMoney();
  const stats = usePublicStats();
  const figures = [
    { key: "campaigns", value: stats && format.number(stats.campaigns_run) },
    { key: "tasks", value: stats && format.number(stats.tasks_completed) },
    { key: "boosters", value: stats && format.number(stats.boosters_paid) },
    { key: "paidOut", value: stats && money.words(stats.rials_paid_out) },
  ] as const;
  return (
    <dl className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4" aria-busy={stats === null} data-testid="landing-stats">
      {figures.map((figure) => (
        <div key={figure.key} className="flex flex-col-reverse items-center gap-1 rounded-card border border-surface-line p-5 text-center">
          <dt className="text-sm text-ink-muted">{t(figure.key)}</dt>
          <dd className="min-h-8 text-2xl font-black text-brand-700 [overflow-wrap:anywhere]">
            {figure.value ?? (
              <span aria-hidden="true" className="text-ink-faint">
                —
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
