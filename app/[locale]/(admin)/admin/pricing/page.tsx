import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PricingEditor } from "@/components/campaigns/admin/PricingEditor";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.pricingTitle"), robots: { index: false } };
}

/** Prices per action and boosters' shares. */
export default async function PricingPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <PricingEditor />;
}
