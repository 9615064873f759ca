"use client";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { ErrorView } from "@/components/errors/ErrorView";
import { reportNavigationError } from "@/components/navigation/NavigationEvents";
import { Link } from "@/lib/i18n/navigation";

/** Errors while rendering a page: the "Internal Server Error" variant, with a retry. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("errors");
  const common = useTranslations("common");
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
        <Link href="/" className="rounded-lg border border-surface-line px-4 py-2 font-semibold">
          {common("backHome")}
        </Link>
      </ErrorView>
    </main>
  );
}
