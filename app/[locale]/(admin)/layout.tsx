import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { AdminHeader } from "@/components/admin/AdminHeader";
import { AdminMenu } from "@/components/admin/AdminMenu";
import { AppProviders } from "@/components/providers/AppProviders";
import { AllMessages } from "@/components/i18n/AllMessages";

/**
 * The back office layout: its own header, a side menu, content. Who may see it is proxy.ts's
 * business (non-admins get a 404 first) and the admin API's (it answers 404 to anyone else).
 */
export default async function AdminLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <AllMessages locale={locale}>
      <AppProviders>
        <div className="flex min-h-dvh flex-col bg-surface-sunken">
          <AdminHeader />
          <div className="flex min-w-0 flex-1 flex-col lg:flex-row">
            <AdminMenu />
            <main id="main" className="min-w-0 flex-1 p-4 lg:p-8">
              {children}
            </main>
          </div>
        </div>
      </AppProviders>
    </AllMessages>
  );
}
