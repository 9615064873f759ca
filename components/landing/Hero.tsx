import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { RegisterLinks } from "./RegisterLinks";

export async function Hero({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "landing.hero" });
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-surface-sunken">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-24">
        <p className="inline-block rounded-full bg-surface px-4 py-1 text-sm font-semibold text-brand-700 shadow-card">{t("eyebrow")}</p>
        <h1 className="mt-6 text-3xl font-black leading-tight text-ink sm:text-5xl sm:leading-tight">{t("title")}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-ink-muted">{t("lead")}</p>
        <RegisterLinks locale={locale} on="light" labels={{ producer: t("ctaProducer"), booster: t("ctaBooster") }} />
        <p className="mt-6 text-sm text-ink-muted">{t("trust")}</p>
      </div>
    </section>
  );
}
