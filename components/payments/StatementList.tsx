"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useMemo, useState, type ReactNode } from "react";
import { CardFields, type Column } from "@/components/ui/DataTable";
import { NoValue } from "@/components/ui/NoValue";
import { TabbedTable } from "@/components/ui/TabbedTable";
import { StatusLabel } from "@/components/ui/StatusPill";
import { statementTones } from "@/components/ui/status-badges";
import { Button } from "@/components/ui/Button";
import { SelectField } from "@/components/ui/Field";
import { linkButton } from "@/components/ui/LinkButton";
import {
  STATEMENT_PER_PAGE,
  useStatement,
  useStatementCsv,
  type StatementFilter,
  type StatementKind,
  type StatementLine,
  type StatementTab,
} from "@/lib/api/payments";
import { saveFile } from "@/lib/browser/save-file";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/link";
import { STATEMENT_TABS } from "@/lib/schemas/wallet";
import { statementKinds } from "@/lib/schemas/enums";
import { dayDate, recentMonths, tehranDay } from "@/lib/time/tehran";

/** Months the filter offers, the current one first. */
const MONTHS_OFFERED = 24;

/**
 * The statement (issue 33): every movement of the person's accounts, one line per business event, with the
 * running balance of the account it moved; SPEC §2's tabs (all, paid, pending, failed), a kind and a month
 * (Solar Hijri months in fa-IR), the CSV of what is shown and the month's printable statement.
 */
export function StatementList() {
  const t = useTranslations("wallet.statement");
  const columns = useColumns();
  const months = useMonths();
  const [kind, setKind] = useState<StatementKind | "">("");
  const [month, setMonth] = useState("");
  const range = months.find((option) => option.value === month);
  const filter: StatementFilter = { kind: kind || undefined, from: range?.first, to: range?.last };
  const csv = useStatementCsv();
  const usePage = (tab: StatementTab, page: number) => useStatement(filter, tab, page);

  const toolbar = (
    <div className="mb-4 grid gap-3 sm:flex sm:flex-wrap sm:items-end print:hidden" data-testid="statement-filters">
      <SelectField label={t("filters.kind")} value={kind} onChange={(event) => setKind(event.target.value as StatementKind | "")}>
        <option value="">{t("filters.allKinds")}</option>
        {statementKinds
          .filter((code) => code !== "other")
          .map((code) => (
            <option key={code} value={code}>
              {t(`kinds.${code}`)}
            </option>
          ))}
      </SelectField>
      <SelectField label={t("filters.month")} value={month} onChange={(event) => setMonth(event.target.value)}>
        <option value="">{t("filters.allTime")}</option>
        {months.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap gap-2 sm:ms-auto">
        <Button
          variant="secondary"
          busy={csv.isPending}
          onClick={() => csv.mutate(filter, { onSuccess: (file) => saveFile(file.blob, file.fileName ?? "statement.csv") })}
        >
          {t("csv.download")}
        </Button>
        {range ? (
          <Link
            href={{ pathname: "/dashboard/wallet/statement", query: { from: range.first, to: range.last } }}
            className={linkButton.secondary}
          >
            {t("print.open")}
          </Link>
        ) : null}
      </div>
      {csv.isError ? (
        <p role="alert" className="text-sm text-danger-600 sm:basis-full">
          {t("csv.error")}
        </p>
      ) : null}
    </div>
  );

  return (
    <TabbedTable
      key={`${kind}|${month}`}
      id="statement"
      tabs={STATEMENT_TABS}
      messages="wallet.statement"
      usePage={usePage}
      perPage={STATEMENT_PER_PAGE}
      columns={columns}
      rowKey={(row) => row.id}
      minWidth="min-w-[56rem]"
      card={(row) => <StatementCard row={row} columns={columns} />}
      toolbar={toolbar}
    />
  );
}

/** The months the filter offers: Solar Hijri in fa-IR, Gregorian elsewhere, each named in the reader's calendar. */
export function useMonths() {
  const locale = useLocale();
  const format = useFormatter();
  return useMemo(() => {
    const calendar = locale === "fa-IR" ? "persian" : "gregory";
    return recentMonths(tehranDay(new Date()), MONTHS_OFFERED, calendar).map((month) => ({
      ...month,
      value: `${month.first}..${month.last}`,
      label: format.dateTime(dayDate(month.first), { year: "numeric", month: "long", timeZone: "UTC", calendar }),
    }));
  }, [locale, format]);
}

type Key = "at" | "kind" | "amount" | "balance" | "status" | "reference";

/** Where a line's subject is seen: the campaign, the booster's work, the plans and payouts, the invitations, the payment. */
export function subjectHref(line: Pick<StatementLine, "subject" | "subject_id">): string | null {
  if (!line.subject_id) return null;
  switch (line.subject) {
    case "campaign":
      return `/dashboard/campaigns/view/${line.subject_id}`;
    case "activity":
      return "/dashboard/earn_money#earn-mine";
    case "membership":
    case "payout":
      return "/dashboard/payouts";
    case "invitation":
      return "/dashboard/invitations";
    case "transaction":
      return `/dashboard/payment-result?tx=${line.subject_id}`;
    default:
      return null;
  }
}

/** A signed amount: money in is marked +, money out −, in the locale's digits. */
export function useSignedMoney() {
  const money = useMoney();
  return (amount: number) => `${amount > 0 ? "+" : amount < 0 ? "−" : ""}${money(Math.abs(amount))}`;
}

function useColumns(): Column<StatementLine>[] {
  const t = useTranslations("wallet.statement");
  const format = useFormatter();
  const money = useMoney();
  const signed = useSignedMoney();
  const cells: Record<Key, [string, (row: StatementLine) => ReactNode]> = {
    at: ["text-ink-muted", (row) => <time dateTime={row.at}>{format.dateTime(new Date(row.at), "dateTime")}</time>],
    kind: [
      "",
      (row) => {
        const href = subjectHref(row);
        return (
          <span className="inline-grid justify-items-start gap-0.5">
            <span className="font-medium text-ink">{t(`kinds.${row.kind}`)}</span>
            <span className="text-xs text-ink-muted">
              {row.by_card ? t("byCard") : t(`accounts.${row.account}`)}
              {row.counter_account ? ` ${t("from", { account: t(`accounts.${row.counter_account}`) })}` : null}
            </span>
            {href && row.subject ? (
              <Link href={href} className="text-xs font-medium text-brand-700 underline underline-offset-2">
                {t(`subjects.${row.subject}`)}
              </Link>
            ) : null}
          </span>
        );
      },
    ],
    amount: [
      "",
      (row) => (
        <span dir="ltr" className={`inline-block font-semibold tabular-nums ${row.amount > 0 ? "text-success-600" : "text-ink"}`}>
          {signed(row.amount)}
        </span>
      ),
    ],
    balance: [
      "tabular-nums text-ink",
      (row) => (row.balance_after === null ? <NoValue label={t("noBalance")} /> : money(row.balance_after)),
    ],
    status: ["", (row) => <StatusLabel status={row.status} tones={statementTones} messages="wallet.statement.statuses" />],
    reference: [
      "",
      (row) => (
        <Link
          href={`/dashboard/wallet/receipts/${row.id}`}
          className="inline-block font-mono text-xs text-brand-700 underline underline-offset-2"
          aria-label={t("receiptOf", { reference: row.reference })}
        >
          <span dir="ltr">{row.reference}</span>
        </Link>
      ),
    ],
  };
  return (Object.keys(cells) as Key[]).map((key) => ({
    key,
    header: t(`columns.${key}`),
    cell: cells[key][1],
    className: cells[key][0],
  }));
}

/** Narrow screens (from 360 px): one card per line. */
function StatementCard({ row, columns }: { row: StatementLine; columns: Column<StatementLine>[] }) {
  const cell = (key: Key) => columns.find((column) => column.key === key)!;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <span className="text-base">{cell("amount").cell(row)}</span>
          {cell("kind").cell(row)}
        </div>
        {cell("status").cell(row)}
      </div>
      <CardFields
        className="mt-3"
        items={(["at", "balance", "reference"] as const).map((key) => [String(cell(key).header), cell(key).cell(row)])}
      />
    </>
  );
}
