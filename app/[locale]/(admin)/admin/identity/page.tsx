import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { IdentityQueue } from "@/components/profile/admin/IdentityQueue";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.queueTitle"), robots: { index: false } };
}

/** The identity verification queue (also the back office's home, /admin). */
export default async function IdentityQueuePage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <IdentityQueue />;
}
