import type { ReactNode } from "react";
import { PublicShell } from "@/components/layout/PublicShell";

/** The default layout: site header and footer around the page. */
export default function DefaultLayout({ children }: { children: ReactNode }) {
  return <PublicShell>{children}</PublicShell>;
}
