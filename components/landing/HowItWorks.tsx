import { getFormatter, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";

const steps = ["one", "two", "three"] as const;

/** SPEC §1: getting started in three steps. */
export async function HowItWorks({ locale }: { locale: Locale }) {
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: "landing.steps" }), getFormatter({ locale })]);
  return (
    <section className="bg-surface" aria-labelledby="steps-title">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <h2 id="steps-title" className="text-center text-2xl font-black sm:text-3xl">
          {t("title")}
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step} className="rounded-card border border-surface-line p-6">
              <span
                aria-hidden="true"
                className="grid h-10 w-10 place-items-center rounded-full bg-brand-600 text-lg font-black text-white"
              >
                {format.number(index + 1)}
              </span>
              <h3 className="mt-4 text-lg font-bold">{t(`${step}.title`)}</h3>
              <p className="mt-2 leading-7 text-ink-muted">{t(`${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
