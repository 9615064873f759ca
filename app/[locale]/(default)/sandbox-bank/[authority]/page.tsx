import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SandboxBankPage } from "@/components/payments/SandboxBankPage";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string; authority: string }> };

// Only reached from a test payment: rendered on first visit, never at build time.
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "sandboxBank" });
  return { title: t("title"), robots: { index: false, follow: false } };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default async function Page({ params }: Props) {
  const { locale, authority } = await params;
  setRequestLocale(locale);
  return <SandboxBankPage authority={decoded(authority)} />;
}
