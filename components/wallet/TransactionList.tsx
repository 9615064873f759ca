"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/Button";
import { TRANSACTIONS_PER_PAGE, useTransactions, type Transaction } from "@/lib/api/wallet";
import { useMoney } from "@/lib/format/money";
import { directionOf, isLocale } from "@/lib/i18n/locales";
import { useWalletLabels } from "./labels";
import { StatusBadge } from "./StatusBadge";
import { LoadError, SkeletonLines } from "./WalletStates";
import { ScrollRegion } from "@/components/layout/ScrollRegion";

export const TRANSACTION_TABS = ["all", "paid", "pending", "failed"] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

/** SPEC §2 wallet: the transactions, filtered by status in tabs (all, paid, pending, failed), a page at a time. */
export function TransactionList() {
  const t = useTranslations("wallet.transactions");
  const locale = useLocale();
  const rtl = directionOf(isLocale(locale) ? locale : "fa-IR") === "rtl";
  const [tab, setTab] = useState<TransactionTab>("all");
  const [page, setPage] = useState(1);
  const tabRefs = useRef<Partial<Record<TransactionTab, HTMLButtonElement | null>>>({});
  const query = useTransactions(tab, page);
  const format = useFormatter();

  const select = (next: TransactionTab, focus = false) => {
    if (next !== tab) {
      setTab(next);
      setPage(1);
    }
    if (focus) tabRefs.current[next]?.focus();
  };

  // WAI-ARIA tabs: arrows move along the row as it is drawn (mirrored in right-to-left), Home/End jump.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TRANSACTION_TABS.indexOf(tab);
    const last = TRANSACTION_TABS.length - 1;
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const backward = rtl ? "ArrowRight" : "ArrowLeft";
    let next: number | null = null;
    if (event.key === forward) next = index === last ? 0 : index + 1;
    else if (event.key === backward) next = index === 0 ? last : index - 1;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = last;
    if (next === null) return;
    event.preventDefault();
    select(TRANSACTION_TABS[next]!, true);
  };

  const perPage = query.data?.meta.per_page || TRANSACTIONS_PER_PAGE;
  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const rows = query.data?.data ?? [];

  return (
    <section aria-labelledby="transactions-title" className="rounded-card bg-surface p-4 shadow-card sm:p-6">
      <h2 id="transactions-title" className="mb-4 text-lg font-bold text-ink">
        {t("title")}
      </h2>
      <div className="-mx-1 overflow-x-auto px-1 pb-1 [contain:inline-size]">
        <div role="tablist" aria-label={t("tabsLabel")} className="inline-flex min-w-max gap-1 rounded-xl bg-surface-sunken p-1">
          {TRANSACTION_TABS.map((value) => (
            <button
              key={value}
              ref={(node) => {
                tabRefs.current[value] = node;
              }}
              id={`transactions-tab-${value}`}
              type="button"
              role="tab"
              aria-selected={tab === value}
              aria-controls="transactions-panel"
              tabIndex={tab === value ? 0 : -1}
              onClick={() => select(value)}
              onKeyDown={onKeyDown}
              className={`rounded-lg px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 ${
                tab === value ? "bg-surface text-brand-700 shadow-card" : "text-ink-muted hover:text-ink"
              }`}
            >
              {t(`tabs.${value}`)}
            </button>
          ))}
        </div>
      </div>

      <div
        id="transactions-panel"
        role="tabpanel"
        aria-labelledby={`transactions-tab-${tab}`}
        tabIndex={0}
        className="mt-4 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-200"
      >
        {query.isPending ? (
          <SkeletonLines lines={4} />
        ) : query.isError ? (
          <LoadError message={t("loadError")} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : rows.length === 0 ? (
          <div className="grid justify-items-center gap-3 py-10 text-center">
            <p className="text-ink-muted" data-testid="transactions-empty">
              {t("empty")}
            </p>
            {page > 1 ? (
              <Button type="button" variant="secondary" onClick={() => setPage(1)}>
                {t("firstPage")}
              </Button>
            ) : null}
          </div>
        ) : (
          <div className="grid gap-4" aria-busy={query.isFetching || undefined}>
            <p className="text-sm text-ink-muted" aria-live="polite">
              {t("count", { count: total })}
            </p>
            <TransactionTable rows={rows} />
            <TransactionCards rows={rows} />
            {pages > 1 ? (
              <nav
                aria-label={t("pagination")}
                className="flex flex-wrap items-center justify-between gap-3 border-t border-surface-line pt-4"
              >
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                  disabled={page <= 1 || query.isFetching}
                >
                  <Chevron direction="previous" />
                  {t("previous")}
                </Button>
                <p className="text-sm text-ink-muted" aria-live="polite">
                  {t("pageStatus", { page: format.number(page), pages: format.number(pages) })}
                </p>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => setPage((p) => Math.min(pages, p + 1))}
                  disabled={page >= pages || query.isFetching}
                >
                  {t("next")}
                  <Chevron direction="next" />
                </Button>
              </nav>
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}

/** A chevron pointing along the reading direction (mirrored in right-to-left). */
function Chevron({ direction }: { direction: "previous" | "next" }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={`h-4 w-4 ${direction === "previous" ? "" : "rotate-180"} rtl:-scale-x-100`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12.5 15l-5-5 5-5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function useCells() {
  const t = useTranslations("wallet.transactions");
  const format = useFormatter();
  const money = useMoney();
  const labels = useWalletLabels();
  const date = (iso: string) => <time dateTime={iso}>{format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" })}</time>;
  const none = (label: string) => (
    <span className="text-ink-faint">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </span>
  );
  return {
    amount: (row: Transaction) => <span className="font-semibold tabular-nums text-ink">{money(row.amount)}</span>,
    status: (row: Transaction) => {
      const reason = labels.failure(row);
      return (
        <span className="inline-grid justify-items-start gap-1">
          <StatusBadge status={row.status} />
          {reason ? <span className="text-xs text-ink-muted">{reason}</span> : null}
        </span>
      );
    },
    intent: (row: Transaction) => labels.intent(row.intent),
    gateway: (row: Transaction) => labels.gateway(row.gateway) ?? none(t("noGateway")),
    reference: (row: Transaction) =>
      row.reference ? (
        <span dir="ltr" className="inline-block font-mono text-xs [overflow-wrap:anywhere]">
          {row.reference}
        </span>
      ) : (
        none(t("noReference"))
      ),
    created: (row: Transaction) => date(row.created_at),
    approved: (row: Transaction) => (row.approved_at ? date(row.approved_at) : none(t("notApproved"))),
  };
}

const COLUMNS = ["amount", "status", "intent", "gateway", "reference", "created", "approved"] as const;

/** Wide screens: a table. */
function TransactionTable({ rows }: { rows: Transaction[] }) {
  const t = useTranslations("wallet.transactions");
  const cells = useCells();
  return (
    <ScrollRegion label={t("caption")} className="hidden md:block">
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">{t("caption")}</caption>
        <thead>
          <tr className="border-b border-surface-line text-ink-muted">
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-start font-medium">
                {t(`columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-surface-line align-top last:border-b-0">
              <th scope="row" className="px-3 py-3 text-start font-normal">
                {cells.amount(row)}
              </th>
              <td className="px-3 py-3">{cells.status(row)}</td>
              <td className="px-3 py-3 text-ink">{cells.intent(row)}</td>
              <td className="px-3 py-3 text-ink">{cells.gateway(row)}</td>
              <td className="px-3 py-3">{cells.reference(row)}</td>
              <td className="px-3 py-3 text-ink-muted">{cells.created(row)}</td>
              <td className="px-3 py-3 text-ink-muted">{cells.approved(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Narrow screens (from 360 px): one card per transaction. */
function TransactionCards({ rows }: { rows: Transaction[] }) {
  const t = useTranslations("wallet.transactions");
  const cells = useCells();
  return (
    <ul className="grid gap-3 md:hidden" aria-label={t("caption")}>
      {rows.map((row) => (
        <li key={row.id} className="rounded-lg border border-surface-line p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="grid gap-0.5">
              <span className="text-base">{cells.amount(row)}</span>
              <span className="text-sm text-ink-muted">{cells.intent(row)}</span>
            </div>
            {cells.status(row)}
          </div>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            {(["gateway", "reference", "created", "approved"] as const).map((column) => (
              <div key={column} className="contents">
                <dt className="text-ink-muted">{t(`columns.${column}`)}</dt>
                <dd className="min-w-0 text-ink">{cells[column](row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
