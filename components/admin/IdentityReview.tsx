"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Card } from "@/components/ui/Card";
import { identityCardUrl, useAdminUser, useReviewIdentity, type AdminUser } from "@/lib/api/admin";
import { dateOnly, fullName, groupIban } from "./format";
import { DecisionPanel } from "./DecisionPanel";
import { ReviewPage, decisionLabels } from "./ReviewPage";
import { useBankName } from "@/components/payouts/Iban";

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
          <Profile user={user} />
          <IdentityCard user={user} />
        </div>
      )}
      decision={(user, onDecided) => <Decision user={user} onDecided={onDecided} />}
    />
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-surface-line py-2.5 last:border-b-0 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="min-w-0 text-sm font-medium text-ink [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function Profile({ user }: { user: AdminUser }) {
  const t = useTranslations("admin.review");
  const tStatus = useTranslations("admin.status");
  const bankName = useBankName();
  const format = useFormatter();
  const missing = <span className="font-normal text-ink-faint">{t("notProvided")}</span>;
  const birth = user.birth_date ? dateOnly(user.birth_date) : null;
  return (
    <Card title={t("profile")} id="admin-profile">
      <dl>
        <Row label={t("firstName")}>{user.first_name ? <bdi>{user.first_name}</bdi> : missing}</Row>
        <Row label={t("lastName")}>{user.last_name ? <bdi>{user.last_name}</bdi> : missing}</Row>
        <Row label={t("phone")}>
          {user.phone ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <span dir="ltr">{user.phone}</span>
              <span className={`text-xs ${user.phone_verified ? "text-success-600" : "text-ink-faint"}`}>
                ({user.phone_verified ? t("phoneVerified") : t("phoneNotVerified")})
              </span>
            </span>
          ) : (
            missing
          )}
        </Row>
        <Row label={t("email")}>{user.email ? <span dir="ltr">{user.email}</span> : missing}</Row>
        <Row label={t("nationalId")}>
          {user.national_id ? (
            <span dir="ltr" className="font-mono">
              {user.national_id}
            </span>
          ) : (
            missing
          )}
        </Row>
        <Row label={t("birthDate")}>
          {birth && user.birth_date ? <time dateTime={user.birth_date}>{format.dateTime(birth, "day")}</time> : missing}
        </Row>
        <Row label={t("bank")}>{bankName(user.bank_name || null) ?? missing}</Row>
        <Row label={t("iban")}>
          {user.iban ? (
            <span dir="ltr" className="inline-block font-mono tracking-wide">
              {groupIban(user.iban)}
            </span>
          ) : (
            missing
          )}
        </Row>
        <Row label={t("status")}>{tStatus(user.identity_status)}</Row>
        {user.identity_rejection_reason ? (
          <Row label={t("previousReason")}>
            <bdi>{user.identity_rejection_reason}</bdi>
          </Row>
        ) : null}
        <Row label={t("joined")}>
          <time dateTime={user.created_at}>{format.dateTime(new Date(user.created_at), "date")}</time>
        </Row>
      </dl>
    </Card>
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
          <a
            href={src}
            target="_blank"
            rel="noopener noreferrer"
            className="block overflow-hidden rounded-lg border border-surface-line bg-surface-sunken"
          >
            {/* next/image cannot carry the session cookie through its optimizer: a plain <img> it is. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={src} alt={t("cardAlt", { name })} className="max-h-[28rem] w-full object-contain" onError={() => setFailed(true)} />
          </a>
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
