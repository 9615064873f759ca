import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ContentPageList } from "@/components/pages/admin/ContentPageList";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.pagesTitle"), robots: { index: false } };
}

/** Content pages (about, terms, privacy …) and their languages. */
export default async function ContentPagesPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <ContentPageList />;
}
