"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { StatusBadge } from "@/components/wallet/StatusBadge";
import { LoadError, SkeletonLines } from "@/components/wallet/WalletStates";
import { useCampaignPayments, CAMPAIGNS_PER_PAGE, type Campaign, type PaymentTab } from "@/lib/api/campaigns";
import type { Transaction } from "@/lib/api/wallet";
import { useMoney } from "@/lib/format/money";
import {
  PayFromWalletButton,
  PayFromWalletDialog,
  PayFromWalletOutcome,
  canPayFromWallet,
  usePayFromWallet,
  type PayFromWalletFlow,
} from "./PayFromWallet";
import { EmptyText, Pagination, Tabs, useDates } from "./shared";
import { ScrollRegion } from "@/components/layout/ScrollRegion";

export const PAYMENT_TABS = ["all", "paid", "pending", "failed"] as const satisfies readonly PaymentTab[];
const COLUMNS = ["amount", "status", "created", "approved", "actions"] as const;

/** SPEC §2 campaign view's payments: tabs by status, a table (cards on small screens), and paying from the wallet. */
export function CampaignPayments({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("campaigns.payments");
  const [tab, setTab] = useState<PaymentTab>("all");
  const [page, setPage] = useState(1);
  const query = useCampaignPayments(campaign.id, tab, page);
  const flow = usePayFromWallet(campaign.id);
  const rows = query.data?.data ?? [];
  const perPage = query.data?.meta.per_page || CAMPAIGNS_PER_PAGE;
  // The API counts only the page it returns: a full page means there may be another.
  const pages = rows.length >= perPage ? page + 1 : page;
  return (
    <section aria-labelledby="payments-title" className="rounded-card bg-surface p-4 shadow-card sm:p-6">
      <h2 id="payments-title" className="mb-4 text-lg font-bold text-ink">
        {t("title")}
      </h2>
      <div className="mb-4 empty:hidden">
        <PayFromWalletOutcome flow={flow} />
      </div>
      <Tabs
        id="campaign-payments"
        values={PAYMENT_TABS}
        value={tab}
        onChange={(next) => {
          setTab(next);
          setPage(1);
        }}
        label={t("tabsLabel")}
        name={(value) => t(`tabs.${value}`)}
      >
        {query.isPending ? (
          <SkeletonLines lines={3} />
        ) : query.isError ? (
          <LoadError message={t("loadError")} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : rows.length === 0 ? (
          <EmptyText testId="payments-empty" />
        ) : (
          <div className="grid gap-4" aria-busy={query.isFetching || undefined}>
            <PaymentTable campaign={campaign} rows={rows} flow={flow} />
            <PaymentCards campaign={campaign} rows={rows} flow={flow} />
            <Pagination page={page} pages={pages} busy={query.isFetching} onPage={setPage} />
          </div>
        )}
      </Tabs>
      <PayFromWalletDialog flow={flow} />
    </section>
  );
}

type RowsProps = { campaign: Campaign; rows: Transaction[]; flow: PayFromWalletFlow };

function usePaymentCells({ campaign, flow }: Omit<RowsProps, "rows">) {
  const money = useMoney();
  const date = useDates();
  return {
    amount: (row: Transaction) => money(row.amount),
    status: (row: Transaction) => <StatusBadge status={row.status} />,
    created: (row: Transaction) => date(row.created_at),
    approved: (row: Transaction) => date(row.approved_at),
    actions: (row: Transaction) => (canPayFromWallet(campaign, row) ? <PayFromWalletButton payment={row} flow={flow} /> : null),
  };
}

function PaymentTable({ campaign, rows, flow }: RowsProps) {
  const t = useTranslations("campaigns.payments");
  const cells = usePaymentCells({ campaign, flow });
  return (
    <ScrollRegion label={t("title")} className="hidden md:block">
      <table className="w-full min-w-[40rem] text-sm" data-testid="payments-table">
        <caption className="sr-only">{t("title")}</caption>
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
            <tr key={row.id} className="border-b border-surface-line align-middle last:border-b-0">
              <th scope="row" className="px-3 py-3 text-start font-semibold tabular-nums text-ink">
                {cells.amount(row)}
              </th>
              <td className="px-3 py-3">{cells.status(row)}</td>
              <td className="px-3 py-3 text-ink-muted">{cells.created(row)}</td>
              <td className="px-3 py-3 text-ink-muted">{cells.approved(row)}</td>
              <td className="px-3 py-3">{cells.actions(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function PaymentCards({ campaign, rows, flow }: RowsProps) {
  const t = useTranslations("campaigns.payments");
  const cells = usePaymentCells({ campaign, flow });
  return (
    <ul className="grid gap-3 md:hidden" aria-label={t("title")} data-testid="payments-cards">
      {rows.map((row) => (
        <li key={row.id} className="grid gap-3 rounded-lg border border-surface-line p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <span className="font-semibold tabular-nums text-ink">{cells.amount(row)}</span>
            {cells.status(row)}
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            {(["created", "approved"] as const).map((column) => (
              <div key={column} className="contents">
                <dt className="text-ink-muted">{t(`columns.${column}`)}</dt>
                <dd className="min-w-0 text-ink">{cells[column](row)}</dd>
              </div>
            ))}
          </dl>
          {canPayFromWallet(campaign, row) ? <div>{cells.actions(row)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
