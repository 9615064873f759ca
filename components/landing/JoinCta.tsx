import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/locales";

export async function JoinCta({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "landing.join" });
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="join-title">
      <div className="rounded-card bg-brand-700 px-6 py-12 text-center text-white shadow-card sm:px-12">
        <h2 id="join-title" className="text-2xl font-black sm:text-3xl">
          {t("title")}
        </h2>
        <p className="mx-auto mt-3 max-w-xl leading-8 text-brand-100">{t("lead")}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link href="/auth/register" locale={locale} className="rounded-xl bg-white px-6 py-3 font-bold text-brand-800 hover:bg-brand-50">
            {t("ctaProducer")}
          </Link>
          <Link
            href="/auth/register"
            locale={locale}
            className="rounded-xl border border-white/70 px-6 py-3 font-bold text-white hover:bg-white/10"
          >
            {t("ctaBooster")}
          </Link>
        </div>
      </div>
    </section>
  );
}
