/** Names of the session cookies (httpOnly; set by the core API). proxy.ts reads only whether they exist. */
export const ACCESS_COOKIE = "tk_access";
export const REFRESH_COOKIE = "tk_refresh";
export const DEVICE_COOKIE = "tk_device";

/**
 * Not a secret and not httpOnly: "1" while the browser holds a session (set and cleared with the
 * two above, same lifetime as the refresh cookie). The static public pages, identical for everyone,
 * read it after hydration to show "Dashboard" instead of "Log in / Sign up" without asking the API
 * on every anonymous visit; it proves nothing, so the header then confirms with GET /api/me.
 */
export const SESSION_HINT_COOKIE = "tk_signed_in";

/**
 * httpOnly, a year: "1" once an admin signed in on this browser, kept when the session ends and removed
 * when anyone else signs in. proxy.ts then asks for a sign-in at a bookmarked /admin instead of the 404
 * everyone else gets. It grants nothing (the back office's API checks the session on every call), so a
 * forged one only shows a sign-in page.
 */
export const ADMIN_HINT_COOKIE = "tk_admin";

/** Whether a Cookie header or document.cookie carries the session hint. */
export function hasSessionHint(cookies: string): boolean {
  return cookies.split(";").some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
