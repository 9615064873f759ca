"use client";
import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { LanguageButton } from "@/components/i18n/LanguageButton";
import { MenuToggle } from "@/components/navigation/MenuToggle";
import { useUiStore } from "@/stores/ui";
import { Brand } from "./Brand";

const links = [
  { href: "/", key: "home" },
  { href: "/#producers", key: "producers" },
  { href: "/#boosters", key: "boosters" },
  { href: "/contact#support", key: "support" },
  { href: "/contact", key: "contact" },
] as const;

/** Header of the public layouts: navigation, language, log in / sign up; a menu on small screens. */
export function SiteHeader() {
  const t = useTranslations("nav");
  const open = useUiStore((s) => s.isMobileNavOpen);
  return (
    <header className="sticky top-0 z-nav border-b border-surface-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Brand />
        <nav aria-label={t("main")} className="hidden md:block">
          <ul className="flex items-center gap-1" role="list">
            {links.map((link) => (
              <li key={link.key}>
                <Link
                  href={link.href}
                  className="rounded-lg px-3 py-2 text-sm font-medium text-ink-muted hover:bg-surface-sunken hover:text-ink"
                >
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageButton />
          <Link
            href="/auth/login"
            className="hidden rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 sm:inline-block"
          >
            {t("login")}
          </Link>
          <Link
            href="/auth/register"
            className="hidden rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 sm:inline-block"
          >
            {t("register")}
          </Link>
          <MenuToggle controls="site-mobile-nav" className="md:hidden" />
        </div>
      </div>
      <nav id="site-mobile-nav" aria-label={t("main")} hidden={!open} className="border-t border-surface-line md:hidden">
        <ul className="grid gap-1 px-4 py-3" role="list">
          {links.map((link) => (
            <li key={link.key}>
              <Link href={link.href} className="block rounded-lg px-3 py-2 font-medium hover:bg-surface-sunken">
                {t(link.key)}
              </Link>
            </li>
          ))}
          <li className="flex gap-2 pt-2">
            <Link
              href="/auth/login"
              className="flex-1 rounded-lg border border-brand-600 px-3 py-2 text-center font-semibold text-brand-700"
            >
              {t("login")}
            </Link>
            <Link href="/auth/register" className="flex-1 rounded-lg bg-brand-600 px-3 py-2 text-center font-semibold text-white">
              {t("register")}
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
