"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { defaultBaseUrl } from "@/lib/api/client";
import type { WebhookCreated } from "@/lib/api/webhooks";
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from "@/lib/schemas/webhooks";
import { CreateWebhookForm } from "./CreateWebhookForm";
import { Ltr } from "./Ltr";
import { SecretOnce } from "./SecretOnce";
import { WebhookList } from "./WebhookList";

/**
 * The webhooks part of /dashboard/integrations: a new endpoint's form, its signing secret shown once in
 * the form's place, and the endpoints with their tests, delivery logs, enabling and deleting.
 */
export function Webhooks() {
  // Kept here, not in the query's cache: the secret lives only until "done" (or leaving the page).
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  return (
    <>
      {created ? <WebhookSecret created={created} onDone={() => setCreated(null)} /> : <CreateWebhookForm onCreated={setCreated} />}
      <WebhookList />
    </>
  );
}

/** A new endpoint's signing secret, the one time it is shown, and how a receiver checks a delivery with it. */
function WebhookSecret({ created, onDone }: { created: WebhookCreated; onDone: () => void }) {
  const t = useTranslations("integrations.webhooks.secret");
  return (
    <SecretOnce
      prefix="webhook"
      messages="integrations.webhooks.secret"
      secret={created.secret}
      name={<Ltr>{created.webhook.url}</Ltr>}
      onDone={onDone}
    >
      <p className="text-sm leading-7 text-ink" data-testid="webhook-verify">
        {t.rich("verify", {
          header: WEBHOOK_SIGNATURE_HEADER,
          time: "t",
          signature: "v1",
          algorithm: "HMAC-SHA256",
          minutes: WEBHOOK_TOLERANCE_SECONDS / 60,
          code: (chunks) => <Ltr className="rounded bg-surface-sunken px-1">{chunks}</Ltr>,
          docs: (chunks) => (
            <a href={`${defaultBaseUrl().replace(/\/+$/, "")}/docs`} className="font-semibold text-brand-700 underline">
              {chunks}
            </a>
          ),
        })}
      </p>
    </SecretOnce>
  );
}
