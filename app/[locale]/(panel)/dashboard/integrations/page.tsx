import { setRequestLocale } from "next-intl/server";
import { ApiKeys } from "@/components/integrations/ApiKeys";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "integrations");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ApiKeys />;
}
