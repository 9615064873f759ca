import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PublicShell } from "@/components/layout/PublicShell";
import { Link } from "@/lib/i18n/navigation";
import { isLocale, defaultLocale } from "@/lib/i18n/locales";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const current = isLocale(locale) ? locale : defaultLocale;
  const [titles, meta] = await Promise.all([
    getTranslations({ locale: current, namespace: "titles" }),
    getTranslations({ locale: current, namespace: "meta" }),
  ]);
  // A layout's title template does not reach a page in the layout's own segment: spell it out.
  return { title: { absolute: meta("titleTemplate").replace("%s", titles("home")) } };
}

/** The landing page (no layout set). The full landing content comes with the public-site issue. */
export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("home");
  return (
    <PublicShell>
      <section className="bg-gradient-to-b from-brand-50 to-surface-sunken">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:py-28">
          <h1 className="text-3xl font-black leading-tight text-ink sm:text-5xl sm:leading-tight">{t("title")}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-ink-muted">{t("lead")}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              href="/dashboard/campaigns/create"
              className="rounded-xl bg-brand-600 px-6 py-3 font-bold text-white shadow-card hover:bg-brand-700"
            >
              {t("ctaProducer")}
            </Link>
            <Link
              href="/dashboard/earn_money"
              className="rounded-xl border border-brand-600 bg-surface px-6 py-3 font-bold text-brand-700 hover:bg-brand-50"
            >
              {t("ctaBooster")}
            </Link>
          </div>
        </div>
      </section>
    </PublicShell>
  );
}
