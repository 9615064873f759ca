import { setRequestLocale } from "next-intl/server";
import { CampaignActivities } from "@/components/campaigns/CampaignActivities";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string; id: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "campaignActivities");
}

export default async function Page({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  return <CampaignActivities id={id} />;
}
