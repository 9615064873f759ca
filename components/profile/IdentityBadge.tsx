"use client";
import { useTranslations } from "next-intl";
import type { IdentityStatus } from "@/lib/api/me";
import { badgeStateOf, type BadgeState } from "@/lib/profile/identity";

const tones: Record<BadgeState, string> = {
  registered: "border-accent-500/40 bg-amber-50 text-accent-700",
  verified: "border-success-500/40 bg-green-50 text-success-600",
  pending: "border-brand-200 bg-brand-50 text-brand-800",
  failed: "border-danger-500/40 bg-red-50 text-danger-600",
};

const icons: Record<BadgeState, string> = {
  registered: "M12 8v4m0 4h.01M12 3a9 9 0 100 18 9 9 0 000-18z",
  verified: "M5 12.5l4.5 4.5L19 7.5",
  pending: "M12 7v5l3 2M12 3a9 9 0 100 18 9 9 0 000-18z",
  failed: "M7 7l10 10M17 7L7 17",
};

/** SPEC §4 identity status as a coloured label; a refusal also shows its reason. */
export function IdentityBadge({ status, rejectionReason }: { status: IdentityStatus; rejectionReason?: string | null }) {
  const t = useTranslations("profile.badge");
  const state = badgeStateOf(status);
  return (
    <div className="flex flex-col items-start gap-1">
      <p
        className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold ${tones[state]}`}
        data-state={state}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d={icons[state]} />
        </svg>
        <span className="sr-only">{t("label")}: </span>
        <span>{t(state)}</span>
      </p>
      {state === "failed" && rejectionReason ? <p className="text-sm text-danger-600">{t("reason", { reason: rejectionReason })}</p> : null}
    </div>
  );
}
