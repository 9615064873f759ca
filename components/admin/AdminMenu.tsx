"use client";
import { useTranslations } from "next-intl";
import { Link, usePathname } from "@/lib/i18n/navigation";
import { adminMenu, isActiveAdminEntry } from "./admin-menu";

/** The back office's side menu: a row on small screens, a column on large ones. */
export function AdminMenu() {
  const t = useTranslations("admin.shell");
  const pathname = usePathname();
  return (
    <nav aria-label={t("navLabel")} className="border-b border-surface-line bg-surface lg:w-60 lg:shrink-0 lg:border-b-0 lg:border-e">
      <ul className="flex gap-1 overflow-x-auto p-3 lg:grid" role="list">
        {adminMenu.map((entry) => {
          const active = isActiveAdminEntry(entry.href, pathname);
          return (
            <li key={entry.key}>
              <Link
                href={entry.href}
                aria-current={active ? "page" : undefined}
                className={`flex items-center gap-3 whitespace-nowrap rounded-lg px-3 py-2.5 text-sm font-medium ${
                  active ? "bg-brand-50 text-brand-800" : "text-ink-muted hover:bg-surface-sunken hover:text-ink"
                }`}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-5 w-5 shrink-0"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={entry.icon} />
                </svg>
                {t(entry.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
