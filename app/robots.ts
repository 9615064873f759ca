import type { MetadataRoute } from "next";
import { locales } from "@/lib/i18n/locales";
import { siteUrl } from "@/lib/seo/alternates";

export const dynamic = "force-dynamic";

const privateAreas = ["/dashboard", "/auth", "/admin", "/api"];

export default function robots(): MetadataRoute.Robots {
  const disallow = [...privateAreas, ...locales.flatMap((locale) => privateAreas.filter((p) => p !== "/api").map((p) => `/${locale}${p}`))];
  return { rules: [{ userAgent: "*", allow: "/", disallow }], sitemap: new URL("/sitemap.xml", siteUrl()).toString() };
}
