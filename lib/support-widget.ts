/** The third-party support chat (SUPPORT_WIDGET_SRC, optional SUPPORT_WIDGET_SETTINGS as JSON). */
export type SupportWidgetConfig = { src: string; settings: Record<string, unknown> | null };

/** Only https: URLs (or http: on loopback, for tests) and same-origin paths; anything else is ignored. */
export function supportWidgetConfig(env: Record<string, string | undefined> = process.env): SupportWidgetConfig | null {
  const raw = env.SUPPORT_WIDGET_SRC?.trim();
  if (!raw) return null;
  let src: string;
  if (raw.startsWith("/") && !raw.startsWith("//")) src = raw;
  else {
    try {
      const url = new URL(raw);
      const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost";
      if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) return null;
      src = url.toString();
    } catch {
      return null;
    }
  }
  let settings: Record<string, unknown> | null = null;
  if (env.SUPPORT_WIDGET_SETTINGS) {
    try {
      const parsed: unknown = JSON.parse(env.SUPPORT_WIDGET_SETTINGS);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) settings = parsed as Record<string, unknown>;
    } catch {
      settings = null;
    }
  }
  return { src, settings };
}

/** The inline settings script: JSON that cannot close the <script> element it sits in. */
export function settingsScript(settings: Record<string, unknown>): string {
  return `window.SUPPORT_WIDGET_SETTINGS=${JSON.stringify(settings).replace(/</g, "\\u003c")};`;
}
