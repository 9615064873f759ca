"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Card } from "@/components/ui/Card";
import { PanelPage } from "@/components/ui/PageHeader";
import { defaultBaseUrl } from "@/lib/api/client";
import type { ApiKeyCreated } from "@/lib/api/integrations";
import { ApiKeyList } from "./ApiKeyList";
import { ApiKeySecret } from "./ApiKeySecret";
import { CreateApiKeyForm } from "./CreateApiKeyForm";
import { Webhooks } from "./Webhooks";

/**
 * /dashboard/integrations: the member's API keys, for their own programs (a reseller panel, a bot):
 * a new key's form, its secret shown once in the form's place, the keys with their use and revoking;
 * then the signed webhooks that tell those programs what happened (Webhooks.tsx); and how a key is sent.
 */
export function ApiKeys() {
  const t = useTranslations("integrations");
  const titles = useTranslations("titles");
  // Kept here, not in the query's cache: the secret lives only until "done" (or leaving the page).
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <PanelPage width="max-w-4xl" title={titles("integrations")} intro={t("intro")}>
      {created ? <ApiKeySecret created={created} onDone={() => setCreated(null)} /> : <CreateApiKeyForm onCreated={setCreated} />}
      <ApiKeyList />
      <Webhooks />
      <Usage />
    </PanelPage>
  );
}

/** How a program sends a key, and what a key can never reach. */
function Usage() {
  const t = useTranslations("integrations.usage");
  return (
    <Card id="api-key-usage" title={t("title")}>
      <div className="grid gap-3 text-sm leading-7 text-ink">
        <p>{t("header")}</p>
        <code
          dir="ltr"
          className="block rounded-lg bg-surface-sunken px-3 py-2 text-start font-mono text-sm text-ink [overflow-wrap:anywhere] rtl:text-end"
        >
          Authorization: Bearer tk_…
        </code>
        <p>{t("never")}</p>
        <p>{t("limits")}</p>
        <p>{t("orders")}</p>
        <p>
          {t.rich("docs", {
            docs: (chunks) => (
              <a href={`${defaultBaseUrl().replace(/\/+$/, "")}/docs`} className="font-semibold text-brand-700 underline">
                {chunks}
              </a>
            ),
          })}
        </p>
      </div>
    </Card>
  );
}
