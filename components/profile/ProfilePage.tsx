"use client";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { SignInCard } from "@/components/ui/SignInCard";
import { useMe } from "@/lib/api/me";
import { BankForm } from "./BankForm";
import { NotificationPreferencesCard } from "./NotificationPreferencesCard";
import { EmailForm } from "./EmailForm";
import { IdentityBadge } from "./IdentityBadge";
import { IdentityForm } from "./IdentityForm";
import { LanguageForm } from "./LanguageForm";
import { PasswordSection } from "./PasswordSection";
import { ProfileSkeleton } from "./ProfileSkeleton";
import { VerificationRequestCard } from "./VerificationRequestCard";
import { badgeStateOf } from "@/lib/profile/identity";
import { ChannelConnection } from "@/components/profile/ChannelConnection";

/** /dashboard/profile: identity, bank, e-mail, password, language and the identity-verification request. */
export function ProfilePage({ purpose }: { purpose?: ReactNode }) {
  const t = useTranslations("profile");
  const titles = useTranslations("titles");
  const tc = useTranslations("common");
  const me = useMe();

  const heading = (
    <h1 id="page-title" className="text-2xl font-bold text-ink">
      {titles("profile")}
    </h1>
  );

  if (me.isPending) return <ProfileSkeleton />;

  if (me.isError) {
    return (
      <section aria-labelledby="page-title" className="mx-auto grid max-w-xl gap-4">
        {heading}
        <Alert tone="error">{t("loadError")}</Alert>
        <div>
          <Button type="button" onClick={() => void me.refetch()} busy={me.isFetching}>
            {tc("retry")}
          </Button>
        </div>
      </section>
    );
  }

  if (!me.data) {
    return <SignInCard heading={heading} lead={t("signIn.title")} body={t("signIn.body")} redirect="/dashboard/profile" />;
  }

  const user = me.data;
  return (
    <div className="mx-auto w-full max-w-6xl">
      <header className="mb-6 grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          {heading}
          <IdentityBadge status={user.identity_status} rejectionReason={user.identity_rejection_reason} />
        </div>
        <p className="text-sm leading-6 text-ink-muted">{t("intro")}</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 gap-6">
          <IdentityForm me={user} />
          <BankForm me={user} />
          <EmailForm me={user} />
        </div>
        <div className="grid min-w-0 gap-6">
          <VerificationRequestCard me={user} />
          <ChannelConnection verified={badgeStateOf(user.identity_status) === "verified"} />
          <PasswordSection me={user} />
          {purpose}
          <LanguageForm />
          <NotificationPreferencesCard />
        </div>
      </div>
    </div>
  );
}
