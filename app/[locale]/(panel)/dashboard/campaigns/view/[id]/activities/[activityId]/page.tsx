import { setRequestLocale } from "next-intl/server";
import { ActivityDetail } from "@/components/campaigns/CampaignActivities";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string; id: string; activityId: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "campaignActivity");
}

export default async function Page({ params }: Props) {
  const { locale, id, activityId } = await params;
  setRequestLocale(locale);
  return <ActivityDetail id={id} activityId={activityId} />;
}
