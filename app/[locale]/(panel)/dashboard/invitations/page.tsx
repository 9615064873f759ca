import { setRequestLocale } from "next-intl/server";
import { InvitationsPage } from "@/components/invitations/InvitationsPage";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "invitations");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <InvitationsPage />;
}
