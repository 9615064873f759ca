import { setRequestLocale } from "next-intl/server";
import { EarnPage } from "@/components/activities/EarnPage";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "earnMoney");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <EarnPage />;
}
