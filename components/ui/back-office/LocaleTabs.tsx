"use client";
import { useTranslations } from "next-intl";
import { Tabs } from "@/components/ui/Tabs";
import { locales, type Locale } from "@/lib/i18n/locales";

/** The ids that tie a locale's tab to its panel. */
export const localeTabId = (locale: Locale) => `page-tab-${locale}`;
export const localePanelId = (locale: Locale) => `page-panel-${locale}`;

/**
 * One tab per locale (the one Tabs: arrow keys in the reading direction, Home and End); the editor draws
 * the panels, so every form stays mounted. A locale without a version carries a "not translated yet" mark.
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
  return (
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
  );
}
