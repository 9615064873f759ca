import { setRequestLocale } from "next-intl/server";
import { WalletPage } from "@/components/payments/WalletPage";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "wallet");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <WalletPage />;
}
