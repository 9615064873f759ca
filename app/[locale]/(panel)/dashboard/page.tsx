import { setRequestLocale } from "next-intl/server";
import { Dashboard } from "@/components/campaigns/Dashboard";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "dashboard");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <Dashboard />;
}
