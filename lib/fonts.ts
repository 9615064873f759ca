import localFont from "next/font/local";

// Vazirmatn (SIL OFL) from its npm package, served by us: no font CDN. It carries Latin glyphs
// too, so one family serves all four locales. "optional" and not preloaded: the text is painted
// at once and never repainted in another font, so the largest paint waits neither for 111 KB nor
// for the bandwidth a preload takes from the CSS and scripts on a slow connection. A visitor whose
// first page is painted before the font arrives sees the system's font there and Vazirmatn from the
// next page on (it is in the cache by then). Measured with Lighthouse mobile on the landing page:
// performance 91–95 preloaded with "optional", 96–100 like this.
export const vazirmatn = localFont({
  src: "../node_modules/vazirmatn/fonts/webfonts/Vazirmatn[wght].woff2",
  variable: "--font-vazirmatn",
  weight: "100 900",
  display: "optional",
  preload: false,
});
