"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { Quote } from "@/lib/api/campaigns";
import { PLATFORM_FEE_RATE, type Strategy } from "@/lib/campaigns/pricing";
import { invoiceSettlement } from "@/lib/campaigns/settlement";
import type { CampaignStatus } from "@/lib/campaigns/state-machine";
import { useMoney } from "@/lib/format/money";
import { useDay } from "./DayField";

/**
 * The invoice: one line per metric (min–max, unit price, amount, its refill guarantee), then subtotal, fee, total and what
 * the wallet covers, and before paying the day a paced campaign would be delivered by. A created campaign's invoice (given its `status`) says how it stands instead:
 * what the wallet covered was true when it was created, not after a later payment.
 */
export function Invoice({
  quote,
  loading = false,
  failed = false,
  status,
  strategy,
}: {
  quote: Quote | null;
  loading?: boolean;
  failed?: boolean;
  status?: CampaignStatus;
  strategy?: Strategy;
}) {
  const t = useTranslations("campaigns.invoice");
  const format = useFormatter();
  const metric = useMetricLabel();
  const money = useMoney();
  const count = useCount();
  const day = useDay();
  const rate = format.number(PLATFORM_FEE_RATE, "rate");
  return (
    <section
      aria-labelledby="invoice-title"
      className="grid gap-3 rounded-card bg-surface p-5 shadow-card"
      aria-busy={loading || undefined}
    >
      <h2 id="invoice-title" className="text-lg font-bold text-ink">
        {t("title")}
      </h2>
      {!quote ? (
        <p className="text-sm leading-6 text-ink-muted">{failed ? t("failed") : t("empty")}</p>
      ) : (
        <>
          <ul className="grid gap-2 text-sm" data-testid="invoice-lines">
            {quote.lines.map((line) => (
              <li key={line.metric} className="grid gap-0.5 border-b border-surface-line pb-2 last:border-b-0">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="font-semibold text-ink">{metric(line.metric)}</span>
                  <span className="tabular-nums text-ink">{money(line.amount)}</span>
                </div>
                <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs text-ink-muted">
                  <span>{line.min === line.max ? count(line.max) : t("range", { min: count(line.min), max: count(line.max) })}</span>
                  <span>{t("unitPrice", { price: money(line.unit_price) })}</span>
                </div>
                <p className="text-xs text-ink-muted" data-testid="invoice-refill">
                  {line.refill_days > 0 ? t("refill", { days: line.refill_days }) : t("noRefill")}
                </p>
              </li>
            ))}
          </ul>
          <dl className="grid gap-1.5 rounded-lg bg-surface-sunken p-3 text-sm" data-testid="invoice-totals">
            <Row label={t("subtotal")}>{money(quote.subtotal)}</Row>
            <Row label={t("fee", { rate })}>{money(quote.fee)}</Row>
            <Row label={t("total")} strong>
              <span data-testid="invoice-total">{money(quote.total)}</span>
            </Row>
            {status ? (
              <Row label={t("payment")}>
                <span data-testid="invoice-settlement">{t(`settlement.${invoiceSettlement(status, quote.total)}`)}</span>
              </Row>
            ) : (
              <>
                <Row label={t("walletCovers")}>{money(quote.wallet_covers)}</Row>
                <Row label={t("remaining")}>{money(quote.remaining)}</Row>
              </>
            )}
          </dl>
          {!status && quote.expected_end ? (
            <p className="text-sm leading-6 text-ink" data-testid="invoice-expected-end">
              {t.rich("expectedEnd", {
                date: day(quote.expected_end),
                time: (chunks) => <time dateTime={quote.expected_end ?? undefined}>{chunks}</time>,
              })}
            </p>
          ) : null}
          {!status && quote.total > 0 ? (
            <p className="text-sm font-semibold leading-6 text-ink" data-testid="invoice-summary">
              {t("summary", { total: money(quote.total), budget: money(quote.subtotal), fee: money(quote.fee) })}
            </p>
          ) : null}
          {quote.total > 0 ? (
            <p className="text-xs leading-5 text-ink-muted">{strategy === "smart" ? t("ruleSmart", { rate }) : t("rule", { rate })}</p>
          ) : null}
        </>
      )}
    </section>
  );
}

function Row({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className={`flex flex-wrap items-baseline justify-between gap-x-3 ${strong ? "font-bold text-ink" : ""}`}>
      <dt className={strong ? "" : "text-ink-muted"}>{label}</dt>
      <dd className="tabular-nums text-ink">{children}</dd>
    </div>
  );
}

export function useMetricLabel() {
  const t = useTranslations("campaigns.metrics");
  return (code: string) => (t.has(code as never) ? t(code as never) : code.replaceAll("_", " "));
}

function useCount() {
  const format = useFormatter();
  return (value: number) => format.number(value, "rials");
}
