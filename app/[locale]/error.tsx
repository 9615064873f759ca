"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { ErrorView } from "@/components/errors/ErrorView";
import { reportNavigationError } from "@/lib/navigation/navigation-error";
import { isLocale, defaultLocale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/negotiate";

/**
 * Errors while rendering a page: the "Internal Server Error" variant, with a retry. The way home is
 * a plain link (a full load starts clean after an error), which also keeps the router's Link out of
 * this boundary's chunk: every page loads it up front.
 */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("errors");
  const common = useTranslations("common");
  const locale = useLocale();
  useEffect(() => {
    reportNavigationError();
    console.error(error);
  }, [error]);
  return (
    <main id="main" className="flex min-h-dvh items-center">
      <ErrorView status={500} statusText={t("serverStatus")} title={t("serverStatus")} body={t("serverBody")}>
        <button type="button" onClick={reset} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {common("retry")}
        </button>
        <a
          href={localizedPath(isLocale(locale) ? locale : defaultLocale, "/")}
          className="rounded-lg border border-surface-line px-4 py-2 font-semibold"
        >
          {common("backHome")}
        </a>
      </ErrorView>
    </main>
  );
}
