import localFont from "next/font/local";

// Vazirmatn (SIL OFL) from its npm package, served by us: no font CDN. It carries Latin glyphs
// too, so one family serves all four locales.
export const vazirmatn = localFont({
  src: "../node_modules/vazirmatn/fonts/webfonts/Vazirmatn[wght].woff2",
  variable: "--font-vazirmatn",
  weight: "100 900",
  display: "swap",
  preload: true,
});
