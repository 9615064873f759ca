import { getFormatter, getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/link";
import type { AppLinks } from "@/lib/app-links";
import type { Locale } from "@/lib/i18n/locales";

const links = [
  { href: "/pages/about", key: "about" },
  { href: "/contact", key: "contact" },
  { href: "/pages/terms", key: "terms" },
  { href: "/pages/privacy", key: "privacy" },
] as const;

/** Footer of the public layouts: about, contact, terms, privacy. Rendered on the server: none of it is the page's JavaScript. */
export async function SiteFooter({ locale, appLinks }: { locale: Locale; appLinks: AppLinks }) {
  const [t, landing, format] = await Promise.all([
    getTranslations({ locale, namespace: "footer" }),
    getTranslations({ locale, namespace: "landing" }),
    getFormatter({ locale }),
  ]);
  const stores = [
    { href: appLinks.appStore, label: landing("appStore") },
    { href: appLinks.googlePlay, label: landing("googlePlay") },
  ].filter((store): store is { href: string; label: string } => Boolean(store.href));
  const year = format.number(new Date().getFullYear(), "year");
  return (
    <footer className="mt-auto border-t border-surface-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label={t("about")}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2" role="list">
            {links.map((link) => (
              <li key={link.key}>
                <Link className="hover:text-ink" href={link.href}>
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {stores.length ? (
          <nav aria-label={landing("footerApps")} className="flex flex-wrap gap-2">
            {stores.map((store) => (
              <a
                key={store.href}
                href={store.href}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-lg border border-surface-line px-3 py-1.5 font-semibold text-ink hover:border-brand-300"
              >
                {store.label}
              </a>
            ))}
          </nav>
        ) : null}
        <p>{t("rights", { year })}</p>
      </div>
    </footer>
  );
}
