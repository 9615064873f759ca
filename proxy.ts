import { NextResponse, type NextRequest } from "next/server";
import { decideLocale } from "@/lib/i18n/negotiate";
import { LOCALE_COOKIE, LOCALE_HEADER, PATH_HEADER } from "@/lib/i18n/locales";
import { requestCountry } from "@/lib/geo/request-country";
import { lookupCountry, trustedCountryHeader } from "@/server/adapters/geoip";
import { proxyTrust } from "@/server/http/client-address";
import { contentPageSlug, UNMATCHED_PATH } from "@/lib/content/paths";
import { pageExists } from "@/server/pages/page-exists";
import { decideGuard } from "@/lib/auth/guard";
import { ACCESS_COOKIE, ADMIN_HINT_COOKIE, REFRESH_COOKIE } from "@/lib/auth/cookies";
import { isAdminToken } from "@/server/auth/admin-gate";

/**
 * The guard's redirect, decided on the session cookie of this moment. The router's own requests (fetch:
 * Sec-Fetch-Dest "empty", for a prefetch or a soft navigation; Next.js keeps its own prefetch header
 * from the proxy) get an empty 204 instead: the router kept a redirected prefetch and followed it after
 * the cookie had changed — signed out, a guarded page's prefetch was sent to log in; once signed in,
 * going there led back to the login page, or nowhere. A 204 is not kept; a navigation given one loads
 * the page as a document, and that request is judged on the cookies it carries.
 */
function guardRedirect(request: NextRequest, url: URL): NextResponse {
  const response =
    request.headers.get("sec-fetch-dest") === "empty" ? new NextResponse(null, { status: 204 }) : NextResponse.redirect(url, 307);
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

// Glue only: the decision is lib/i18n/negotiate.ts, the country lib/geo/request-country.ts.
export async function proxy(request: NextRequest) {
  const decision = decideLocale({
    pathname: request.nextUrl.pathname,
    cookieLocale: request.cookies.get(LOCALE_COOKIE)?.value,
    country: () => requestCountry(request.headers, { trustedHeader: trustedCountryHeader(), lookup: lookupCountry, trust: proxyTrust() }),
  });
  if (decision.kind === "redirect") {
    const url = request.nextUrl.clone();
    url.pathname = decision.pathname;
    const response = NextResponse.redirect(url, decision.status);
    if (decision.status === 307) response.headers.set("Cache-Control", "private, no-store");
    return response;
  }
  // The 404 page of an unmatched URL renders outside [locale]: it reads these.
  const headers = new Headers(request.headers);
  headers.set(LOCALE_HEADER, decision.locale);
  headers.set(PATH_HEADER, request.nextUrl.pathname);
  const notFound = () => {
    const url = request.nextUrl.clone();
    url.pathname = `/${decision.locale}${UNMATCHED_PATH}`;
    return NextResponse.rewrite(url, { request: { headers } });
  };
  // The auth-user guard (lib/auth/guard.ts); the admin area is a 404 to all but admins.
  const hasSession = request.cookies.has(REFRESH_COOKIE);
  const guard = decideGuard({
    pathname: request.nextUrl.pathname,
    search: request.nextUrl.search,
    locale: decision.locale,
    hasSession,
    adminHint: request.cookies.has(ADMIN_HINT_COOKIE),
  });
  if (guard.kind === "redirect") return guardRedirect(request, new URL(guard.location, request.url));
  if (guard.kind === "admin" && !(await isAdminToken(request.cookies.get(ACCESS_COOKIE)?.value))) {
    // An expired access token with a live session: renew it, then come back.
    if (hasSession && !request.nextUrl.searchParams.has("renewed")) {
      const back = new URL(request.url);
      back.searchParams.set("renewed", "1");
      const url = new URL("/api/auth/refresh", request.url);
      url.searchParams.set("redirect", `${back.pathname}${back.search}`);
      return guardRedirect(request, url);
    }
    // An admin's browser whose session ended: the sign-in page, then back here. Everyone else: the 404.
    if (guard.signIn) return guardRedirect(request, new URL(guard.signIn, request.url));
    return notFound();
  }
  // An unknown content page: the server-rendered 404 of unmatched URLs rather than Next's notFound(),
  // whose 404 renders only in the browser (vercel/next.js#62228).
  const slug = contentPageSlug(request.nextUrl.pathname);
  if (slug !== null && !(await pageExists(slug, decision.locale))) return notFound();
  if (decision.kind === "next") return NextResponse.next({ request: { headers } });
  const url = request.nextUrl.clone();
  url.pathname = decision.pathname;
  return NextResponse.rewrite(url, { request: { headers } });
}

export const config = {
  // Pages only: not the API, Next's assets, or files with an extension (public/, sitemap.xml …).
  matcher: ["/((?!api|_next|_vercel|.*\\..*).*)"],
};
