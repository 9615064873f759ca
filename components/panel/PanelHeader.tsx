"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/link";
import { useMe } from "@/lib/api/me";
import { useNotificationCount, useNotificationStream } from "@/lib/api/notifications";
import { earnsAnything, useWallet } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { LanguageButton } from "@/components/i18n/LanguageButton";
import { Brand } from "@/components/layout/Brand";
import { MenuToggle } from "@/components/navigation/MenuToggle";

/** SPEC §2 panel header: the person's money (wallet and earnings) and unread-notification count of the logged-in user. */
export function PanelHeader() {
  const t = useTranslations("panel");
  const format = useFormatter();
  const me = useMe();
  const wallet = useWallet();
  const user = me.data ?? null;
  const balance = wallet.data?.wallet_balance ?? user?.wallet_balance ?? 0;
  const signedIn = user !== null;
  const count = useNotificationCount(signedIn);
  useNotificationStream(signedIn);
  const unread = count.data?.unseen ?? user?.unread_notifications ?? 0;
  return (
    <header className="sticky top-0 z-nav border-b border-surface-line bg-surface/95 backdrop-blur">
      <div className="flex items-center justify-between gap-2 px-3 py-3 sm:gap-3 sm:px-4">
        <div className="flex min-w-0 items-center gap-2">
          <MenuToggle controls="panel-menu" className="lg:hidden" />
          <Brand href="/dashboard" compact />
        </div>
        <div className="flex shrink-0 items-center gap-1.5 sm:gap-2">
          <Link
            href="/dashboard/wallet"
            className="inline-flex items-center gap-2 rounded-lg border border-surface-line px-2 py-1 text-sm sm:px-3 sm:py-1.5"
            data-testid="wallet-balance"
          >
            {user ? (
              <HeaderMoney wallet={balance} earnings={wallet.data?.earnings_balance ?? 0} held={wallet.data?.held_balance ?? 0} />
            ) : me.isPending ? (
              <span aria-label={t("loading")} className="inline-block h-4 w-16 animate-pulse rounded bg-surface-line" />
            ) : (
              <>
                <span className="sr-only sm:not-sr-only sm:text-ink-muted">{t("walletBalance")}</span>{" "}
                <span className="font-semibold" aria-label={t("balanceUnavailable")}>
                  —
                </span>
              </>
            )}
          </Link>
          <Link
            href="/dashboard/notifications"
            className="relative rounded-lg border border-surface-line p-2"
            aria-label={`${t("notifications")}: ${t("notificationCount", { count: unread })}`}
            data-testid="notification-count"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M6 8a6 6 0 1112 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 004 0" />
            </svg>
            {unread > 0 ? (
              <span
                dir="ltr"
                data-testid="notification-badge"
                className="absolute -end-1.5 -top-1.5 min-w-5 rounded-full bg-danger-600 px-1 text-center text-xs font-bold leading-5 text-white"
              >
                {unread > 99 ? t("manyNotifications", { count: format.number(99) }) : format.number(unread)}
              </span>
            ) : null}
          </Link>
          <LanguageButton />
        </div>
      </div>
    </header>
  );
}

/**
 * What the person can spend (wallet) and, once they earn, what they can withdraw (earnings), with a mark when
 * rewards are on hold: short figures on a phone (۵٫۲ میلیون ریال, 5.2M IRR) one above the other, whole ones from
 * sm up, and for screen readers one whole sentence.
 */
function HeaderMoney({ wallet, earnings, held }: { wallet: number; earnings: number; held: number }) {
  const t = useTranslations("panel");
  const tMoney = useTranslations("money");
  const format = useFormatter();
  const money = useMoney();
  const short = (amount: number) => tMoney("amount", { amount: format.number(amount, "short") });
  const earns = earnsAnything({ earnings_balance: earnings, held_balance: held });
  const sentence = !earns
    ? `${t("walletBalance")} ${money(wallet)}`
    : held > 0
      ? t("moneySummaryHeld", { wallet: money(wallet), earnings: money(earnings), held: money(held) })
      : t("moneySummary", { wallet: money(wallet), earnings: money(earnings) });
  const heldMark =
    held > 0 ? (
      <span className="ms-1 inline-block h-2 w-2 rounded-full bg-amber-500 align-middle" title={t("heldNote", { held: money(held) })} />
    ) : null;
  return (
    <>
      <span className="sr-only" data-testid="header-money-sentence">
        {sentence}
      </span>
      <span aria-hidden="true" className="grid whitespace-nowrap text-xs font-semibold leading-4 sm:hidden">
        <span>{short(wallet)}</span>
        {earns ? (
          <span className="text-success-600">
            {short(earnings)}
            {heldMark}
          </span>
        ) : null}
      </span>
      <span aria-hidden="true" className="hidden items-center gap-3 whitespace-nowrap sm:inline-flex">
        <span>
          <span className="text-ink-muted">{t("walletBalance")}</span> <span className="font-semibold">{money(wallet)}</span>
        </span>
        {earns ? (
          <span>
            <span className="text-ink-muted">{t("earnings")}</span>{" "}
            <span className="font-semibold text-success-600">{money(earnings)}</span>
            {heldMark}
          </span>
        ) : null}
      </span>
    </>
  );
}
