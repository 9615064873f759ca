"use client";
import { useTranslations } from "next-intl";
import { MenuLink } from "@/components/ui/MenuLink";
import { usePathname } from "@/lib/i18n/navigation";
import { useMe } from "@/lib/api/me";
import { useUiStore } from "@/stores/ui";
import { isActiveMenuEntry, panelMenuFor } from "./panel-menu";
import { LogoutButton } from "./LogoutButton";

/**
 * The panel's side menu: a column on large screens, a drawer on small ones. An admin also gets the
 * back office's entry (the role comes from GET /api/me; nobody else ever sees it).
 */
export function PanelMenu() {
  const t = useTranslations("panel");
  const pathname = usePathname();
  const open = useUiStore((s) => s.isMobileNavOpen);
  const role = useMe().data?.role;
  return (
    <nav
      id="panel-menu"
      aria-label={t("menuLabel")}
      className={`${open ? "block" : "hidden"} border-b border-surface-line bg-surface lg:block lg:w-60 lg:shrink-0 lg:border-b-0 lg:border-e`}
    >
      <ul className="grid gap-1 p-3" role="list">
        {panelMenuFor(role).map((entry) => {
          return (
            <li key={entry.key}>
              <MenuLink href={entry.href} icon={entry.icon} active={isActiveMenuEntry(entry.href, pathname)}>
                {t(`menu.${entry.key}`)}
              </MenuLink>
            </li>
          );
        })}
        <li className="mt-2 border-t border-surface-line pt-2">
          <LogoutButton />
        </li>
      </ul>
    </nav>
  );
}
