import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/AppShell";
import { PanelHeader } from "@/components/panel/PanelHeader";
import { PanelMenu } from "@/components/panel/PanelMenu";
import { SignInPrompt } from "@/components/panel/SignInPrompt";

/** The panel layout: header with balance and notifications, side menu, content. */
export default async function PanelLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <AppShell locale={locale} header={<PanelHeader />} menu={<PanelMenu />}>
      <SignInPrompt />
      {children}
    </AppShell>
  );
}
