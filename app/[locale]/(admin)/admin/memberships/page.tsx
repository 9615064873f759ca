import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { InvitationReward } from "@/components/payouts/admin/InvitationReward";
import { PlanAdmin } from "@/components/payouts/admin/PlanAdmin";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.membershipsTitle"), robots: { index: false } };
}

/** Membership plans: every plan, on sale or not; add one or change one. */
export default async function MembershipPlansPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return (
    <div className="grid gap-6">
      <PlanAdmin />
      <InvitationReward />
    </div>
  );
}
