import { useFormatter, useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";

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
            <li>
              <Link className="hover:text-ink" href="/pages/about">
                {t("about")}
              </Link>
            </li>
            <li>
              <Link className="hover:text-ink" href="/contact">
                {t("contact")}
              </Link>
            </li>
            <li>
              <Link className="hover:text-ink" href="/pages/terms">
                {t("terms")}
              </Link>
            </li>
            <li>
              <Link className="hover:text-ink" href="/pages/privacy">
                {t("privacy")}
              </Link>
            </li>
          </ul>
        </nav>
        <p>{t("rights", { year })}</p>
      </div>
    </footer>
  );
}
