import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";

const points = {
  producers: [
    ["producersPoints.realTitle", "producersPoints.realBody"],
    ["producersPoints.budgetTitle", "producersPoints.budgetBody"],
    ["producersPoints.controlTitle", "producersPoints.controlBody"],
    ["producersPoints.bothTitle", "producersPoints.bothBody"],
  ],
  boosters: [
    ["boostersPoints.simpleTitle", "boostersPoints.simpleBody"],
    ["boostersPoints.fastTitle", "boostersPoints.fastBody"],
    ["boostersPoints.fairTitle", "boostersPoints.fairBody"],
    ["boostersPoints.safeTitle", "boostersPoints.safeBody"],
  ],
} as const;

/** What the landing page's switch shows one audience: rendered on the server, so its words and markup stay out of the page's JavaScript. */
export async function AudiencePanel({ locale, audience }: { locale: Locale; audience: keyof typeof points }) {
  const t = await getTranslations({ locale, namespace: "landing.switch" });
  return (
    <>
      <div className="flex flex-col items-center text-center">
        <h2 id="audience-title" className="mt-8 text-2xl font-black sm:text-3xl">
          {t(audience === "producers" ? "producersTitle" : "boostersTitle")}
        </h2>
        <p className="mt-3 max-w-2xl leading-8 text-ink-muted">{t(audience === "producers" ? "producersLead" : "boostersLead")}</p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {points[audience].map(([title, body]) => (
          <li key={title} className="rounded-card bg-surface p-6 shadow-card">
            <h3 className="font-bold text-ink">{t(title)}</h3>
            <p className="mt-2 text-sm leading-7 text-ink-muted">{t(body)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
