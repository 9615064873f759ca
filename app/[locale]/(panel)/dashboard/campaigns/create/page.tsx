import { setRequestLocale } from "next-intl/server";
import { CreateCampaign } from "@/components/campaigns/CreateCampaign";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "createCampaign");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <CreateCampaign />;
}
