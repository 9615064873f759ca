"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Tabs } from "@/components/ui/Tabs";
import { locales, type Locale } from "@/lib/i18n/locales";

/** The ids that tie a locale's tab to its panel. */
const localeTabId = (locale: Locale) => `page-tab-${locale}`;
const localePanelId = (locale: Locale) => `page-panel-${locale}`;

/**
 * One tab per locale (the one Tabs: arrow keys in the reading direction, Home and End) over a panel per
 * locale, `children(locale)`: every panel stays mounted and only the selected one shows, so a draft in
 * one language survives a look at another. A locale in `missing` carries a "not translated yet" mark.
 */
export function LocaleTabs({
  selected,
  onSelect,
  missing,
  label,
  panel,
  children,
}: {
  selected: Locale;
  onSelect: (locale: Locale) => void;
  missing: ReadonlySet<Locale>;
  label: string;
  /** The panels' classes, and whether a panel takes the focus itself (one whose content may have nothing focusable first). */
  panel: { className: string; focusable?: boolean };
  children: (locale: Locale) => ReactNode;
}) {
  const tLanguages = useTranslations("language.names");
  const t = useTranslations("admin.pageEditor");
  return (
    <>
      <Tabs
        id="page"
        look="underline"
        values={locales}
        value={selected}
        onChange={onSelect}
        label={label}
        tabId={localeTabId}
        panelId={localePanelId}
        name={(locale) => (
          <>
            <span lang={locale}>{tLanguages(locale)}</span>
            {missing.has(locale) ? (
              <>
                {" "}
                <span aria-hidden="true" className="h-2 w-2 rounded-full bg-accent-500" />
                <span className="sr-only">({t("notTranslated")})</span>
              </>
            ) : null}
          </>
        )}
      />
      {locales.map((locale) => (
        <div
          key={locale}
          role="tabpanel"
          id={localePanelId(locale)}
          aria-labelledby={localeTabId(locale)}
          hidden={locale !== selected}
          tabIndex={panel.focusable ? 0 : undefined}
          className={panel.className}
        >
          {children(locale)}
        </div>
      ))}
    </>
  );
}
