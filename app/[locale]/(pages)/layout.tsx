import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { PublicShell } from "@/components/layout/PublicShell";

/** The pages layout: contact and content pages. */
export default async function PagesLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  // Every layout sets the locale for its own server components (footer, links): layouts render apart from pages.
  const { locale } = await params;
  setRequestLocale(locale);
  return <PublicShell locale={locale}>{children}</PublicShell>;
}
