"use client";
import { useTranslations } from "next-intl";
import { MenuLink } from "@/components/ui/MenuLink";
import { usePathname } from "@/lib/i18n/navigation";
import { adminMenu, isActiveAdminEntry } from "./admin-menu";

/** The back office's side menu: a row on small screens, a column on large ones. */
export function AdminMenu() {
  const t = useTranslations("admin.shell");
  const pathname = usePathname();
  return (
    <nav aria-label={t("navLabel")} className="border-b border-surface-line bg-surface lg:w-60 lg:shrink-0 lg:border-b-0 lg:border-e">
      <ul className="flex gap-1 overflow-x-auto p-3 lg:grid" role="list">
        {adminMenu.map((entry) => {
          return (
            <li key={entry.key}>
              <MenuLink href={entry.href} icon={entry.icon} active={isActiveAdminEntry(entry.href, pathname)} nowrap>
                {t(entry.key)}
              </MenuLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
