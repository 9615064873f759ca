"use client";
import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/link";
import { LanguageButton } from "@/components/i18n/LanguageButton";
import { Brand } from "@/components/layout/Brand";
import { PathIcon } from "@/components/ui/MenuLink";

/** The back office header: brand (to the back office home), its title, language, a way back to the panel. */
export function AdminHeader() {
  const t = useTranslations("admin.shell");
  return (
    <header className="sticky top-0 z-nav border-b border-surface-line bg-surface/95 backdrop-blur">
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div className="flex items-center gap-3">
          <Brand href="/admin" />
          <span className="rounded-md bg-ink px-2 py-0.5 text-xs font-semibold text-white">{t("title")}</span>
        </div>
        <div className="flex items-center gap-2">
          <Link
            href="/dashboard"
            className="inline-flex items-center gap-1.5 rounded-lg border border-surface-line px-3 py-1.5 text-sm font-medium text-ink hover:border-brand-300"
          >
            <PathIcon d="M15 18l-6-6 6-6" className="h-4 w-4 rtl:-scale-x-100" roundJoins={false} />
            {t("backToPanel")}
          </Link>
          <LanguageButton />
        </div>
      </div>
    </header>
  );
}
