import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { AdminHeader } from "@/components/admin/AdminHeader";
import { AdminMenu } from "@/components/admin/AdminMenu";
import { AppShell } from "@/components/layout/AppShell";

/**
 * The back office layout: its own header, a side menu, content. Who may see it is proxy.ts's
 * business (non-admins get a 404 first) and the admin API's (it answers 404 to anyone else).
 */
export default async function AdminLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <AppShell locale={locale} header={<AdminHeader />} menu={<AdminMenu />} sunken>
      {children}
    </AppShell>
  );
}
