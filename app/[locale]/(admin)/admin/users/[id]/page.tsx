import type { Metadata } from "next";
import { isUuid } from "@/lib/validation/uuid";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PersonView } from "@/components/people/PersonView";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.personTitle"), robots: { index: false } };
}

/** One person: profile, ban, balances, campaigns, work, payouts, invitations, sessions. */
export default async function PersonPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  if (!isUuid(id)) notFound();
  return <PersonView id={id} />;
}
