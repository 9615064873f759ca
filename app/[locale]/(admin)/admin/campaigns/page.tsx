import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CampaignQueue } from "@/components/campaigns/admin/CampaignQueue";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.campaignQueueTitle"), robots: { index: false } };
}

/** Campaigns awaiting review. */
export default async function CampaignQueuePage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <CampaignQueue />;
}
