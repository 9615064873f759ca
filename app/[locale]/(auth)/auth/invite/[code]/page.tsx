import { setRequestLocale } from "next-intl/server";
import { InviteLanding } from "@/components/invitations/InviteLanding";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string; code: string }> };

export const generateMetadata = ({ params }: Props) => titleMetadata(params, "invite");

/** The invitation SMS's link (KAVENEGAR_INVITATION_TEMPLATE: …/auth/invite/%token). */
export default async function Page({ params }: Props) {
  const { locale, code } = await params;
  setRequestLocale(locale);
  return <InviteLanding code={code} />;
}
