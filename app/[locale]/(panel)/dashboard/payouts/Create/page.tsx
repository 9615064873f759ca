import { setRequestLocale } from "next-intl/server";
import { CreatePayoutPage } from "@/components/payouts/CreatePayoutPage";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "createPayout");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <CreatePayoutPage />;
}
