import { setRequestLocale } from "next-intl/server";
import { PayoutsPage } from "@/components/payouts/PayoutsPage";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "payouts");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <PayoutsPage />;
}
