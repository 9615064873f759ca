"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { EmptyState } from "@/components/ui/EmptyState";
import { SectionCard } from "@/components/ui/FormCard";
import { QueryView } from "@/components/ui/QueryView";
import { StatusLabel } from "@/components/ui/StatusPill";
import { webhookTones } from "@/components/ui/status-badges";
import { useEnableWebhook, usePingWebhook, useRemoveWebhook, useWebhooks, type WebhookView } from "@/lib/api/webhooks";
import { useFailureText } from "@/lib/forms/use-api-form";
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_RETRY_HOURS } from "@/lib/schemas/webhooks";
import { ConfirmAction } from "./ConfirmAction";
import { DeliveryLog } from "./DeliveryLog";
import { Ltr } from "./Ltr";

/**
 * The member's webhook endpoints, each with its events, state and actions; one endpoint's delivery log
 * open at a time, under it (a test opens it, so its result shows there).
 */
export function WebhookList() {
  const t = useTranslations("integrations.webhooks.list");
  const webhooks = useWebhooks();
  const rows = webhooks.data ?? [];
  const [open, setOpen] = useState<string | null>(null);
  return (
    <SectionCard
      id="webhooks"
      title={t("title")}
      aside={
        webhooks.data ? (
          <span className="text-sm text-ink-muted" data-testid="webhooks-count">
            {t("count", { count: rows.length, max: WEBHOOK_ENDPOINTS_MAX })}
          </span>
        ) : undefined
      }
    >
      <QueryView
        query={webhooks}
        loadError={t("loadError")}
        empty={rows.length === 0 ? <EmptyState testId="webhooks-empty">{t("empty")}</EmptyState> : null}
      >
        <ul className="grid gap-3" data-testid="webhook-list">
          {rows.map((webhook) => (
            <WebhookRow
              key={webhook.id}
              webhook={webhook}
              logOpen={open === webhook.id}
              onLog={(show) => setOpen(show ? webhook.id : null)}
            />
          ))}
        </ul>
      </QueryView>
    </SectionCard>
  );
}

/** One endpoint: its address and state, why it fails or was disabled, its events and date, its actions, its log when open. */
function WebhookRow({ webhook, logOpen, onLog }: { webhook: WebhookView; logOpen: boolean; onLog: (show: boolean) => void }) {
  const t = useTranslations("integrations.webhooks.list");
  const events = useTranslations("integrations.webhooks.events");
  const format = useFormatter();
  const urlId = useId();
  const logId = `${urlId}-log`;
  const dateTime = (iso: string) => format.dateTime(new Date(iso), "dateTime");
  const disabled = webhook.state === "disabled";
  return (
    <li
      className="grid min-w-0 gap-3 rounded-lg border border-surface-line p-4"
      data-testid="webhook"
      data-state={webhook.state}
      aria-labelledby={urlId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Ltr className="min-w-0 font-semibold text-ink">
          <span id={urlId}>{webhook.url}</span>
        </Ltr>
        <StatusLabel status={webhook.state} tones={webhookTones} messages="integrations.webhooks.states" />
      </div>
      {disabled && webhook.disabled_at ? (
        <p className="text-sm text-danger-600" data-testid="webhook-disabled">
          {t("disabledAt", { date: dateTime(webhook.disabled_at), hours: WEBHOOK_RETRY_HOURS })}
        </p>
      ) : !disabled && webhook.failing_since ? (
        <p className="text-sm text-amber-800" data-testid="webhook-failing">
          {t("failingSince", { date: dateTime(webhook.failing_since), hours: WEBHOOK_RETRY_HOURS })}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">{t("events")}</dt>
        <dd className="text-ink">{format.list(webhook.events.map((event) => (events.has(event) ? events(event) : event)))}</dd>
        <dt className="text-ink-muted">{t("created")}</dt>
        <dd className="text-ink">
          <time dateTime={webhook.created_at}>{format.dateTime(new Date(webhook.created_at), "date")}</time>
        </dd>
      </dl>
      <WebhookActions webhook={webhook} urlId={urlId} logId={logId} logOpen={logOpen} onLog={onLog} />
      {logOpen ? (
        <div id={logId}>
          <DeliveryLog webhook={webhook} />
        </div>
      ) : null}
    </li>
  );
}

/** Test, log, enable (a disabled endpoint) and delete (asked once more); what each did or why it failed, below them. */
function WebhookActions({
  webhook,
  urlId,
  logId,
  logOpen,
  onLog,
}: {
  webhook: WebhookView;
  urlId: string;
  logId: string;
  logOpen: boolean;
  onLog: (show: boolean) => void;
}) {
  const t = useTranslations("integrations.webhooks.list");
  const remove = useTranslations("integrations.webhooks.remove");
  const failure = useFailureText();
  const ping = usePingWebhook();
  const enable = useEnableWebhook();
  const removal = useRemoveWebhook();
  const disabled = webhook.state === "disabled";
  const failed = [ping, enable, removal].find((mutation) => mutation.isError);
  const done = ping.isSuccess ? t("pinged") : enable.isSuccess ? t("enabled") : null;
  const reset = () => [ping, enable, removal].forEach((mutation) => mutation.reset());

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {disabled ? (
          <Button
            type="button"
            busy={enable.isPending}
            aria-describedby={urlId}
            onClick={() => {
              reset();
              enable.mutate(webhook.id);
            }}
          >
            {t("enable")}
          </Button>
        ) : (
          <Button
            type="button"
            variant="secondary"
            busy={ping.isPending}
            aria-describedby={urlId}
            onClick={() => {
              reset();
              ping.mutate(webhook.id, { onSuccess: () => onLog(true) });
            }}
          >
            {t("ping")}
          </Button>
        )}
        <Button
          type="button"
          variant="secondary"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          aria-describedby={urlId}
          onClick={() => onLog(!logOpen)}
        >
          {t("log")}
        </Button>
      </div>
      <ConfirmAction
        label={remove("button")}
        question={remove.rich("confirm", { url: webhook.url, ltr: (chunks) => <Ltr>{chunks}</Ltr> })}
        yes={remove("yes")}
        no={remove("no")}
        busy={removal.isPending}
        describedBy={urlId}
        onOpen={reset}
        onConfirm={(close) => removal.mutate(webhook.id, { onSettled: close })}
      />
      <p role="status" className="text-sm text-ink empty:hidden" data-testid="webhook-done">
        {done}
      </p>
      {failed ? <Alert tone="error">{failure(failed.error)}</Alert> : null}
    </div>
  );
}
