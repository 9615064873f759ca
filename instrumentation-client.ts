// The browser's error reporting: only when NEXT_PUBLIC_SENTRY_DSN was set at build time, and then
// loaded after the page, so it never weighs on the first load. Events go through our own origin
// (/api/monitoring), tagged with the release (build id) and the page's locale.
import { keepZodWithinPolicy } from "@/lib/security/browser";

// Before any schema is built: Zod must not try to evaluate code under the Content-Security-Policy.
keepZodWithinPolicy();

const dsn = process.env.NEXT_PUBLIC_SENTRY_DSN;

if (dsn) {
  void import("@sentry/nextjs").then((Sentry) => {
    Sentry.init({
      dsn,
      tunnel: "/api/monitoring",
      release: process.env.NEXT_PUBLIC_BUILD_ID,
      tracesSampleRate: 0,
      sendDefaultPii: false,
      initialScope: { tags: { locale: document.documentElement.lang || "unknown" } },
    });
  });
}
