"use client";
import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { LanguageButton } from "@/components/i18n/LanguageButton";
import { Brand } from "@/components/layout/Brand";
import { MenuToggle } from "@/components/navigation/MenuToggle";

/**
 * SPEC §2 panel header: wallet balance and notification count. Until accounts land the figures
 * are unknown and say so; the money and accounts issues bind them to GET /api/wallet and
 * GET /api/notifications.
 */
export function PanelHeader() {
  const t = useTranslations("panel");
  return (
    <header className="sticky top-0 z-nav border-b border-surface-line bg-surface/95 backdrop-blur">
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <div className="flex items-center gap-2">
          <MenuToggle controls="panel-menu" className="lg:hidden" />
          <Brand href="/dashboard" />
        </div>
        <div className="flex items-center gap-2">
          <Link
            href="/dashboard/wallet"
            className="hidden items-center gap-2 rounded-lg border border-surface-line px-3 py-1.5 text-sm sm:inline-flex"
            title={t("balanceUnavailable")}
          >
            <span className="text-ink-muted">{t("walletBalance")}</span>
            <span className="font-semibold" aria-label={t("balanceUnavailable")}>
              —
            </span>
          </Link>
          <Link
            href="/dashboard/notifications"
            className="relative rounded-lg border border-surface-line p-2"
            aria-label={`${t("notifications")}: ${t("notificationCount", { count: 0 })}`}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M6 8a6 6 0 1112 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 004 0" />
            </svg>
          </Link>
          <LanguageButton />
        </div>
      </div>
    </header>
  );
}
