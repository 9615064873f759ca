import { setRequestLocale } from "next-intl/server";
import { CampaignList } from "@/components/campaigns/CampaignList";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "campaigns");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <CampaignList />;
}
