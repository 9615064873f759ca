import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

/**
 * Every message namespace for the client components below: the layouts whose pages have forms and
 * tables (panel, back office, auth, default). The document shell hands the browser only the public
 * pages' namespaces (lib/i18n/client-messages.ts). The locale comes from the layout's params: a
 * statically rendered layout has no request to read it from.
 */
export async function AllMessages({ locale, children }: { locale: string; children: ReactNode }) {
  const current = isLocale(locale) ? locale : defaultLocale;
  const messages = await getMessages({ locale: current });
  return (
    <NextIntlClientProvider locale={current} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}
