import { setRequestLocale } from "next-intl/server";
import { ChargeWalletPage } from "@/components/payments/ChargeWalletPage";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "chargeWallet");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ChargeWalletPage />;
}
