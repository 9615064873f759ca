import { setRequestLocale } from "next-intl/server";
import { CreateInvitationPage } from "@/components/invitations/CreateInvitationPage";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "createInvitation");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <CreateInvitationPage />;
}
