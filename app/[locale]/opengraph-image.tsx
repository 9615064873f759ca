import { ImageResponse } from "next/og";
import { getTranslations } from "next-intl/server";
import { defaultLocale, isLocale, locales } from "@/lib/i18n/locales";
import { OgCard, ogFonts } from "@/lib/seo/og-card";
import { siteUrl } from "@/lib/seo/alternates";
import { OG_IMAGE_ID, OG_IMAGE_SIZE, ogImageAlt } from "@/lib/seo/social";

// The default social card of every page in a locale: one 1200×630 PNG per locale, made at build from
// local fonts, no network. lib/seo/social.ts names its address in the metadata of every page (Next.js
// adds this file's own, with a ?hash, only to the pages of this segment: the landing page).
export const dynamic = "force-static";

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function generateImageMetadata({ params }: { params: { locale: string } }) {
  const locale = isLocale(params.locale) ? params.locale : defaultLocale;
  return [{ id: OG_IMAGE_ID, alt: await ogImageAlt(locale), size: OG_IMAGE_SIZE, contentType: "image/png" }];
}

export default async function OpenGraphImage({ params }: { params: Promise<{ locale: string }>; id: Promise<string> }) {
  const { locale: raw } = await params;
  const locale = isLocale(raw) ? raw : defaultLocale;
  const [meta, hero, fonts] = await Promise.all([
    getTranslations({ locale, namespace: "meta" }),
    getTranslations({ locale, namespace: "landing.hero" }),
    ogFonts(),
  ]);
  return new ImageResponse(
    <OgCard
      locale={locale}
      brand={meta("brand")}
      title={hero("title")}
      eyebrow={hero("eyebrow")}
      host={process.env.SITE_URL ? siteUrl().host : null}
    />,
    { ...OG_IMAGE_SIZE, fonts },
  );
}
