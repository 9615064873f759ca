"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";

const links = [
  { href: "/pages/about", key: "about" },
  { href: "/contact", key: "contact" },
  { href: "/pages/terms", key: "terms" },
  { href: "/pages/privacy", key: "privacy" },
] as const;

/** Footer of the public layouts: about, contact, terms, privacy. */
export function SiteFooter() {
  const t = useTranslations("footer");
  const format = useFormatter();
  const year = format.number(new Date().getFullYear(), { useGrouping: false });
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
        <p>{t("rights", { year })}</p>
      </div>
    </footer>
  );
}
