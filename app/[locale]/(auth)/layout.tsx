import type { ReactNode } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Brand } from "@/components/layout/Brand";
import { AllMessages } from "@/components/i18n/AllMessages";
import { LanguageButton } from "@/components/i18n/LanguageButton";
import { AppProviders } from "@/components/providers/AppProviders";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

/** The authentication layout: a focused card, the brand and a language switch, nothing else. */
export default async function AuthLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "auth" });
  return (
    <AllMessages locale={locale}>
      <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-surface-sunken">
        <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4">
          <Brand />
          <LanguageButton />
        </header>
        <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col items-center px-4 pb-12">
          <div className="mb-2 text-center">
            <p className="text-lg font-bold text-brand-800">{t("welcome")}</p>
            <p className="text-sm text-ink-muted">{t("tagline")}</p>
          </div>
          <AppProviders>{children}</AppProviders>
        </main>
      </div>
    </AllMessages>
  );
}
