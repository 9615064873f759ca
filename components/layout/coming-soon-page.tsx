import { setRequestLocale } from "next-intl/server";
import { titleMetadata, type TitleKey } from "@/lib/page-metadata";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { ComingSoon } from "./ComingSoon";

type Props = { params: Promise<{ locale: string }> };

/** The page module of a screen not built yet: a titled "coming soon" card in the route's layout. */
export function comingSoonPage(titleKey: TitleKey, backHref = "/") {
  async function Page({ params }: Props) {
    const { locale } = await params;
    setRequestLocale(locale);
    return <ComingSoon locale={isLocale(locale) ? locale : defaultLocale} titleKey={titleKey} backHref={backHref} />;
  }
  return { Page, generateMetadata: ({ params }: Props) => titleMetadata(params, titleKey) };
}
