import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { cache } from "react";
import { ContentBody } from "@/components/pages/ContentBody";
import { defaultLocale, isLocale, type Locale } from "@/lib/i18n/locales";
import { alternatesFor } from "@/lib/seo/alternates";
import { ogImageAlt, socialMetadata } from "@/lib/seo/social";
import { pageEndpoints } from "@/lib/schemas/pages";
import { callApi } from "@/server/http/in-process";

type Props = { params: Promise<{ locale: string; slug: string }> };

// Rendered on request, from the content-page cache (server/pages/page-cache.ts); the
// production server keeps the rendered page (server/http/rendered-page-cache.ts). Both drop a page
// when an admin edits it, which Next.js's own page cache could not be told to do from the API.
export const dynamic = "force-dynamic";

// One call per request, shared by the metadata and the page (SPEC §7 POST pages/get).
const loadPage = cache((slug: string, locale: Locale) => callApi(pageEndpoints.get, { body: { slug }, locale }));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  const result = await loadPage(decodeURIComponent(slug), isLocale(locale) ? locale : defaultLocale);
  // SPEC §7: a failed pages/get is silently ignored; the layout's defaults stand.
  if (!result.ok) return {};
  const { meta_title, meta_description, og_image } = result.data.context;
  const current = isLocale(locale) ? locale : defaultLocale;
  const meta = await getTranslations({ locale: current, namespace: "meta" });
  return {
    alternates: alternatesFor(current, `/pages/${result.data.slug}`),
    title: meta_title,
    description: meta_description,
    // The page's own og_image when set, else the locale's default card (a page's openGraph replaces the layout's).
    ...socialMetadata({
      locale: current,
      title: meta_title,
      description: meta_description,
      image: og_image,
      type: "article",
      siteName: meta("brand"),
      alt: await ogImageAlt(current),
    }),
  };
}

export default async function ContentPage({ params }: Props) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  const result = await loadPage(decodeURIComponent(slug), isLocale(locale) ? locale : defaultLocale);
  if (!result.ok && (result.status === 404 || result.status === 422)) notFound();
  if (!result.ok) throw new Error(`pages/get failed with ${result.status}`);
  const page = result.data;
  const current = isLocale(locale) ? locale : defaultLocale;
  const [t, format] = await Promise.all([
    getTranslations({ locale: current, namespace: "contentPage" }),
    getFormatter({ locale: current }),
  ]);
  return (
    <article className="mx-auto my-8 w-full max-w-3xl rounded-card bg-surface px-5 py-8 shadow-card sm:px-10">
      <h1 className="text-3xl font-black leading-tight">{page.title}</h1>
      <p className="mt-2 text-sm text-ink-faint">{t("updated", { date: format.dateTime(new Date(page.updated_at), "long") })}</p>
      <div className="mt-6">
        <ContentBody markdown={page.body} />
      </div>
    </article>
  );
}
