import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/providers/AppProviders";
import { AllMessages } from "@/components/i18n/AllMessages";
import { PanelHeader } from "@/components/panel/PanelHeader";
import { PanelMenu } from "@/components/panel/PanelMenu";
import { SignInPrompt } from "@/components/panel/SignInPrompt";

/** The panel layout: header with balance and notifications, side menu, content. */
export default async function PanelLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  // React Query only where data is fetched in the browser: the public pages do without its bundle.
  return (
    <AllMessages locale={locale}>
      <AppProviders>
        <div className="flex min-h-dvh flex-col">
          <PanelHeader />
          <div className="flex min-w-0 flex-1 flex-col lg:flex-row">
            <PanelMenu />
            <main id="main" className="min-w-0 flex-1 p-4 lg:p-8">
              <SignInPrompt />
              {children}
            </main>
          </div>
        </div>
      </AppProviders>
    </AllMessages>
  );
}
