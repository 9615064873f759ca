import type { Metadata } from "next";
import { isUuid } from "@/lib/validation/uuid";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { IdentityReview } from "@/components/profile/admin/IdentityReview";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.reviewTitle"), robots: { index: false } };
}

/** One identity request: profile, card image, approve or reject. */
export default async function IdentityReviewPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  if (!isUuid(id)) notFound();
  return <IdentityReview id={id} />;
}
