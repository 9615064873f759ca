import { NextResponse, type NextRequest } from "next/server";
import { decideLocale } from "@/lib/i18n/negotiate";
import { LOCALE_COOKIE, LOCALE_HEADER, PATH_HEADER } from "@/lib/i18n/locales";
import { requestCountry } from "@/lib/geo/request-country";
import { lookupCountry, trustedCountryHeader } from "@/server/adapters/geoip";
import { contentPageSlug, UNMATCHED_PATH } from "@/lib/content/paths";
import { pageExists } from "@/server/domain/pages/page-exists";

// Glue only: the decision is lib/i18n/negotiate.ts, the country lib/geo/request-country.ts.
export async function proxy(request: NextRequest) {
  const decision = decideLocale({
    pathname: request.nextUrl.pathname,
    cookieLocale: request.cookies.get(LOCALE_COOKIE)?.value,
    country: () => requestCountry(request.headers, { trustedHeader: trustedCountryHeader(), lookup: lookupCountry }),
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
  // An unknown content page: the server-rendered 404 of unmatched URLs rather than Next's notFound(),
  // whose 404 renders only in the browser (vercel/next.js#62228).
  const slug = contentPageSlug(request.nextUrl.pathname);
  if (slug !== null && !(await pageExists(slug, decision.locale))) {
    const url = request.nextUrl.clone();
    url.pathname = `/${decision.locale}${UNMATCHED_PATH}`;
    return NextResponse.rewrite(url, { request: { headers } });
  }
  if (decision.kind === "next") return NextResponse.next({ request: { headers } });
  const url = request.nextUrl.clone();
  url.pathname = decision.pathname;
  return NextResponse.rewrite(url, { request: { headers } });
}

export const config = {
  // Pages only: not the API, Next's assets, or files with an extension (public/, sitemap.xml …).
  matcher: ["/((?!api|_next|_vercel|.*\\..*).*)"],
};
