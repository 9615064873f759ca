import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ContentPageEditor } from "@/components/pages/admin/ContentPageEditor";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { pageSlug } from "@/lib/schemas/pages";

type Props = { params: Promise<{ locale: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.pageEditTitle"), robots: { index: false } };
}

/** One content page in its four languages. A slug that could not be a page is a 404. */
export default async function ContentPageEditPage({ params }: Props) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  if (!pageSlug.safeParse(slug).success) notFound();
  return <ContentPageEditor slug={slug} />;
}
