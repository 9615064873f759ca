"use client";
import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/link";
import { LanguageButton } from "@/components/i18n/LanguageButton";
import { MenuToggle } from "@/components/navigation/MenuToggle";
import { usePublicAccount, type PublicAccount } from "@/stores/account";
import { useUiStore } from "@/stores/ui";
import { Brand } from "./Brand";

const links = [
  { href: "/", key: "home" },
  { href: "/#producers", key: "producers" },
  { href: "/#boosters", key: "boosters" },
  { href: "/contact#support", key: "support" },
  { href: "/contact", key: "contact" },
] as const;

/**
 * Header of the public layouts: navigation, language, and log in / sign up, or the way back to the
 * dashboard for a signed-in visitor; a menu on small screens. The pages are static and cached for
 * everyone, so the server always renders the anonymous state and the account shows after
 * hydration (stores/account.ts), over the same space: nothing moves when it swaps.
 */
export function SiteHeader() {
  return <SiteHeaderView account={usePublicAccount()} />;
}

/** The header for a given account state (SiteHeader reads it; tests pass it). */
export function SiteHeaderView({ account }: { account: PublicAccount }) {
  const t = useTranslations("nav");
  const open = useUiStore((s) => s.isMobileNavOpen);
  const signedIn = account.signedIn;
  const firstName = account.signedIn ? account.firstName : null;
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
          <div className="relative hidden items-center gap-2 sm:flex" data-testid="header-account">
            {/* The anonymous links keep their space (hidden, not removed) so the account link takes exactly it. */}
            <Link
              href="/auth/login"
              className={`rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 ${signedIn ? "invisible" : ""}`}
            >
              {t("login")}
            </Link>
            <Link
              href="/auth/register"
              className={`rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 ${signedIn ? "invisible" : ""}`}
            >
              {t("register")}
            </Link>
            {signedIn ? (
              <div className="absolute inset-0 flex items-center justify-end">
                <Link
                  href="/dashboard"
                  className="flex min-w-0 max-w-full items-center gap-1.5 rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  <span className="shrink-0">{t("dashboard")}</span>{" "}
                  {firstName ? <bdi className="min-w-0 truncate font-normal opacity-90">{firstName}</bdi> : null}
                </Link>
              </div>
            ) : null}
          </div>
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
            {signedIn ? (
              <Link
                href="/dashboard"
                className="flex min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg bg-brand-600 px-3 py-2 font-semibold text-white"
              >
                <span className="shrink-0">{t("dashboard")}</span>{" "}
                {firstName ? <bdi className="min-w-0 truncate font-normal">{firstName}</bdi> : null}
              </Link>
            ) : (
              <>
                <Link
                  href="/auth/login"
                  className="flex-1 rounded-lg border border-brand-600 px-3 py-2 text-center font-semibold text-brand-700"
                >
                  {t("login")}
                </Link>
                <Link href="/auth/register" className="flex-1 rounded-lg bg-brand-600 px-3 py-2 text-center font-semibold text-white">
                  {t("register")}
                </Link>
              </>
            )}
          </li>
        </ul>
      </nav>
    </header>
  );
}
