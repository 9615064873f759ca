import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { StatsFigures } from "./StatsFigures";

/** SPEC §1 landing statistics: real counts from GET /api/stats, formatted per locale. */
export async function Stats({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "landing.stats" });
  return (
    <section aria-labelledby="stats-title" className="bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="stats-title" className="text-center text-2xl font-black sm:text-3xl">
          {t("title")}
        </h2>
        <StatsFigures />
      </div>
    </section>
  );
}
