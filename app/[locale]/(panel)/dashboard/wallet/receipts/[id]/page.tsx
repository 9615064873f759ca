import { setRequestLocale } from "next-intl/server";
import { ReceiptPage } from "@/components/payments/ReceiptPage";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props) {
  return { ...(await titleMetadata(params, "receipt")), robots: { index: false } };
}

export default async function Page({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  return <ReceiptPage id={id} />;
}
