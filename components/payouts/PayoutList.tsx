"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CardFields, type Column } from "@/components/ui/DataTable";
import { NoValue } from "@/components/ui/NoValue";
import { TabbedTable } from "@/components/ui/TabbedTable";
import { StatusLabel } from "@/components/ui/StatusPill";
import { PAYOUTS_PER_PAGE, usePayouts, type PayoutTab, type PayoutView } from "@/lib/api/payouts";
import { useMoney } from "@/lib/format/money";
import { Iban, useBankName } from "@/components/ui/Iban";
import { PayoutReason } from "./PayoutReason";
import { payoutTones } from "@/components/ui/status-badges";

export const PAYOUT_TABS = ["all", "paid", "awaiting_approval", "rejected"] as const satisfies readonly PayoutTab[];

/** SPEC: the payouts, in tabs (all, paid, awaiting approval, rejected), a page at a time, each with its history. */
export function PayoutList() {
  const columns = useColumns();
  return (
    <TabbedTable
      id="payouts"
      tabs={PAYOUT_TABS}
      messages="payouts.list"
      usePage={usePayouts}
      perPage={PAYOUTS_PER_PAGE}
      columns={columns}
      rowKey={(row) => row.id}
      minWidth="min-w-[56rem]"
      card={(row) => <PayoutCard row={row} columns={columns} />}
    />
  );
}

type Key = "amount" | "status" | "created" | "account" | "reference" | "history";

function useColumns(): Column<PayoutView>[] {
  const t = useTranslations("payouts.list");
  const format = useFormatter();
  const money = useMoney();
  const bankName = useBankName();
  const date = (iso: string) => <time dateTime={iso}>{format.dateTime(new Date(iso), "dateTime")}</time>;
  const cells: Record<Key, [string, (row: PayoutView) => ReactNode]> = {
    amount: ["", (row) => <span className="font-semibold tabular-nums text-ink">{money(row.amount)}</span>],
    status: [
      "",
      (row) => (
        <span className="inline-grid justify-items-start gap-1">
          <StatusLabel status={row.status} tones={payoutTones} messages="payouts.status" />
          <PayoutReason code={row.reason_code} text={row.reason} labelled className="max-w-xs text-xs text-ink-muted" />
          {row.expected_arrival ? (
            <span className="text-xs text-ink-muted" data-testid="payout-expected">
              {t("expected", { date: format.dateTime(new Date(row.expected_arrival), "dateTime") })}
            </span>
          ) : null}
          {/* A paid payout says when it was paid, not only when it was requested. */}
          {row.status === "confirmed" && row.settled_at ? (
            <span className="text-xs text-ink-muted" data-testid="payout-paid-on">
              {t.rich("paidOn", {
                date: format.dateTime(new Date(row.settled_at), "dateTime"),
                time: (chunks) => <time dateTime={row.settled_at ?? undefined}>{chunks}</time>,
              })}
            </span>
          ) : null}
        </span>
      ),
    ],
    created: ["text-ink-muted", (row) => date(row.created_at)],
    account: [
      "",
      (row) => (
        <span className="grid gap-0.5">
          <Iban iban={row.iban} className="text-xs text-ink" />
          {row.bank_name ? <span className="text-xs text-ink-muted">{bankName(row.bank_name)}</span> : null}
        </span>
      ),
    ],
    reference: [
      "",
      (row) =>
        row.bank_reference ? (
          <span dir="ltr" className="inline-block font-mono text-xs [overflow-wrap:anywhere]">
            {row.bank_reference}
          </span>
        ) : (
          <NoValue label={t("noReference")} />
        ),
    ],
    history: ["", (row) => <PayoutHistory row={row} />],
  };
  return (Object.keys(cells) as Key[]).map((key) => ({
    key,
    header: t(`columns.${key}`),
    cell: cells[key][1],
    className: cells[key][0],
  }));
}

/** The payout's steps, oldest first, behind a disclosure (keyboard: Enter or Space on its summary); also the back office's. */
export function PayoutHistory({ row }: { row: PayoutView }) {
  const t = useTranslations("payouts.list");
  const format = useFormatter();
  if (row.history.length === 0) return <NoValue label={t("noHistory")} />;
  return (
    <details className="group text-xs">
      <summary className="cursor-pointer rounded font-semibold text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400">
        {t("history", { count: row.history.length })}
      </summary>
      <ol className="mt-2 grid gap-2 border-s-2 border-surface-line ps-3">
        {row.history.map((event, index) => (
          <li key={`${event.at}-${index}`} className="grid gap-0.5">
            <span className="flex flex-wrap items-center gap-2">
              <StatusLabel status={event.status} tones={payoutTones} messages="payouts.status" />
              <time dateTime={event.at} className="text-ink-muted">
                {format.dateTime(new Date(event.at), "dateTime")}
              </time>
            </span>
            <PayoutReason code={event.reason_code} text={event.note} className="text-ink [overflow-wrap:anywhere]" />
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Narrow screens (from 360 px): one card per payout. */
function PayoutCard({ row, columns }: { row: PayoutView; columns: Column<PayoutView>[] }) {
  const cell = (key: Key) => columns.find((column) => column.key === key)!;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <span className="text-base">{cell("amount").cell(row)}</span>
          <span className="text-sm text-ink-muted">{cell("created").cell(row)}</span>
        </div>
        {cell("status").cell(row)}
      </div>
      <CardFields
        className="mt-3"
        items={(["account", "reference"] as const).map((key) => [String(cell(key).header), cell(key).cell(row)])}
      />
      <div className="mt-3">{cell("history").cell(row)}</div>
    </>
  );
}
