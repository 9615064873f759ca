import { setRequestLocale } from "next-intl/server";
import { NotificationsPage } from "@/components/notifications/NotificationsPage";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "notifications");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <NotificationsPage />;
}
