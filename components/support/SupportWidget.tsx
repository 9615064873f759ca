import Script from "next/script";
import { settingsScript, supportWidgetConfig } from "@/lib/support-widget";

/**
 * SPEC §1: the support chat on every page — loaded once the page is idle (never blocking
 * rendering), once per visit (next/script dedupes by id across navigations), and not at all when
 * SUPPORT_WIDGET_SRC is unset.
 */
export function SupportWidget() {
  const config = supportWidgetConfig();
  if (!config) return null;
  return (
    <>
      {config.settings ? (
        <Script id="support-widget-settings" strategy="lazyOnload">
          {settingsScript(config.settings)}
        </Script>
      ) : null}
      <Script id="support-widget" src={config.src} strategy="lazyOnload" />
    </>
  );
}
