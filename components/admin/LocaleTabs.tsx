"use client";
import { useTranslations } from "next-intl";
import { useRef, type KeyboardEvent } from "react";
import { locales, type Locale } from "@/lib/i18n/locales";

/** The ids that tie a locale's tab to its panel. */
export const localeTabId = (locale: Locale) => `page-tab-${locale}`;
export const localePanelId = (locale: Locale) => `page-panel-${locale}`;

/**
 * One tab per locale (WAI-ARIA tabs: arrow keys move between them, in the reading direction,
 * Home and End jump to the ends; only the selected tab is in the tab order). A locale without a
 * version carries a "not translated yet" mark.
 */
export function LocaleTabs({
  selected,
  onSelect,
  missing,
  label,
}: {
  selected: Locale;
  onSelect: (locale: Locale) => void;
  missing: ReadonlySet<Locale>;
  label: string;
}) {
  const tLanguages = useTranslations("language.names");
  const t = useTranslations("admin.pageEditor");
  const refs = useRef(new Map<Locale, HTMLButtonElement>());

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const index = locales.indexOf(selected);
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + locales.length) % locales.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = locales.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const locale = locales[next]!;
    onSelect(locale);
    refs.current.get(locale)?.focus();
  }

  return (
    <div role="tablist" aria-label={label} onKeyDown={move} className="relative flex gap-1 overflow-x-auto border-b border-surface-line">
      {locales.map((locale) => {
        const active = locale === selected;
        return (
          <button
            key={locale}
            ref={(node) => {
              if (node) refs.current.set(locale, node);
              else refs.current.delete(locale);
            }}
            type="button"
            role="tab"
            id={localeTabId(locale)}
            aria-selected={active}
            aria-controls={localePanelId(locale)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(locale)}
            className={`-mb-px flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-semibold ${
              active ? "border-brand-600 text-brand-800" : "border-transparent text-ink-muted hover:text-ink"
            }`}
          >
            <span lang={locale}>{tLanguages(locale)}</span>
            {missing.has(locale) ? (
              <>
                {" "}
                <span aria-hidden="true" className="h-2 w-2 rounded-full bg-accent-500" />
                <span className="sr-only">({t("notTranslated")})</span>
              </>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
