import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ActivityQueue } from "@/components/activities/admin/ActivityQueue";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.activityQueueTitle"), robots: { index: false } };
}

/** Boosters' work awaiting a person's review. */
export default async function ActivityQueuePage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <ActivityQueue />;
}
