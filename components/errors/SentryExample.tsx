"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ApiError } from "@/lib/api/client";
import { useApiClient } from "@/lib/api/use-api-client";
import { systemEndpoints } from "@/lib/schemas/system";

/** SPEC §1 sample error-reporting page: one error in the browser, one from the API. */
export function SentryExample({ enabled }: { enabled: boolean }) {
  const t = useTranslations("sentryExample");
  const api = useApiClient();
  const [apiResult, setApiResult] = useState<string | null>(null);
  return (
    <div className="mt-6 space-y-4">
      <p className="leading-8 text-ink-muted">{t("intro")}</p>
      {enabled ? null : <p className="rounded-lg bg-amber-50 p-3 text-sm text-accent-700">{t("off")}</p>}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="rounded-lg bg-danger-600 px-4 py-2 font-semibold text-white"
          onClick={() => {
            throw new Error("Sentry example browser error: thrown on purpose by /sentry-example-page");
          }}
        >
          {t("throwClient")}
        </button>
        <button
          type="button"
          className="rounded-lg border border-danger-600 px-4 py-2 font-semibold text-danger-600"
          onClick={async () => {
            try {
              await api.call(systemEndpoints.sentryExample, { retry: false });
            } catch (error) {
              if (error instanceof ApiError) setApiResult(t("apiFailed"));
            }
          }}
        >
          {t("callApi")}
        </button>
      </div>
      <p role="status" className="text-sm text-ink">
        {apiResult}
      </p>
    </div>
  );
}
