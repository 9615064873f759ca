import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { QuotaAdmin } from "@/components/youtube/admin/QuotaAdmin";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.youtubeTitle"), robots: { index: false } };
}

/** YouTube's daily quota: units used, reserved and left today, and the days before. */
export default async function YoutubeQuotaPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <QuotaAdmin />;
}
