import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/link";
import type { Locale } from "@/lib/i18n/locales";
import { ErrorView } from "./ErrorView";

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** The localized 404 (SPEC §8 "Page not found: {path}"), naming the path that was asked for. */
export async function NotFoundContent({ locale, path }: { locale: Locale; path: string }) {
  const [t, common] = await Promise.all([
    getTranslations({ locale, namespace: "errors" }),
    getTranslations({ locale, namespace: "common" }),
  ]);
  return (
    <ErrorView
      status={404}
      statusText={t("notFoundStatus")}
      title={t("notFoundTitle")}
      body={t("notFoundBody", { path: safeDecode(path) })}
    >
      <Link href="/" locale={locale} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        {common("backHome")}
      </Link>
    </ErrorView>
  );
}
