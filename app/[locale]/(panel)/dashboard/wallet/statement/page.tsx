import { setRequestLocale } from "next-intl/server";
import { Suspense } from "react";
import { StatementPrintPage } from "@/components/payments/StatementPrintPage";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props) {
  return { ...(await titleMetadata(params, "statement")), robots: { index: false } };
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // ?from=&to= are read in the browser: the page itself stays static.
  return (
    <Suspense fallback={<SkeletonLines lines={6} />}>
      <StatementPrintPage />
    </Suspense>
  );
}
