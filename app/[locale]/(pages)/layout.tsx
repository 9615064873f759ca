import type { ReactNode } from "react";
import { PublicShell } from "@/components/layout/PublicShell";

/** The pages layout: contact and content pages. */
export default function PagesLayout({ children }: { children: ReactNode }) {
  return <PublicShell>{children}</PublicShell>;
}
