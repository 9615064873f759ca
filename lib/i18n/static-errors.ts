import faIR from "@/messages/fa-IR.json";
import enUS from "@/messages/en-US.json";
import trTR from "@/messages/tr-TR.json";
import arAE from "@/messages/ar-AE.json";
import { defaultLocale, directionOf, matchLocale, type Locale } from "./locales";

/**
 * Error texts for app/global-error.tsx, which renders when the root layout itself failed and so
 * without next-intl's provider: the locale comes from the URL's first segment.
 */
export function staticErrorTexts(pathname: string) {
  const locale: Locale = matchLocale(pathname.split("/")[1]) ?? defaultLocale;
  const messages = { "fa-IR": faIR, "en-US": enUS, "tr-TR": trTR, "ar-AE": arAE }[locale];
  return { locale, dir: directionOf(locale), errors: messages.errors, common: messages.common, brand: messages.meta.brand };
}
