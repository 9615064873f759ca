import type { Messages } from "./messages";

/**
 * The message namespaces the browser needs on every page: the header, footer, language chooser,
 * error boundary and the landing page's own client parts. Every page's HTML carries the messages it
 * hands to the browser, so the public pages carry only these; the panel, the back office and the
 * auth and default layouts add the rest (components/i18n/AllMessages.tsx).
 */
export const SHELL_NAMESPACES = [
  "common",
  "nav",
  "footer",
  "meta",
  "language",
  "errors",
  "landing",
  "money",
] as const satisfies readonly (keyof Messages)[];

export function pickNamespaces(messages: Record<string, unknown>, namespaces: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(namespaces.filter((namespace) => namespace in messages).map((namespace) => [namespace, messages[namespace]]));
}
