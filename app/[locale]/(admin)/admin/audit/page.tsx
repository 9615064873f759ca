import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuditLog } from "@/components/audit/AuditLog";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "admin" });
  return { title: t("meta.auditTitle"), robots: { index: false } };
}

/** The audit log: every admin action and the system's, newest first, filterable. */
export default async function AuditPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <AuditLog />;
}
