import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { DocumentShell } from "@/components/layout/DocumentShell";
import { isLocale, locales } from "@/lib/i18n/locales";
import { siteUrl } from "@/lib/seo/alternates";
import { ogImageAlt, socialMetadata } from "@/lib/seo/social";

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

// Pages under a locale are static: rendered at build (or on first visit) and served from the cache.
// Without this the 404 boundary's headers() call (locale and path from the proxy) would make every
// page dynamic. Unmatched URLs render through /_not-found, outside this segment, with real headers.
export const dynamic = "force-static";

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: "meta" });
  return {
    title: { template: t("titleTemplate"), default: t("brand") },
    description: t("description"),
    applicationName: t("brand"),
    metadataBase: siteUrl(),
    // Every page shares the locale's default card unless it sets its own (lib/seo/social.ts).
    ...socialMetadata({ locale, siteName: t("brand"), alt: await ogImageAlt(locale) }),
  };
}

export const viewport: Viewport = { themeColor: "#1d59f1", width: "device-width", initialScale: 1 };

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return <DocumentShell locale={locale}>{children}</DocumentShell>;
}
