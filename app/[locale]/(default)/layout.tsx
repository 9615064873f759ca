import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { PublicShell } from "@/components/layout/PublicShell";

/** The default layout: site header and footer around the page. */
export default async function DefaultLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  // Every layout sets the locale for its own server components (footer, links): layouts render apart from pages.
  setRequestLocale((await params).locale);
  return <PublicShell>{children}</PublicShell>;
}
