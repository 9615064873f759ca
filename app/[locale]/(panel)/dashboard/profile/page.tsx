import { setRequestLocale } from "next-intl/server";
import { ProfilePurpose } from "@/components/onboarding/PurposeForm";
import { ProfilePage } from "@/components/profile/ProfilePage";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props) {
  return titleMetadata(params, "profile");
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ProfilePage purpose={<ProfilePurpose />} />;
}
