import { localizedPath, stripLocale } from "@/lib/i18n/negotiate";
import type { Locale } from "@/lib/i18n/locales";

/** SPEC §2: the routes the auth-user guard protects (paths without locale), and the API keys (issue 36). */
const GUARDED: readonly RegExp[] = [
  /^\/dashboard\/?$/,
  /^\/dashboard\/campaigns\/create\/?$/,
  /^\/dashboard\/invitations(\/create)?\/?$/,
  /^\/dashboard\/integrations\/?$/,
  /^\/dashboard\/payouts(\/Create)?\/?$/,
  /^\/dashboard\/profile\/?$/,
  /^\/dashboard\/wallet(\/charge_wallet)?\/?$/,
];
const GUEST_ONLY: readonly RegExp[] = [/^\/auth\/login\/?$/, /^\/auth\/register\/?$/];
const ADMIN = /^\/admin(\/|$)/;

export function isGuardedPath(path: string): boolean {
  return GUARDED.some((pattern) => pattern.test(path));
}

export function isAdminPath(path: string): boolean {
  return ADMIN.test(path);
}

/** A redirect target from a query string, only when it is a path on this site (no open redirect). */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\u0000-\u001f]/.test(value)) return null;
  return value;
}

/** `admin`: the back office, for admins only; `signIn` is where to send a browser an admin used once (else the 404). */
export type GuardDecision = { kind: "pass" } | { kind: "redirect"; location: string } | { kind: "admin"; signIn: string | null };

/**
 * What proxy.ts does with a page request, given whether a session cookie came with it. Comfort, not
 * security: the API checks every call itself.
 */
export function decideGuard(input: {
  pathname: string;
  search: string;
  locale: Locale;
  hasSession: boolean;
  adminHint?: boolean;
}): GuardDecision {
  const path = stripLocale(input.pathname);
  // Without the locale: the login page returns there in its own locale (and without proxy.ts's renewal marker).
  const signIn = () => {
    const search = new URLSearchParams(input.search);
    search.delete("renewed");
    const back = `${path}${search.size ? `?${search}` : ""}`;
    return `${localizedPath(input.locale, "/auth/login")}?redirect=${encodeURIComponent(back)}`;
  };
  if (isAdminPath(path)) return { kind: "admin", signIn: input.adminHint ? signIn() : null };
  if (!input.hasSession && isGuardedPath(path)) return { kind: "redirect", location: signIn() };
  if (input.hasSession && GUEST_ONLY.some((pattern) => pattern.test(path))) {
    return { kind: "redirect", location: localizedPath(input.locale, "/dashboard") };
  }
  return { kind: "pass" };
}
