"use client";
import { useLocale, useTranslations } from "next-intl";
import { isLocale, languageOf } from "@/lib/i18n/locales";
import { useUiStore } from "@/stores/ui";
import { preloadLanguageModal } from "./LanguageModalSlot";

/** Opens the language modal; present in every layout. */
export function LanguageButton({ className = "" }: { className?: string }) {
  const t = useTranslations("language");
  const locale = useLocale();
  const open = useUiStore((s) => s.setLangModalOpen);
  const name = isLocale(locale) ? t(`names.${locale}`) : locale;
  return (
    <button
      type="button"
      onClick={() => open(true)}
      onPointerEnter={preloadLanguageModal}
      onFocus={preloadLanguageModal}
      aria-haspopup="dialog"
      data-testid="language-button"
      className={`inline-flex items-center gap-1.5 rounded-lg border border-surface-line bg-surface px-3 py-1.5 text-sm font-medium text-ink hover:border-brand-300 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
      </svg>
      <span className="uppercase">{isLocale(locale) ? languageOf(locale) : locale}</span>
      <span className="sr-only">{t("button", { name })}</span>
    </button>
  );
}
