import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { DemoClock } from "@/components/demo/DemoClock";
import { PayoutQueue } from "@/components/payouts/admin/PayoutQueue";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.payoutsTitle"), robots: { index: false } };
}

/** Payouts by status: decide, send, reconcile with the bank; the rail and the withdrawals switch. */
export default async function PayoutsAdminPage({ params }: Props) {
  setRequestLocale((await params).locale);
  // On a demo installation, the clock that moves money with time sits beside the rail and the switch (issue 34).
  return <PayoutQueue aside={<DemoClock />} />;
}
