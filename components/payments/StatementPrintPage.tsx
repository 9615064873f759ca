"use client";
import { useSearchParams } from "next/navigation";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { BackLink } from "@/components/ui/BackLink";
import { Button } from "@/components/ui/Button";
import { LoadError } from "@/components/ui/LoadError";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { useStatementRange, type StatementLine } from "@/lib/api/payments";
import { useMe } from "@/lib/api/me";
import { useMoney } from "@/lib/format/money";
import { dayDate } from "@/lib/time/tehran";
import { useSignedMoney } from "./StatementList";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const noSubscription = () => () => {};

/**
 * /dashboard/wallet/statement?from=&to=: a range of the statement (a month, from the wallet's month filter) on
 * one printable page: the person, the period in their calendar, money in and out per account, and every line.
 * The address is read once hydrated (the page is prerendered once for everyone, as the payment result is).
 */
export function StatementPrintPage() {
  const params = useSearchParams();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const valid = hydrated && DAY.test(from) && DAY.test(to) && from <= to;
  return <StatementPrint from={from} to={to} valid={valid} hydrated={hydrated} />;
}

function StatementPrint({ from, to, valid, hydrated }: { from: string; to: string; valid: boolean; hydrated: boolean }) {
  const t = useTranslations("wallet.statement");
  const p = useTranslations("wallet.statement.print");
  const brand = useTranslations("meta")("brand");
  const format = useFormatter();
  const locale = useLocale();
  const me = useMe();
  const range = useStatementRange({ from, to }, valid);
  const calendar = locale === "fa-IR" ? "persian" : "gregory";
  const day = (value: string) => format.dateTime(dayDate(value), { dateStyle: "long", timeZone: "UTC", calendar });
  const heading = (
    <h1 id="page-title" className="text-2xl font-bold text-ink">
      {p("title")}
    </h1>
  );

  let body;
  if (!hydrated || (valid && range.isPending)) body = <SkeletonLines lines={6} />;
  else if (!valid) body = <p className="text-ink-muted">{p("badRange")}</p>;
  else if (range.isError || !range.data)
    body = <LoadError message={t("loadError")} onRetry={() => void range.refetch()} retrying={range.isFetching} />;
  else body = <Lines lines={range.data.lines} complete={range.data.complete} />;

  return (
    <article aria-labelledby="page-title" className="mx-auto grid w-full max-w-4xl gap-4">
      <div className="print:hidden">
        <BackLink href="/dashboard/wallet">{p("back")}</BackLink>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-surface-line pb-4">
        <div className="grid gap-1">
          <p className="text-sm font-semibold text-brand-700">{brand}</p>
          {heading}
          {valid ? (
            <p className="text-ink" data-testid="statement-period">
              {p("period", { from: day(from), to: day(to) })}
            </p>
          ) : null}
          {me.data ? (
            <p className="text-sm text-ink-muted">
              {`${me.data.first_name} ${me.data.last_name}`.trim()}
              {me.data.phone ? (
                <>
                  {" · "}
                  <span dir="ltr">{me.data.phone}</span>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
          {p("print")}
        </Button>
      </header>
      {body}
    </article>
  );
}

/** The range's totals per account and its lines, newest first. */
function Lines({ lines, complete }: { lines: StatementLine[]; complete: boolean }) {
  const t = useTranslations("wallet.statement");
  const p = useTranslations("wallet.statement.print");
  const format = useFormatter();
  const money = useMoney();
  const signed = useSignedMoney();
  const accounts = ["wallet", "earnings", "earnings_held", "frozen", "card"] as const;
  const moved = lines.filter((line) => line.status !== "pending" && line.status !== "failed");
  // A line moves its account by its amount and its counter account (a release's held earnings) by the opposite.
  const totals = accounts
    .map((account) => {
      const flows = [
        ...moved.filter((line) => line.account === account).map((line) => line.amount),
        ...moved.filter((line) => line.counter_account === account).map((line) => -line.amount),
      ];
      return {
        account,
        in: flows.filter((amount) => amount > 0).reduce((sum, amount) => sum + amount, 0),
        out: flows.filter((amount) => amount < 0).reduce((sum, amount) => sum - amount, 0),
      };
    })
    .filter((total) => total.in > 0 || total.out > 0);
  if (lines.length === 0) return <p className="text-ink-muted">{p("empty")}</p>;
  return (
    <>
      <table className="w-full text-sm">
        <caption className="mb-2 text-start font-semibold text-ink">{p("totals")}</caption>
        <thead>
          <tr className="border-b border-surface-line text-ink-muted">
            <th scope="col" className="py-1 text-start font-medium">
              {t("csv.account")}
            </th>
            <th scope="col" className="py-1 text-start font-medium">
              {p("in")}
            </th>
            <th scope="col" className="py-1 text-start font-medium">
              {p("out")}
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map((total) => (
            <tr key={total.account} className="border-b border-surface-line">
              <th scope="row" className="py-1 text-start font-normal">
                {t(`accounts.${total.account}`)}
              </th>
              <td className="py-1 tabular-nums">{money(total.in)}</td>
              <td className="py-1 tabular-nums">{money(total.out)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-sm" data-testid="statement-print-lines">
        <caption className="mb-2 text-start font-semibold text-ink">{p("lines", { count: lines.length })}</caption>
        <thead>
          <tr className="border-b border-surface-line text-ink-muted">
            {(["at", "kind", "amount", "balance", "status", "reference"] as const).map((key) => (
              <th key={key} scope="col" className="py-1 pe-2 text-start font-medium">
                {t(`columns.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="break-inside-avoid border-b border-surface-line align-top">
              <td className="py-1 pe-2 text-ink-muted">{format.dateTime(new Date(line.at), "dateTime")}</td>
              <th scope="row" className="py-1 pe-2 text-start font-normal">
                {t(`kinds.${line.kind}`)}
                <span className="block text-xs text-ink-muted">{line.by_card ? t("byCard") : t(`accounts.${line.account}`)}</span>
              </th>
              <td className="py-1 pe-2 tabular-nums">
                <span dir="ltr">{signed(line.amount)}</span>
              </td>
              <td className="py-1 pe-2 tabular-nums">{line.balance_after === null ? "—" : money(line.balance_after)}</td>
              <td className="py-1 pe-2">{t(`statuses.${line.status}`)}</td>
              <td className="py-1 font-mono text-xs">
                <span dir="ltr">{line.reference}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {complete ? null : <p className="text-sm text-ink-muted">{p("partial")}</p>}
    </>
  );
}
