import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LanguageModalSlot } from "@/components/i18n/LanguageModalSlot";
import { DeferredNavigationEvents } from "@/components/navigation/DeferredNavigationEvents";
import { CloseNavOnRouteChange } from "@/components/navigation/CloseNavOnRouteChange";
import { SupportWidget } from "@/components/support/SupportWidget";
import { fontClassOf } from "@/lib/fonts";
import { formats } from "@/lib/format/formats";
import { directionOf, type Locale } from "@/lib/i18n/locales";
import { pickNamespaces, SHELL_NAMESPACES } from "@/lib/i18n/client-messages";

/**
 * <html lang dir> and everything every page has: messages, navigation feedback, the
 * language modal. Used by the locale layout and by the 404 page that unmatched URLs get.
 */
export async function DocumentShell({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [messages, t] = await Promise.all([getMessages({ locale }), getTranslations({ locale, namespace: "common" })]);
  return (
    <html lang={locale} dir={directionOf(locale)} className={fontClassOf(locale)}>
      <body className="min-h-dvh">
        <a
          href="#main"
          className="sr-only z-modal rounded-lg bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
        >
          {t("skipToContent")}
        </a>
        <NextIntlClientProvider locale={locale} messages={pickNamespaces(messages, SHELL_NAMESPACES)} formats={formats}>
          <DeferredNavigationEvents />
          <CloseNavOnRouteChange />
          {children}
          <LanguageModalSlot />
          <SupportWidget />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
