import localFont from "next/font/local";
import { directionOf, type Locale } from "@/lib/i18n/locales";

// Vazirmatn (SIL OFL) from its npm package, served by us: no font CDN. Its Non-Latin cut (48 KB,
// Arabic script and Persian digits only) is the font of the two right-to-left locales; Latin text
// — the English and Turkish pages, and Latin words inside Persian and Arabic ones — uses the
// system's font (Vazirmatn's Latin is Roboto's design, the system font of most phones here), so the
// Latin pages download no font at all. "optional" and not preloaded: the text is painted at once
// and never repainted in another font, so the largest paint waits neither for the font nor for the
// bandwidth a preload takes from the CSS and scripts on a slow connection. A visitor whose first
// page is painted before the font arrives sees the system's font there and Vazirmatn from the next
// page on (it is in the cache by then). Lighthouse mobile on the landing page, side by side in one
// run: `/` 93–95 with the full 111 KB font, and the figures in docs/benchmarks.md with this one.
const vazirmatn = localFont({
  src: "../node_modules/vazirmatn/misc/Non-Latin/fonts/webfonts/Vazirmatn-NL[wght].woff2",
  variable: "--font-vazirmatn",
  weight: "100 900",
  display: "optional",
  preload: false,
  // No metric-adjusted Arial stand-in: with "optional" nothing is swapped, and Latin glyphs this cut
  // lacks must fall through to the system font, not to Arial.
  adjustFontFallback: false,
});

/** The class that gives a page its script's font (tailwind's `font-sans` reads the variable). */
export function fontClassOf(locale: Locale): string | undefined {
  return directionOf(locale) === "rtl" ? vazirmatn.variable : undefined;
}
