"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CardFields, type Column } from "@/components/ui/DataTable";
import { NoValue } from "@/components/ui/NoValue";
import { TabbedTable } from "@/components/ui/TabbedTable";
import { StatusLabel } from "@/components/ui/StatusPill";
import { TRANSACTIONS_PER_PAGE, useTransactions, type Transaction } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { useWalletLabels } from "@/components/ui/labels";
import { transactionTones } from "@/components/ui/status-badges";

export const TRANSACTION_TABS = ["all", "paid", "pending", "failed"] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

/** SPEC §2 wallet: the transactions, filtered by status in tabs (all, paid, pending, failed), a page at a time. */
export function TransactionList() {
  const columns = useColumns();
  return (
    <TabbedTable
      id="transactions"
      tabs={TRANSACTION_TABS}
      messages="wallet.transactions"
      usePage={useTransactions}
      perPage={TRANSACTIONS_PER_PAGE}
      columns={columns}
      rowKey={(row) => row.id}
      minWidth="min-w-[48rem]"
      card={(row) => <TransactionCard row={row} columns={columns} />}
    />
  );
}

type Key = "amount" | "status" | "intent" | "gateway" | "reference" | "created" | "approved";

function useColumns(): Column<Transaction>[] {
  const t = useTranslations("wallet.transactions");
  const format = useFormatter();
  const money = useMoney();
  const labels = useWalletLabels();
  const date = (iso: string) => <time dateTime={iso}>{format.dateTime(new Date(iso), "dateTime")}</time>;
  const none = (label: string) => <NoValue label={label} />;
  const cells: Record<Key, [string, (row: Transaction) => ReactNode]> = {
    amount: ["", (row) => <span className="font-semibold tabular-nums text-ink">{money(row.amount)}</span>],
    status: [
      "",
      (row) => {
        const reason = labels.failure(row);
        return (
          <span className="inline-grid justify-items-start gap-1">
            <StatusLabel status={row.status} tones={transactionTones} messages="wallet.status" />
            {reason ? <span className="text-xs text-ink-muted">{reason}</span> : null}
          </span>
        );
      },
    ],
    intent: ["text-ink", (row) => labels.intent(row.intent)],
    gateway: ["text-ink", (row) => labels.gateway(row.gateway) ?? none(t("noGateway"))],
    reference: [
      "",
      (row) =>
        row.reference ? (
          <span dir="ltr" className="inline-block font-mono text-xs [overflow-wrap:anywhere]">
            {row.reference}
          </span>
        ) : (
          none(t("noReference"))
        ),
    ],
    created: ["text-ink-muted", (row) => date(row.created_at)],
    approved: ["text-ink-muted", (row) => (row.approved_at ? date(row.approved_at) : none(t("notApproved")))],
  };
  return (Object.keys(cells) as Key[]).map((key) => ({
    key,
    header: t(`columns.${key}`),
    cell: cells[key][1],
    className: cells[key][0],
  }));
}

/** Narrow screens (from 360 px): one card per transaction. */
function TransactionCard({ row, columns }: { row: Transaction; columns: Column<Transaction>[] }) {
  const cell = (key: Key) => columns.find((column) => column.key === key)!;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <span className="text-base">{cell("amount").cell(row)}</span>
          <span className="text-sm text-ink-muted">{cell("intent").cell(row)}</span>
        </div>
        {cell("status").cell(row)}
      </div>
      <CardFields
        className="mt-3"
        items={(["gateway", "reference", "created", "approved"] as const).map((key) => [String(cell(key).header), cell(key).cell(row)])}
      />
    </>
  );
}
