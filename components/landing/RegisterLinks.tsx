import { Link } from "@/lib/i18n/link";
import type { Locale } from "@/lib/i18n/locales";

/** The two links' looks: on the page's light background (the hero), or on brand colour (the closing call). */
const looks = {
  light: {
    producer: "rounded-xl bg-brand-600 px-6 py-3 font-bold text-white shadow-card hover:bg-brand-700",
    booster: "rounded-xl border border-brand-600 bg-surface px-6 py-3 font-bold text-brand-700 hover:bg-brand-50",
  },
  brand: {
    producer: "rounded-xl bg-white px-6 py-3 font-bold text-brand-800 hover:bg-brand-50",
    booster: "rounded-xl border border-white/70 px-6 py-3 font-bold text-white hover:bg-white/10",
  },
} as const;

/** The landing page's two ways in, a producer's and a booster's (both open sign-up), stacked on a phone and side by side from sm up. */
export function RegisterLinks({
  locale,
  on,
  labels,
}: {
  locale: Locale;
  on: keyof typeof looks;
  labels: { producer: string; booster: string };
}) {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      {(["producer", "booster"] as const).map((who) => (
        <Link key={who} href="/auth/register" locale={locale} className={looks[on][who]}>
          {labels[who]}
        </Link>
      ))}
    </div>
  );
}
