"use client";
import { useTranslations } from "next-intl";
import { useEffect, type ReactNode } from "react";
import { earnsAnything, useWallet, type WalletBalances } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/link";
import { StatementList } from "./StatementList";
import { linkButton } from "@/components/ui/LinkButton";
import { LoadError } from "@/components/ui/LoadError";
import { SignInCard } from "@/components/ui/SignInCard";

/** SPEC §2 wallet: the balance in the title, wallet and earnings apart, the charge button and the transactions. */
export function WalletPage() {
  const t = useTranslations("wallet");
  const titles = useTranslations("titles");
  const wallet = useWallet();
  const money = useMoney();
  const balance = wallet.data ? money(wallet.data.wallet_balance) : null;
  // What a booster can withdraw belongs in the title too (a booster with millions earned read "0" there).
  const earnings = wallet.data && earnsAnything(wallet.data) ? money(wallet.data.earnings_balance) : null;
  useBalanceInDocumentTitle(
    balance ? (earnings ? t("documentTitleEarnings", { balance, earnings }) : t("documentTitle", { balance })) : null,
  );

  const heading = (
    <h1 id="page-title" className="text-2xl font-bold text-ink">
      {titles("wallet")}
    </h1>
  );

  if (wallet.isPending) return <WalletSkeleton heading={heading} />;

  if (wallet.isError) {
    return (
      <section aria-labelledby="page-title" className="mx-auto grid w-full max-w-xl gap-4">
        {heading}
        <LoadError message={t("loadError")} onRetry={() => void wallet.refetch()} retrying={wallet.isFetching} />
      </section>
    );
  }

  if (!wallet.data) return <SignInCard heading={heading} body={t("signIn.body")} redirect="/dashboard/wallet" />;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          {heading}
          <p className="flex flex-wrap items-baseline gap-x-6 gap-y-1" data-testid="wallet-title-balance">
            <span className="text-3xl font-black tabular-nums text-brand-700 sm:text-4xl">
              <span className="sr-only">{t("walletTitle")}: </span>
              {balance}
            </span>
            {earnings ? (
              <span className="text-xl font-bold tabular-nums text-success-600 sm:text-2xl" data-testid="wallet-title-earnings">
                <span className="text-base font-semibold text-ink-muted">{t("earningsTitle")}: </span>
                {earnings}
              </span>
            ) : null}
          </p>
          <p className="max-w-2xl text-sm leading-6 text-ink-muted">{t("intro")}</p>
        </div>
        <Link href="/dashboard/wallet/charge_wallet" className={`${linkButton.primary} w-full sm:w-auto`}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M10 4v12M4 10h12" strokeLinecap="round" />
          </svg>
          {t("charge")}
        </Link>
      </header>
      <Balances balances={wallet.data} />
      <StatementList />
    </div>
  );
}

function Balances({ balances }: { balances: WalletBalances }) {
  const t = useTranslations("wallet");
  const money = useMoney();
  return (
    <section aria-labelledby="balances-title" className="grid gap-4">
      <h2 id="balances-title" className="sr-only">
        {t("balancesTitle")}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <BalanceCard title={t("walletTitle")} amount={money(balances.wallet_balance)} body={t("walletBody")} emphasis>
          <Link href="/dashboard/wallet/charge_wallet" className="text-sm font-semibold text-brand-700 hover:underline">
            {t("charge")}
          </Link>
        </BalanceCard>
        <BalanceCard title={t("earningsTitle")} amount={money(balances.earnings_balance)} body={t("earningsBody")}>
          <Link href="/dashboard/payouts" className="text-sm font-semibold text-brand-700 hover:underline">
            {t("payout")}
          </Link>
        </BalanceCard>
        <BalanceCard title={t("heldTitle")} amount={money(balances.held_balance)} body={t("heldBody")} />
      </div>
      <p className="rounded-lg bg-surface-sunken px-4 py-3 text-sm leading-7 text-ink" data-testid="wallet-summary">
        {t("summary", {
          wallet: money.words(balances.wallet_balance),
          earnings: money.words(balances.earnings_balance),
          held: money.words(balances.held_balance),
        })}
      </p>
    </section>
  );
}

function BalanceCard({
  title,
  amount,
  body,
  emphasis = false,
  children,
}: {
  title: string;
  amount: string;
  body: string;
  emphasis?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className={`grid content-start gap-2 rounded-card p-5 shadow-card ${emphasis ? "bg-brand-50 ring-1 ring-brand-200" : "bg-surface"}`}
    >
      <h3 className="text-sm font-semibold text-ink-muted">{title}</h3>
      <p className="text-2xl font-bold tabular-nums text-ink">{amount}</p>
      <p className="text-sm leading-6 text-ink-muted">{body}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}

function WalletSkeleton({ heading }: { heading: ReactNode }) {
  const tc = useTranslations("common");
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      {heading}
      <div aria-busy="true" className="grid animate-pulse gap-6 motion-reduce:animate-none">
        <p className="sr-only" role="status">
          {tc("loading")}
        </p>
        <div aria-hidden="true" className="h-10 w-48 rounded bg-surface-line" />
        <div aria-hidden="true" className="grid gap-4 md:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <div key={index} className="grid gap-3 rounded-card bg-surface p-5 shadow-card">
              <div className="h-3 w-1/3 rounded bg-surface-line" />
              <div className="h-7 w-2/3 rounded bg-surface-line" />
              <div className="h-3 w-full rounded bg-surface-sunken" />
            </div>
          ))}
        </div>
        <div aria-hidden="true" className="h-64 rounded-card bg-surface shadow-card" />
      </div>
    </div>
  );
}

/**
 * SPEC §2 "balance in the title": the tab's title follows the balance ("Wallet: 1,000,000 IRR | Takapoo").
 * The page's metadata is static, so the figure is put in from the browser and taken out on leaving.
 */
function useBalanceInDocumentTitle(title: string | null) {
  const meta = useTranslations("meta");
  const full = title ? meta("titleTemplate").replace("%s", title) : null;
  useEffect(() => {
    if (!full) return;
    const previous = document.title;
    document.title = full;
    return () => {
      if (document.title === full) document.title = previous;
    };
  }, [full]);
}
