import { setRequestLocale } from "next-intl/server";
import { Dashboard } from "@/components/campaigns/Dashboard";
import { GettingStarted } from "@/components/onboarding/GettingStarted";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "dashboard");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The dashboard leads with the first steps of what the person came for (issue 34).
  return <Dashboard lead={<GettingStarted />} />;
}
