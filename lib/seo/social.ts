import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { locales, type Locale } from "@/lib/i18n/locales";

/** Size of the default Open Graph image (the large-card size Telegram, WhatsApp and X show in full). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * The id of the one image app/[locale]/opengraph-image.tsx makes per locale. It ends in ".png" so
 * the address has a dot: proxy.ts leaves such requests alone, so the Persian image keeps its
 * /fa-IR/… address (no redirect to an unprefixed URL that negotiates the language by country).
 */
export const OG_IMAGE_ID = "card.png";

/** Where the locale's default Open Graph image is served (relative to metadataBase). */
export function defaultOgImagePath(locale: Locale): string {
  return `/${locale}/opengraph-image/${OG_IMAGE_ID}`;
}

/** Every locale's image address, for tests and for the list of what the build must make. */
export function defaultOgImagePaths(): string[] {
  return locales.map(defaultOgImagePath);
}

/** What the default card shows, as its alternative text: the brand and the landing's headline. */
export async function ogImageAlt(locale: Locale): Promise<string> {
  const [meta, hero] = await Promise.all([
    getTranslations({ locale, namespace: "meta" }),
    getTranslations({ locale, namespace: "landing.hero" }),
  ]);
  return `${meta("brand")}: ${hero("title")}`;
}

type SocialInput = {
  locale: Locale;
  /** Alternative text of the default image (the brand and its tagline). */
  alt: string;
  title?: string;
  description?: string;
  /** A page's own image (a content page's og_image); the locale's default when empty. */
  image?: string | null;
  type?: "website" | "article";
  siteName?: string;
};

/**
 * Open Graph and Twitter metadata of a page, always with an image: the page's own when it has
 * one, else the locale's default card (1200×630 PNG, generated at build). Next.js replaces a
 * parent's openGraph wholesale when a page sets its own, so every page that sets openGraph builds
 * it here rather than relying on the layout's image being inherited.
 */
export function socialMetadata({
  locale,
  alt,
  title,
  description,
  image,
  type = "website",
  siteName,
}: SocialInput): Pick<Metadata, "openGraph" | "twitter"> {
  const own = image?.trim();
  const images = own ? [{ url: own }] : [{ url: defaultOgImagePath(locale), ...OG_IMAGE_SIZE, alt, type: "image/png" }];
  return {
    openGraph: {
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      ...(siteName ? { siteName } : {}),
      locale: locale.replace("-", "_"),
      type,
      images,
    },
    twitter: {
      card: "summary_large_image",
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      images,
    },
  };
}
