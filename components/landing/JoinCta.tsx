import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { RegisterLinks } from "./RegisterLinks";

export async function JoinCta({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "landing.join" });
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:py-20" aria-labelledby="join-title">
      <div className="rounded-card bg-brand-700 px-6 py-12 text-center text-white shadow-card sm:px-12">
        <h2 id="join-title" className="text-2xl font-black sm:text-3xl">
          {t("title")}
        </h2>
        <p className="mx-auto mt-3 max-w-xl leading-8 text-brand-100">{t("lead")}</p>
        <RegisterLinks locale={locale} on="brand" labels={{ producer: t("ctaProducer"), booster: t("ctaBooster") }} />
      </div>
    </section>
  );
}
