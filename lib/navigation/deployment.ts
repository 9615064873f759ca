/** First check for a new deployment about 1 s after load, then every few minutes and when the tab returns. */
export const DEPLOYMENT_CHECK = { firstAfterMs: 1000, everyMs: 5 * 60_000 } as const;

/** A different, known build id on the server means a new deployment. */
export function isNewDeployment(ownBuildId: string | undefined, servedBuildId: string | null | undefined): boolean {
  return Boolean(ownBuildId && servedBuildId && ownBuildId !== servedBuildId);
}

/**
 * Whether a click on this anchor is an in-app navigation that the router would handle (and that
 * the progress bar and the new-deployment full load should see).
 */
export function isInAppNavigation(
  anchor: { href: string; target: string; hasAttribute(name: string): boolean },
  event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean },
  location: { origin: string; pathname: string; search: string },
): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return false;
  let url: URL;
  try {
    url = new URL(anchor.href, location.origin);
  } catch {
    return false;
  }
  if (url.origin !== location.origin) return false;
  if (url.pathname.startsWith("/api/")) return false;
  return url.pathname !== location.pathname || url.search !== location.search;
}
