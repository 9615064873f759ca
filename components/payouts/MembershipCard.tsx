"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { QueryView } from "@/components/ui/QueryView";
import { useMembership } from "@/lib/api/payouts";

/** The membership in force: its plan, when the period ends, withdrawals and invitations left; or why withdrawals need one. */
export function MembershipCard() {
  const t = useTranslations("payouts.membership");
  const format = useFormatter();
  const membership = useMembership();
  const current = membership.data ?? null;
  const date = (iso: string) => <time dateTime={iso}>{format.dateTime(new Date(iso), "date")}</time>;

  return (
    <section
      aria-labelledby="membership-title"
      className="grid gap-4 rounded-card bg-surface p-5 shadow-card sm:p-6"
      data-testid="membership"
    >
      <h2 id="membership-title" className="text-lg font-bold text-ink">
        {t("title")}
      </h2>
      <QueryView query={membership} loadError={t("loadError")} lines={2} empty={null}>
        {current ? (
          <div className="grid gap-3">
            <p className="text-2xl font-black text-brand-700" data-testid="membership-plan">
              {current.plan.name}
            </p>
            <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Figure label={t("periodEnd")}>{date(current.ends_at)}</Figure>
              <Figure label={t("withdrawals")}>
                {t("leftOf", { left: current.withdrawals_left, allowed: current.withdrawals_allowed })}
              </Figure>
              <Figure label={t("invitations")}>
                {t("leftOf", { left: current.invitations_left, allowed: current.invitations_allowed })}
              </Figure>
              <Figure label={t("renewedUntil")}>{current.renewed_until ? date(current.renewed_until) : t("notRenewed")}</Figure>
            </dl>
          </div>
        ) : (
          <div className="grid justify-items-start gap-2" data-testid="membership-none">
            <p className="font-semibold text-ink">{t("none")}</p>
            <p className="max-w-prose text-sm leading-7 text-ink-muted">{t("noneBody")}</p>
            <a href="#plans" className="text-sm font-semibold text-brand-700 hover:underline">
              {t("choosePlan")}
            </a>
          </div>
        )}
      </QueryView>
    </section>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 rounded-lg bg-surface-sunken px-4 py-3">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="font-semibold tabular-nums text-ink">{children}</dd>
    </div>
  );
}
