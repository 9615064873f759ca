"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { useDates } from "@/components/campaigns/shared";
import { CAMPAIGN_QUEUE_PER_PAGE, useCampaignQueue } from "@/lib/api/admin";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/navigation";
import { AdminLoadError, AdminLoading } from "./AdminStates";
import { ScrollRegion } from "@/components/layout/ScrollRegion";

/** Campaigns awaiting review, oldest first, a page at a time. */
export function CampaignQueue({ perPage = CAMPAIGN_QUEUE_PER_PAGE }: { perPage?: number }) {
  const t = useTranslations("admin.campaignQueue");
  const tQueue = useTranslations("admin.queue");
  const tCampaigns = useTranslations("campaigns");
  const money = useMoney();
  const date = useDates();
  const [page, setPage] = useState(1);
  const query = useCampaignQueue(page, perPage);

  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / Math.max(1, query.data?.meta.per_page || perPage)));
  const rows = query.data?.data ?? [];
  const th = "px-3 py-2 text-start font-medium";

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{t("heading")}</h1>
        <p className="mt-1 text-sm leading-6 text-ink-muted">{t("intro")}</p>
      </div>

      <Card>
        {query.isPending ? (
          <AdminLoading />
        ) : query.isError ? (
          <AdminLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : rows.length === 0 ? (
          <div className="grid justify-items-center gap-3 py-8 text-center">
            <p className="text-ink-muted">{t("empty")}</p>
            {page > 1 ? (
              <Button type="button" variant="secondary" onClick={() => setPage(1)}>
                {tQueue("firstPage")}
              </Button>
            ) : null}
          </div>
        ) : (
          <div className="grid gap-4">
            <p className="text-sm font-medium text-ink-muted" aria-live="polite">
              {t("count", { count: total })}
            </p>
            <ScrollRegion label={t("caption")}>
              <table className="w-full min-w-[40rem] text-start text-sm" aria-busy={query.isFetching || undefined}>
                <caption className="sr-only">{t("caption")}</caption>
                <thead>
                  <tr className="border-b border-surface-line text-ink-muted">
                    <th scope="col" className={th}>
                      {tCampaigns("columns.name")}
                    </th>
                    <th scope="col" className={th}>
                      {tCampaigns("columns.network")}
                    </th>
                    <th scope="col" className={th}>
                      {tCampaigns("columns.strategy")}
                    </th>
                    <th scope="col" className={th}>
                      {tCampaigns("spec.budget")}
                    </th>
                    <th scope="col" className={th}>
                      {tCampaigns("columns.created")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-end font-medium">
                      <span className="sr-only">{tQueue("actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((campaign) => (
                    <tr key={campaign.id} className="border-b border-surface-line last:border-b-0">
                      <th scope="row" className="px-3 py-3 text-start font-semibold text-ink">
                        <bdi>{campaign.name}</bdi>
                      </th>
                      <td className="px-3 py-3">{tCampaigns(`networks.${campaign.network}`)}</td>
                      <td className="px-3 py-3">{tCampaigns(`strategies.${campaign.strategy}`)}</td>
                      <td className="px-3 py-3 tabular-nums">{money(campaign.budget)}</td>
                      <td className="px-3 py-3 text-ink-muted">{date(campaign.created_at)}</td>
                      <td className="px-3 py-3 text-end">
                        <Link
                          href={`/admin/campaigns/${campaign.id}`}
                          aria-label={t("reviewFor", { name: campaign.name })}
                          className="inline-flex rounded-lg px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50"
                        >
                          {tQueue("review")}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            {total > perPage ? (
              <nav
                aria-label={tQueue("pagination")}
                className="flex flex-wrap items-center justify-between gap-3 border-t border-surface-line pt-4"
              >
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                  disabled={page <= 1 || query.isFetching}
                >
                  {tQueue("previous")}
                </Button>
                <p className="text-sm text-ink-muted" aria-live="polite">
                  {tQueue("pageStatus", { page, pages })}
                </p>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => setPage((p) => Math.min(pages, p + 1))}
                  disabled={page >= pages || query.isFetching}
                >
                  {tQueue("next")}
                </Button>
              </nav>
            ) : null}
          </div>
        )}
      </Card>
    </div>
  );
}
