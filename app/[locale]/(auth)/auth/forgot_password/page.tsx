import { setRequestLocale } from "next-intl/server";
import { Suspense } from "react";
import { ForgotPasswordForm } from "@/components/auth/ForgotPasswordForm";
import { titleMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = ({ params }: Props) => titleMetadata(params, "forgotPassword");

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  // The form reads ?redirect= (useSearchParams): it renders in the browser under this boundary.
  return (
    <Suspense fallback={null}>
      <ForgotPasswordForm />
    </Suspense>
  );
}
