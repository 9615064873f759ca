"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { BackLink } from "@/components/ui/BackLink";
import { Button } from "@/components/ui/Button";
import { LoadError } from "@/components/ui/LoadError";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { StatusLabel } from "@/components/ui/StatusPill";
import { statementTones } from "@/components/ui/status-badges";
import { useWalletLabels } from "@/components/ui/labels";
import { Iban } from "@/components/ui/Iban";
import { ApiError } from "@/lib/api/client";
import { useReceipt, type Receipt } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { numberInWords } from "@/lib/format/number-words";
import { Link } from "@/lib/i18n/link";
import type { Locale } from "@/lib/i18n/locales";
import { isUuid } from "@/lib/validation/uuid";
import { subjectHref, useSignedMoney } from "./StatementList";

/**
 * /dashboard/wallet/receipts/<id>: one line of the statement as a receipt (issue 33) — references (ours and the
 * bank's), the amount in figures and in words (SPEC §9), the date, who paid whom and for what; printable (the
 * panel's header and menu are not printed). Only its owner (and an admin) reads it: anyone else's answers 404.
 */
export function ReceiptPage({ id }: { id: string }) {
  const t = useTranslations("wallet.receipt");
  const valid = isUuid(id);
  const receipt = useReceipt(valid ? id : "");
  const missing = !valid || (receipt.error instanceof ApiError && [404, 422].includes(receipt.error.status));
  return (
    <article aria-labelledby="page-title" className="mx-auto grid w-full max-w-2xl gap-4">
      <div className="print:hidden">
        <BackLink href="/dashboard/wallet">{t("back")}</BackLink>
      </div>
      {missing ? (
        <>
          <h1 id="page-title" className="text-2xl font-bold text-ink">
            {t("notFoundTitle")}
          </h1>
          <p className="text-ink-muted">{t("notFound")}</p>
        </>
      ) : receipt.isPending ? (
        <>
          <h1 id="page-title" className="text-2xl font-bold text-ink">
            {t("title")}
          </h1>
          <SkeletonLines lines={6} />
        </>
      ) : receipt.isError || !receipt.data ? (
        <>
          <h1 id="page-title" className="text-2xl font-bold text-ink">
            {t("title")}
          </h1>
          <LoadError message={t("loadError")} onRetry={() => void receipt.refetch()} retrying={receipt.isFetching} />
        </>
      ) : (
        <ReceiptBody receipt={receipt.data} />
      )}
    </article>
  );
}

function ReceiptBody({ receipt }: { receipt: Receipt }) {
  const t = useTranslations("wallet.receipt");
  const s = useTranslations("wallet.statement");
  const brand = useTranslations("meta")("brand");
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const money = useMoney();
  const signed = useSignedMoney();
  const labels = useWalletLabels();
  const { line } = receipt;
  const person = receipt.owner.name || t("you");
  const own = (account: Receipt["line"]["account"]) =>
    account === "card"
      ? t("parties.card", { gateway: labels.gateway(line.gateway) ?? s("accounts.card") })
      : t("parties.person", { name: person, account: s(`accounts.${account}`) });
  const campaign = receipt.campaign_name ? t("parties.campaign", { name: receipt.campaign_name }) : brand;
  const bank = receipt.payout ? <Iban iban={receipt.payout.iban} /> : t("parties.bank");
  const counterpart: ReactNode = (() => {
    switch (line.kind) {
      case "charge":
        return t("parties.card", { gateway: labels.gateway(line.gateway) ?? s("accounts.card") });
      case "campaign_payment":
      case "campaign_refund":
      case "reward_held":
      case "reward_clawed_back":
        return campaign;
      case "payout":
      case "payout_returned":
        return bank;
      case "reward_released":
      case "frozen":
      case "unfrozen":
        return line.counter_account ? own(line.counter_account) : brand;
      default:
        return brand;
    }
  })();
  const mine = line.kind === "charge" && line.by_card ? own("card") : own(line.account);
  const [from, to] = line.amount >= 0 ? [counterpart, mine] : [mine, counterpart];
  const planName = receipt.plan_name ? (receipt.plan_name[locale] ?? Object.values(receipt.plan_name)[0] ?? null) : null;
  const href = subjectHref(line);
  const words = numberInWords(Math.abs(line.amount), locale);

  const rows: [string, ReactNode][] = [
    [t("kind"), s(`kinds.${line.kind}`)],
    [t("status"), <StatusLabel key="status" status={line.status} tones={statementTones} messages="wallet.statement.statuses" />],
    [
      t("date"),
      <span key="date" className="grid">
        <time dateTime={line.at}>{format.dateTime(new Date(line.at), "dateTime")}</time>
        <span dir="ltr" className="text-xs text-ink-muted">
          {line.at}
        </span>
      </span>,
    ],
    [t("from"), from],
    [t("to"), to],
    [
      t("reference"),
      <span key="ref" dir="ltr" className="font-mono text-sm [overflow-wrap:anywhere]">
        {line.id}
      </span>,
    ],
    [
      t("bankReference"),
      line.bank_reference ? (
        <span dir="ltr" className="font-mono text-sm [overflow-wrap:anywhere]">
          {line.bank_reference}
        </span>
      ) : (
        t("none")
      ),
    ],
  ];
  if (line.balance_after !== null) rows.push([t("balanceAfter"), money(line.balance_after)]);
  if (planName) rows.push([t("plan"), planName]);
  if (receipt.payout?.paid_at) rows.push([t("paidAt"), format.dateTime(new Date(receipt.payout.paid_at), "dateTime")]);
  if (href && line.subject)
    rows.push([
      t("concerns"),
      <Link key="subject" href={href} className="font-medium text-brand-700 underline underline-offset-2 print:no-underline">
        {receipt.campaign_name ?? s(`subjects.${line.subject}`)}
      </Link>,
    ]);

  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-surface-line pb-4">
        <div className="grid gap-1">
          <p className="text-sm font-semibold text-brand-700">{brand}</p>
          <h1 id="page-title" className="text-2xl font-bold text-ink">
            {t("title")}{" "}
            <span dir="ltr" className="font-mono text-lg text-ink-muted">
              {line.reference}
            </span>
          </h1>
        </div>
        <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
          {t("print")}
        </Button>
      </header>
      <section aria-label={t("amount")} className="grid gap-1 rounded-card bg-surface-sunken p-4 print:bg-transparent print:p-0">
        <p className="text-sm text-ink-muted">{t("amount")}</p>
        <p dir="ltr" className="text-start text-3xl font-black tabular-nums text-ink rtl:text-end" data-testid="receipt-amount">
          {signed(line.amount)}
        </p>
        <p className="text-sm leading-6 text-ink" data-testid="receipt-words">
          {t("inWords", { spelled: words })}
        </p>
      </section>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-0.5 sm:contents">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="text-ink [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      {receipt.failure_reason && line.status === "failed" ? (
        <p className="text-sm text-danger-600">{labels.failure({ status: "failed", failure_reason: receipt.failure_reason })}</p>
      ) : null}
      <p className="border-t border-surface-line pt-3 text-xs leading-5 text-ink-muted">{t("footer", { brand })}</p>
    </>
  );
}
