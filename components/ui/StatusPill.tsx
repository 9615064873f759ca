"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

/** The colours a status can take; the word always carries the meaning, the colour only repeats it. */
export type StatusTone = "success" | "warning" | "info" | "danger" | "muted" | "neutral";

const tones: Record<StatusTone, string> = {
  success: "bg-green-50 text-success-600 ring-success-500/30",
  warning: "bg-amber-50 text-amber-800 ring-amber-500/30",
  info: "bg-brand-50 text-brand-800 ring-brand-500/30",
  danger: "bg-red-50 text-danger-600 ring-danger-500/30",
  muted: "bg-surface-sunken text-ink-muted ring-surface-line",
  neutral: "bg-surface-sunken text-ink ring-surface-line",
};

/** A status as a coloured label with a dot (transactions, campaigns, activities); `wrap` lets a longer one break on a phone. */
export function StatusPill({ tone, children, wrap = false }: { tone: StatusTone; children: ReactNode; wrap?: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 ${wrap ? "" : "whitespace-nowrap "}rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 shrink-0 rounded-full bg-current" />
      {children}
    </span>
  );
}

/** The message namespaces that name statuses. */
type StatusMessages =
  | "wallet.status"
  | "wallet.statement.statuses"
  | "campaigns.status"
  | "campaigns.activities.status"
  | "payouts.status"
  | "invitations.status"
  | "integrations.state"
  | "integrations.webhooks.states"
  | "integrations.webhooks.deliveryStates";

/**
 * A status code as its coloured, translated label: `tones` says the colour of each code, `messages` where its
 * word is. A code this version does not know shows as it came, in `fallbackTone`.
 */
export function StatusLabel<S extends string>({
  status,
  tones: toneOf,
  messages,
  fallbackTone = "neutral",
}: {
  status: S;
  tones: Record<S, StatusTone>;
  messages: StatusMessages;
  fallbackTone?: StatusTone;
}) {
  const t = useTranslations(messages as "wallet.status");
  const known = t.has(status as never);
  return <StatusPill tone={toneOf[status] ?? fallbackTone}>{known ? t(status as never) : status}</StatusPill>;
}
