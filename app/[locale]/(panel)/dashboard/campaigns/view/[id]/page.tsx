import { setRequestLocale } from "next-intl/server";
import { CampaignView } from "@/components/campaigns/CampaignView";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string; id: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "campaign");
}

export default async function Page({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  return <CampaignView id={id} />;
}
