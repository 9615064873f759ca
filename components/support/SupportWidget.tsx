import { SupportWidgetLoader } from "@/components/support/SupportWidgetLoader";
import { settingsScript, supportWidgetConfig } from "@/lib/support-widget";

/**
 * SPEC §1: the support chat on every page — loaded once the page is idle (never blocking
 * rendering), once per visit (SupportWidgetLoader adds each script once, by id, across navigations),
 * and not at all when SUPPORT_WIDGET_SRC is unset.
 */
export function SupportWidget() {
  const config = supportWidgetConfig();
  if (!config) return null;
  return <SupportWidgetLoader src={config.src} settings={config.settings ? settingsScript(config.settings) : null} />;
}
