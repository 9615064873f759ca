import type { ReactNode } from "react";
import { appLinksFromEnv } from "@/lib/app-links";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

/** Header, main content, footer: the pages and default layouts, the landing page and error pages. */
export function PublicShell({ locale, children }: { locale: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter locale={isLocale(locale) ? locale : defaultLocale} appLinks={appLinksFromEnv()} />
    </div>
  );
}
