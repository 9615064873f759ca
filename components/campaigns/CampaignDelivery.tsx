"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useCampaignDelivery } from "@/lib/api/campaigns";
import type { Delivery } from "@/lib/schemas/activities";

const FIGURES = [
  "delivered",
  "reviewed",
  "auto_checked",
  "watched",
  "awaiting_review",
  "dropped",
  "refilled",
] as const satisfies readonly (keyof Delivery)[];

/** The producer's view of delivery: units delivered, how they were checked, dropped at release and refilled. */
export function CampaignDelivery({ campaignId }: { campaignId: string }) {
  const t = useTranslations("campaigns.delivery");
  const format = useFormatter();
  const query = useCampaignDelivery(campaignId);
  if (!query.data) return null;
  const delivery = query.data;
  return (
    <section aria-labelledby="delivery-title" className="grid gap-2">
      <h2 id="delivery-title" className="text-sm font-semibold text-ink">
        {t("title")}
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="campaign-delivery">
        {FIGURES.map((figure) => (
          <div key={figure} className="rounded-lg bg-surface-sunken px-3 py-2">
            <dt className="text-xs text-ink-muted">{t(figure)}</dt>
            <dd className="text-base font-semibold text-ink" dir="ltr">
              {format.number(delivery[figure])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
