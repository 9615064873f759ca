import type { Metadata } from "next";
import { isUuid } from "@/lib/validation/uuid";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CampaignReview } from "@/components/campaigns/admin/CampaignReview";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.campaignReviewTitle"), robots: { index: false } };
}

/** One campaign awaiting review: specifications, invoice, approve or reject. */
export default async function CampaignReviewPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  if (!isUuid(id)) notFound();
  return <CampaignReview id={id} />;
}
