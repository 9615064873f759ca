"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Card } from "@/components/ui/Card";
import { identityCardUrl, useAdminUser, useReviewIdentity, type AdminUser } from "@/lib/api/admin";
import { fullName } from "@/components/ui/back-office/format";
import { UserProfile } from "@/components/ui/back-office/UserProfile";
import { DecisionPanel } from "@/components/ui/back-office/DecisionPanel";
import { ReviewPage, decisionLabels } from "@/components/ui/back-office/ReviewPage";
import { PrivateImage } from "@/components/ui/back-office/PrivateImage";

/** One identity request: the profile, the card image, and approve / reject. */
export function IdentityReview({ id }: { id: string }) {
  const t = useTranslations("admin.review");
  const query = useAdminUser(id);
  return (
    <ReviewPage
      queueHref="/admin/identity"
      text={{ back: t("back"), heading: t("heading"), backToQueue: t("backToQueue") }}
      query={query}
      details={(user) => (
        <div className="grid gap-6 lg:grid-cols-2">
          <UserProfile user={user} />
          <IdentityCard user={user} />
        </div>
      )}
      decision={(user, onDecided) => <Decision user={user} onDecided={onDecided} />}
    />
  );
}

function IdentityCard({ user }: { user: AdminUser }) {
  const t = useTranslations("admin.review");
  const [failed, setFailed] = useState(false);
  const src = identityCardUrl(user.id);
  const name = fullName(user) ?? user.id;
  return (
    <Card title={t("cardTitle")} id="admin-card">
      {!user.has_identity_card ? (
        <p className="text-sm text-ink-muted">{t("cardMissing")}</p>
      ) : failed ? (
        <Alert tone="error">{t("cardLoadFailed")}</Alert>
      ) : (
        <div className="grid gap-3">
          <PrivateImage src={src} alt={t("cardAlt", { name })} size="large" onError={() => setFailed(true)} />
          <a href={src} target="_blank" rel="noopener noreferrer" className="w-fit text-sm font-medium text-brand-700 hover:underline">
            {t("cardOpen")}
          </a>
        </div>
      )}
    </Card>
  );
}

function Decision({ user, onDecided }: { user: AdminUser; onDecided: (message: string) => void }) {
  const t = useTranslations("admin.review");
  return (
    <DecisionPanel
      id="admin-decision"
      pending={user.identity_status === "identity_verification_pending"}
      queueHref="/admin/identity"
      labels={decisionLabels(t)}
      review={useReviewIdentity(user.id)}
      messageOf={(_, result) => result.message}
      onDecided={onDecided}
    />
  );
}
