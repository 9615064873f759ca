import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import type { TitleKey } from "@/lib/page-metadata";
import type { Locale } from "@/lib/i18n/locales";

/** A localized "coming soon" card for screens a later release fills. Never blank, never untranslated. */
export async function ComingSoon({ locale, titleKey, backHref = "/" }: { locale: Locale; titleKey: TitleKey; backHref?: string }) {
  const [t, titles] = await Promise.all([
    getTranslations({ locale, namespace: "common" }),
    getTranslations({ locale, namespace: "titles" }),
  ]);
  return (
    <section className="mx-auto my-10 w-full max-w-xl rounded-card bg-surface p-8 text-center shadow-card" aria-labelledby="page-title">
      <p className="text-sm font-semibold text-accent-700">{t("comingSoonTitle")}</p>
      <h1 id="page-title" className="mt-2 text-2xl font-bold">
        {titles(titleKey)}
      </h1>
      <p className="mt-3 leading-7 text-ink-muted">{t("comingSoonBody")}</p>
      <Link
        href={backHref}
        locale={locale}
        className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
      >
        {backHref === "/dashboard" ? t("backDashboard") : t("backHome")}
      </Link>
    </section>
  );
}
