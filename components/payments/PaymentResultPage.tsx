"use client";
import { useSearchParams } from "next/navigation";
import { isUuid } from "@/lib/validation/uuid";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { ApiError } from "@/lib/api/client";
import { useRefreshMoney, useTransaction, type Transaction } from "@/lib/api/payments";
import { returnPathAfterPayment, subscribeNothing } from "@/lib/campaigns/draft";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/link";
import { useWalletLabels } from "@/components/ui/labels";
import { linkButton } from "@/components/ui/LinkButton";
import { LoadError } from "@/components/ui/LoadError";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { SignInCard } from "@/components/ui/SignInCard";

/** The UUIDs the API issues; anything else is not worth a request. */

const noSubscription = () => () => {};

/**
 * /dashboard/payment-result?tx=<id>: where the gateway's callback sends the payer (SPEC §2).
 *
 * The page is prerendered once for everyone (the [locale] layout is force-static), and under
 * force-static useSearchParams() answers empty at build instead of deferring to the browser: the
 * HTML said "payment not found" while the browser's first render, with the real ?tx=, drew the
 * pending state, and React threw hydration error #418. The address is the browser's alone, so
 * both the HTML and the hydrating render show the placeholder, and ?tx= is read once hydrated.
 */
export function PaymentResultPage() {
  const params = useSearchParams();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!hydrated) return <PaymentResultFallback />;
  const tx = params.get("tx")?.trim() ?? "";
  return <PaymentResult transactionId={isUuid(tx) ? tx : null} />;
}

/** While the page waits for its search parameters. */
export function PaymentResultFallback() {
  return (
    <div className="mx-auto w-full max-w-xl rounded-card bg-surface p-6 shadow-card">
      <SkeletonLines lines={4} />
    </div>
  );
}

export function PaymentResult({ transactionId }: { transactionId: string | null }) {
  const t = useTranslations("paymentResult");
  const titles = useTranslations("titles");
  const query = useTransaction(transactionId);
  const refreshMoney = useRefreshMoney();
  const status = query.data?.status;

  // The balance in the header, the wallet page and the profile follow without a reload: once on
  // arrival, and again when a payment seen pending turns paid or failed.
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current === null) {
      seen.current = status ?? "loading";
      void refreshMoney();
      return;
    }
    if (!status || seen.current === status) return;
    const before = seen.current;
    seen.current = status;
    if (before !== "loading") void refreshMoney();
  }, [status, refreshMoney]);

  const plainHeading = (
    <h1 id="page-title" className="text-2xl font-bold text-ink">
      {titles("paymentResult")}
    </h1>
  );

  if (!transactionId) return <Missing heading={plainHeading} />;
  if (query.isPending) {
    return (
      <section aria-labelledby="page-title" className="mx-auto grid w-full max-w-xl gap-4 rounded-card bg-surface p-6 shadow-card">
        {plainHeading}
        <SkeletonLines lines={4} />
      </section>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 401) {
      return (
        <SignInCard
          heading={plainHeading}
          body={t("signIn")}
          redirect={`/dashboard/payment-result?tx=${encodeURIComponent(transactionId)}`}
        />
      );
    }
    if (error instanceof ApiError && (error.status === 404 || error.status === 422 || error.status === 400))
      return <Missing heading={plainHeading} />;
    return (
      <section aria-labelledby="page-title" className="mx-auto grid w-full max-w-xl gap-4 rounded-card bg-surface p-6 shadow-card">
        {plainHeading}
        <LoadError message={t("loadError")} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        <Actions />
      </section>
    );
  }
  return (
    <Result
      transaction={query.data}
      checking={query.isFetching}
      onCheck={() => {
        void query.refetch();
        void refreshMoney();
      }}
    />
  );
}

function Missing({ heading }: { heading: ReactNode }) {
  const t = useTranslations("paymentResult");
  return (
    <section aria-labelledby="page-title" className="mx-auto grid w-full max-w-xl gap-4 rounded-card bg-surface p-6 shadow-card">
      {heading}
      <p className="font-semibold text-ink" role="status">
        {t("missing.title")}
      </p>
      <p className="leading-7 text-ink-muted">{t("missing.body")}</p>
      <Actions />
    </section>
  );
}

const looks = {
  paid: { ring: "bg-green-50 text-success-600", path: "M5 10.5l3.5 3.5L15 7" },
  failed: { ring: "bg-red-50 text-danger-600", path: "M6.5 6.5l7 7m0-7l-7 7" },
  pending: { ring: "bg-amber-50 text-amber-700", path: "M10 5.5V10l3 2" },
} as const;

function Result({ transaction, checking, onCheck }: { transaction: Transaction; checking: boolean; onCheck: () => void }) {
  const t = useTranslations("paymentResult");
  const format = useFormatter();
  const money = useMoney();
  const labels = useWalletLabels();
  const status = transaction.status;
  const look = looks[status];
  const amount = money(transaction.amount);
  const reason = labels.failure(transaction);
  const gateway = labels.gateway(transaction.gateway);
  const when = transaction.approved_at ?? transaction.created_at;
  // A charge started from the campaign form (its wallet was short): the way back to that form, as it was.
  // Read after hydration: sessionStorage is the browser's alone.
  const backToForm = useSyncExternalStore(
    subscribeNothing,
    () => returnPathAfterPayment(transaction.id),
    () => null,
  );
  // A campaign's own payment (a top-up paid here): back to that campaign.
  const back = backToForm
    ? { href: backToForm, label: t("backToCampaign") }
    : transaction.intent === "campaign_top_up" && transaction.campaign_id
      ? { href: `/dashboard/campaigns/view/${transaction.campaign_id}`, label: t("backToCampaignView") }
      : null;

  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto grid w-full max-w-xl gap-5 rounded-card bg-surface p-6 text-center shadow-card sm:p-8"
      data-status={status}
    >
      <div className={`mx-auto grid h-16 w-16 place-items-center rounded-full ${look.ring}`} aria-hidden="true">
        <svg viewBox="0 0 20 20" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2">
          {status === "pending" ? <circle cx="10" cy="10" r="7" /> : null}
          <path d={look.path} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <div className="grid gap-2">
        <h1 id="page-title" className="text-2xl font-bold text-ink">
          {t(`${status}.title`)}
        </h1>
        <p className="leading-7 text-ink-muted" role="status">
          {status === "paid"
            ? t(transaction.intent === "wallet_charge" ? "paid.body" : "paid.bodyOther", { amount })
            : t(`${status}.body`, { amount })}
        </p>
      </div>

      <dl className="grid gap-2 rounded-lg bg-surface-sunken p-4 text-start text-sm">
        <Row label={t("amount")}>
          <span className="font-semibold tabular-nums">{amount}</span>
        </Row>
        <Row label={t("type")}>{labels.intent(transaction.intent)}</Row>
        {gateway ? <Row label={t("gateway")}>{gateway}</Row> : null}
        {reason ? <Row label={t("reason")}>{reason}</Row> : null}
        <Row label={t("reference")}>
          {transaction.reference ? (
            <span dir="ltr" className="inline-block font-mono [overflow-wrap:anywhere]" data-testid="payment-reference">
              {transaction.reference}
            </span>
          ) : (
            <span className="text-ink-faint">{t("noReference")}</span>
          )}
        </Row>
        <Row label={t("date")}>
          <time dateTime={when}>{format.dateTime(new Date(when), "dateTime")}</time>
        </Row>
      </dl>

      {status === "pending" ? (
        <div>
          <Button type="button" variant="secondary" onClick={onCheck} busy={checking}>
            {t("pending.refresh")}
          </Button>
        </div>
      ) : null}
      {status === "paid" && transaction.plan_not_bought ? (
        <Alert tone="info">
          <span data-testid="plan-not-bought">{t("planNotBought")}</span>
        </Alert>
      ) : null}
      {status === "paid" && transaction.intent === "membership_payment" ? (
        <div className="flex justify-center">
          <Link href="/dashboard/payouts" className={linkButton.primary} data-testid="to-membership">
            {t("toMembership")}
          </Link>
        </div>
      ) : null}
      {back ? (
        <div className="flex justify-center">
          <Link href={back.href} className={linkButton.primary} data-testid="back-to-campaign">
            {back.label}
          </Link>
        </div>
      ) : null}
      <Actions retry={status === "failed"} />
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  );
}

function Actions({ retry = false }: { retry?: boolean }) {
  const t = useTranslations("paymentResult");
  const tc = useTranslations("common");
  return (
    <div className="flex flex-col justify-center gap-2 sm:flex-row">
      <Link href="/dashboard" className={linkButton.primary}>
        {tc("backDashboard")}
      </Link>
      {retry ? (
        <Link href="/dashboard/wallet/charge_wallet" className={linkButton.secondary}>
          {t("tryAgain")}
        </Link>
      ) : null}
      <Link href="/dashboard/wallet" className={linkButton.secondary}>
        {t("toWallet")}
      </Link>
    </div>
  );
}
