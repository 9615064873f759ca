import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { PublicShell } from "@/components/layout/PublicShell";
import { AllMessages } from "@/components/i18n/AllMessages";
import { AppProviders } from "@/components/providers/AppProviders";

/** The default layout: site header and footer around the page. */
export default async function DefaultLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  // Every layout sets the locale for its own server components (footer, links): layouts render apart from pages.
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <AllMessages locale={locale}>
      <PublicShell locale={locale}>
        <AppProviders>{children}</AppProviders>
      </PublicShell>
    </AllMessages>
  );
}
