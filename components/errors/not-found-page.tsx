import { headers } from "next/headers";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PublicShell } from "@/components/layout/PublicShell";
import { defaultLocale, LOCALE_HEADER, matchLocale, PATH_HEADER, type Locale } from "@/lib/i18n/locales";
import { NotFoundContent } from "./NotFoundContent";

/** What the proxy negotiated for this request (not-found boundaries receive no params). */
export async function notFoundRequest(): Promise<{ locale: Locale; path: string }> {
  const h = await headers();
  const locale = matchLocale(h.get(LOCALE_HEADER)) ?? defaultLocale;
  return { locale, path: h.get(PATH_HEADER) ?? "/" };
}

/** The 404 page body inside the public shell, with its own title. */
export async function NotFoundPage({ locale, path }: { locale: Locale; path: string }) {
  setRequestLocale(locale);
  const [errors, meta] = await Promise.all([
    getTranslations({ locale, namespace: "errors" }),
    getTranslations({ locale, namespace: "meta" }),
  ]);
  return (
    <>
      <title>{meta("titleTemplate").replace("%s", errors("notFoundTitle"))}</title>
      <meta name="robots" content="noindex" />
      <PublicShell locale={locale}>
        <NotFoundContent locale={locale} path={path} />
      </PublicShell>
    </>
  );
}
