import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { PanelHeader } from "@/components/panel/PanelHeader";
import { PanelMenu } from "@/components/panel/PanelMenu";

/** The panel layout: header with balance and notifications, side menu, content. */
export default async function PanelLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  return (
    <div className="flex min-h-dvh flex-col">
      <PanelHeader />
      <div className="flex flex-1 flex-col lg:flex-row">
        <PanelMenu />
        <main id="main" className="flex-1 p-4 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
