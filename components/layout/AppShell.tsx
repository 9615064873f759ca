import type { ReactNode } from "react";
import { AllMessages } from "@/components/i18n/AllMessages";
import { AppProviders } from "@/components/providers/AppProviders";

/**
 * The signed-in shells (panel, back office): every message namespace and React Query (only where data is
 * fetched in the browser: the public pages do without its bundle), a header, a side menu, then the content.
 */
export function AppShell({
  locale,
  header,
  menu,
  sunken = false,
  children,
}: {
  locale: string;
  header: ReactNode;
  menu: ReactNode;
  /** The back office's grey page background. */
  sunken?: boolean;
  children: ReactNode;
}) {
  return (
    <AllMessages locale={locale}>
      <AppProviders>
        <div className={sunken ? "flex min-h-dvh flex-col bg-surface-sunken" : "flex min-h-dvh flex-col"}>
          {/* A printed page (a receipt, a month's statement) carries only its content. */}
          <div className="contents print:hidden">{header}</div>
          <div className="flex min-w-0 flex-1 flex-col lg:flex-row">
            <div className="contents print:hidden">{menu}</div>
            <main id="main" className="min-w-0 flex-1 p-4 lg:p-8 print:p-0">
              {children}
            </main>
          </div>
        </div>
      </AppProviders>
    </AllMessages>
  );
}
