"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { CardFields, DataTable, type Column } from "@/components/ui/DataTable";
import { EmptyState } from "@/components/ui/EmptyState";
import { NoValue } from "@/components/ui/NoValue";
import { Paged } from "@/components/ui/PagedList";
import { pageCount } from "@/components/ui/Pagination";
import { QueryView } from "@/components/ui/QueryView";
import { StatusLabel } from "@/components/ui/StatusPill";
import { webhookDeliveryTones } from "@/components/ui/status-badges";
import {
  hasPending,
  useResendDelivery,
  useWebhookDeliveries,
  WEBHOOK_DELIVERIES_PER_PAGE,
  type WebhookDeliveryView,
  type WebhookView,
} from "@/lib/api/webhooks";
import { useFailureText } from "@/lib/forms/use-api-form";
import { Ltr } from "./Ltr";

/**
 * One endpoint's deliveries, newest first, a page at a time: each one's event, state, attempts, last
 * answer and times, and a way to send it again. While one is pending the log asks again by itself
 * (lib/api/webhooks.ts), so a test's result shows without a reload.
 */
export function DeliveryLog({ webhook }: { webhook: WebhookView }) {
  const t = useTranslations("integrations.webhooks.log");
  const headingId = useId();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(webhook.id, page);
  const rows = deliveries.data?.data ?? [];
  const pages = pageCount(deliveries.data?.meta.total ?? 0, deliveries.data?.meta.per_page || WEBHOOK_DELIVERIES_PER_PAGE);
  const columns = useColumns(webhook.id);
  const firstPage = page > 1 ? { label: t("firstPage"), onClick: () => setPage(1) } : null;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3 border-t border-surface-line pt-3" data-testid="delivery-log">
      <h3 id={headingId} className="font-semibold text-ink">
        {t("title")}
      </h3>
      <p role="status" className="text-xs text-ink-muted empty:hidden">
        {hasPending(deliveries.data) ? t("refreshing") : null}
      </p>
      <QueryView
        query={deliveries}
        loadError={t("loadError")}
        empty={
          rows.length === 0 ? (
            <EmptyState padding="py-8" testId="deliveries-empty" firstPage={firstPage}>
              {t("empty")}
            </EmptyState>
          ) : null
        }
      >
        <Paged page={page} pages={pages} busy={deliveries.isPlaceholderData} onPage={setPage} messages="integrations.webhooks.log">
          <DataTable
            rows={rows}
            rowKey={(row) => row.id}
            columns={columns}
            caption={t("caption", { url: webhook.url })}
            minWidth="min-w-[52rem]"
            testId="webhook-deliveries"
            cardsTestId="webhook-delivery-cards"
            card={{ render: (row) => <DeliveryCard row={row} columns={columns} /> }}
          />
        </Paged>
      </QueryView>
    </section>
  );
}

type Key = "event" | "state" | "attempts" | "result" | "created" | "when" | "actions";

/** The log's columns, the table's and the phone cards' alike. */
function useColumns(webhookId: string): Column<WebhookDeliveryView>[] {
  const t = useTranslations("integrations.webhooks.log");
  const events = useTranslations("integrations.webhooks.events");
  const format = useFormatter();
  const time = (iso: string) => <time dateTime={iso}>{format.dateTime(new Date(iso), "compact")}</time>;
  const cells: Record<Key, [string, (row: WebhookDeliveryView) => ReactNode]> = {
    event: [
      "",
      (row) => (
        <span className="grid gap-0.5">
          <span className="font-semibold text-ink">{events.has(row.event) ? events(row.event) : row.event}</span>
          <Ltr className="text-xs text-ink-muted">{row.event}</Ltr>
        </span>
      ),
    ],
    state: ["", (row) => <StatusLabel status={row.state} tones={webhookDeliveryTones} messages="integrations.webhooks.deliveryStates" />],
    attempts: ["tabular-nums", (row) => format.number(row.attempts)],
    result: ["max-w-xs", (row) => <LastAnswer row={row} />],
    created: ["text-ink-muted", (row) => time(row.created_at)],
    when: [
      "text-ink-muted",
      (row) =>
        row.delivered_at
          ? t("deliveredAt", { date: format.dateTime(new Date(row.delivered_at), "compact") })
          : row.state === "pending" && row.next_attempt_at
            ? t("nextAttempt", { date: format.dateTime(new Date(row.next_attempt_at), "compact") })
            : row.state === "failed"
              ? t("gaveUp")
              : null,
    ],
    actions: ["", (row) => <Resend webhookId={webhookId} delivery={row} />],
  };
  return (Object.keys(cells) as Key[]).map((key) => ({
    key,
    header: t(`columns.${key}`),
    hiddenHeader: key === "actions",
    cell: cells[key][1],
    className: cells[key][0],
  }));
}

/**
 * The receiver's status at the last attempt, else why it failed — in words when the server's code is one
 * we know (timeout, unreachable, address_refused, endpoint_disabled), else as the server wrote it — else
 * that no answer came yet.
 */
function LastAnswer({ row }: { row: WebhookDeliveryView }) {
  const t = useTranslations("integrations.webhooks.log");
  const format = useFormatter();
  const reason = (error: string, className: string) =>
    t.has(`errors.${error}` as never) ? (
      <span className={className}>{t(`errors.${error}` as never)}</span>
    ) : (
      <Ltr className={className}>{error}</Ltr>
    );
  if (row.last_status !== null)
    return (
      <span className="grid gap-0.5">
        <span>{t("status", { status: format.number(row.last_status, { useGrouping: false }) })}</span>
        {row.last_error ? reason(row.last_error, "text-xs text-ink-muted") : null}
      </span>
    );
  if (row.last_error) return reason(row.last_error, "text-xs");
  return <NoValue label={t("noAnswer")} />;
}

/** A delivery on a phone: its event and state on top, the rest as label and value, then Resend. */
function DeliveryCard({ row, columns }: { row: WebhookDeliveryView; columns: Column<WebhookDeliveryView>[] }) {
  const cell = (key: Key) => columns.find((column) => column.key === key)!;
  const fields: Key[] = ["attempts", "result", "created", "when"];
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        {cell("event").cell(row)}
        {cell("state").cell(row)}
      </div>
      <CardFields items={fields.map((key) => [String(cell(key).header), cell(key).cell(row)] as [string, ReactNode])} />
      {cell("actions").cell(row)}
    </>
  );
}

/** Sends one delivery again now (after a fix on the receiver's side); the log shows it pending, then its answer. */
function Resend({ webhookId, delivery }: { webhookId: string; delivery: WebhookDeliveryView }) {
  const t = useTranslations("integrations.webhooks.log");
  const events = useTranslations("integrations.webhooks.events");
  const format = useFormatter();
  const failure = useFailureText();
  const resend = useResendDelivery();
  const event = events.has(delivery.event) ? events(delivery.event) : delivery.event;
  return (
    <span className="grid justify-items-start gap-1">
      <Button
        type="button"
        variant="secondary"
        className="px-3 py-1.5"
        busy={resend.isPending}
        aria-label={t("resendLabel", { event, date: format.dateTime(new Date(delivery.created_at), "compact") })}
        onClick={() => resend.mutate({ id: webhookId, deliveryId: delivery.id })}
      >
        {t("resend")}
      </Button>
      {resend.isSuccess ? (
        <span role="status" className="text-xs text-ink-muted">
          {t("resent")}
        </span>
      ) : null}
      {resend.isError ? (
        <span role="alert" className="text-xs text-danger-600">
          {failure(resend.error)}
        </span>
      ) : null}
    </span>
  );
}
