import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PeopleSearch } from "@/components/people/PeopleSearch";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.peopleTitle"), robots: { index: false } };
}

/** The people view: find anyone by phone, e-mail, national ID or name. */
export default async function PeoplePage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <PeopleSearch />;
}
