"use client";
import { useLocale, useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { directionOf, isLocale, languageOf, locales, type Locale } from "@/lib/i18n/locales";
import { rememberLocale } from "@/lib/i18n/locale-cookie";
import { localizedPath, stripLocale } from "@/lib/i18n/negotiate";
import { useUiStore } from "@/stores/ui";

/**
 * The language chooser (SPEC §3 isLangModalOpen, userChoosenLang). Choosing writes the language
 * cookie and loads the same page in the new language (a full load: <html lang dir> change).
 */
export function LanguageModal() {
  const t = useTranslations("language");
  const tc = useTranslations("common");
  const current = useLocale();
  const pathname = usePathname();
  const open = useUiStore((s) => s.isLangModalOpen);
  const setOpen = useUiStore((s) => s.setLangModalOpen);
  const choose = useUiStore((s) => s.setUserChoosenLang);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const pick = (locale: Locale) => {
    choose(locale);
    rememberLocale(locale);
    setOpen(false);
    const target = localizedPath(locale, stripLocale(pathname)) + window.location.search;
    window.location.assign(target);
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="lang-modal-title"
      aria-describedby="lang-modal-desc"
      onClose={() => setOpen(false)}
      onClick={(event) => {
        if (event.target === dialog.current) setOpen(false);
      }}
      className="m-auto w-[min(92vw,26rem)] rounded-card bg-surface p-0 text-ink shadow-card backdrop:bg-ink/50"
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="lang-modal-title" className="text-lg font-bold">
            {t("title")}
          </h2>
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="rounded-lg px-2 py-1 text-ink-muted hover:bg-surface-sunken"
            aria-label={tc("close")}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        <p id="lang-modal-desc" className="mt-1 text-sm text-ink-muted">
          {t("description")}
        </p>
        <ul className="mt-4 grid gap-2" role="list">
          {locales.map((locale) => {
            const active = isLocale(current) && current === locale;
            return (
              <li key={locale}>
                <button
                  type="button"
                  lang={locale}
                  dir={directionOf(locale)}
                  aria-current={active ? "true" : undefined}
                  data-locale={locale}
                  onClick={() => pick(locale)}
                  className={`flex w-full items-center justify-between rounded-xl border px-4 py-3 text-start font-medium transition-colors ${
                    active ? "border-brand-600 bg-brand-50 text-brand-800" : "border-surface-line hover:border-brand-300 hover:bg-brand-50"
                  }`}
                >
                  <span>{t(`names.${locale}`)}</span>
                  <span className="text-xs uppercase text-ink-muted" aria-hidden="true">
                    {languageOf(locale)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <p className="sr-only" aria-live="polite">
          {t("current")}: {isLocale(current) ? t(`names.${current}`) : ""}
        </p>
      </div>
    </dialog>
  );
}
