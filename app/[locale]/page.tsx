import type { Metadata } from "next";
import { Suspense } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PublicShell } from "@/components/layout/PublicShell";
import { AudiencePanel } from "@/components/landing/AudiencePanel";
import { AudienceSwitch } from "@/components/landing/AudienceSwitch";
import { Hero } from "@/components/landing/Hero";
import { HowItWorks } from "@/components/landing/HowItWorks";
import { JoinCta } from "@/components/landing/JoinCta";
import { Stats } from "@/components/landing/Stats";
import { isLocale, defaultLocale } from "@/lib/i18n/locales";
import { alternatesFor, siteUrl } from "@/lib/seo/alternates";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const current = isLocale(locale) ? locale : defaultLocale;
  const [titles, meta] = await Promise.all([
    getTranslations({ locale: current, namespace: "titles" }),
    getTranslations({ locale: current, namespace: "meta" }),
  ]);
  // A layout's title template does not reach a page in the layout's own segment: spell it out.
  return { title: { absolute: meta("titleTemplate").replace("%s", titles("home")) }, alternates: alternatesFor(current, "/") };
}

/** The landing page (no layout set): hero, the figures, who it is for, how to start, join. */
export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const current = isLocale(locale) ? locale : defaultLocale;
  const meta = await getTranslations({ locale: current, namespace: "meta" });
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: meta("brand"),
    url: siteUrl().toString(),
    description: meta("description"),
  };
  return (
    <PublicShell locale={current}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(organization).replace(/</g, "\\u003c") }} />
      <Hero locale={current} />
      {/* Each section below the first screen is its own Suspense boundary: the browser hydrates them one
          at a time, yielding between them, instead of in one long task (Lighthouse's blocking time). */}
      <Suspense>
        <Stats locale={current} />
      </Suspense>
      <Suspense>
        <AudienceSwitch
          producers={<AudiencePanel locale={current} audience="producers" />}
          boosters={<AudiencePanel locale={current} audience="boosters" />}
        />
      </Suspense>
      <Suspense>
        <HowItWorks locale={current} />
      </Suspense>
      <Suspense>
        <JoinCta locale={current} />
      </Suspense>
    </PublicShell>
  );
}
