import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { isLocale, defaultLocale } from "@/lib/i18n/locales";
import type { Messages } from "@/lib/i18n/messages";

export type TitleKey = keyof Messages["titles"];

/** Metadata for a page whose title is messages titles.<key>; the layout adds the brand suffix. */
export async function titleMetadata(params: Promise<{ locale: string }>, key: TitleKey): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : defaultLocale, namespace: "titles" });
  return { title: t(key) };
}
