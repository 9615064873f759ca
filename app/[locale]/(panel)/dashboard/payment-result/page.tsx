import { setRequestLocale } from "next-intl/server";
import { Suspense } from "react";
import { PaymentResultFallback, PaymentResultPage } from "@/components/payments/PaymentResultPage";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  return { ...(await titleMetadata(params, "paymentResult")), robots: { index: false } };
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // ?tx= is read in the browser: the page itself stays static.
  return (
    <Suspense fallback={<PaymentResultFallback />}>
      <PaymentResultPage />
    </Suspense>
  );
}
