"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { linkButton } from "@/components/wallet/WalletStates";
import { ApiError } from "@/lib/api/client";
import { useActivateCampaign, usePauseCampaign, type Campaign } from "@/lib/api/campaigns";
import { allowedEvents, type CampaignStatus } from "@/lib/campaigns/state-machine";
import { directionOf, isLocale } from "@/lib/i18n/locales";
import { Link } from "@/lib/i18n/navigation";
import { StatusPill, type StatusTone } from "@/components/ui/StatusPill";

/** True for an answer saying nobody is logged in: the panel's layout already shows its sign-in prompt. */
export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

const statusTones: Record<CampaignStatus, StatusTone> = {
  awaiting_payment: "warning",
  awaiting_review: "info",
  active: "success",
  paused: "muted",
  completed: "success",
  paid: "neutral",
  rejected: "danger",
};

/** A campaign's status as a coloured label. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const t = useTranslations("campaigns.status");
  return <StatusPill tone={statusTones[status] ?? "neutral"}>{t.has(status as never) ? t(status as never) : status}</StatusPill>;
}

/** 0–100 as a bar with its figure. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const format = useFormatter();
  const clamped = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <div className="flex min-w-28 items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        className="h-2 flex-1 overflow-hidden rounded-full bg-surface-sunken"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${clamped}%` }} />
      </div>
      <span className="text-xs tabular-nums text-ink-muted">
        {format.number(clamped / 100, { style: "percent", maximumFractionDigits: 0 })}
      </span>
    </div>
  );
}

/** A date, or a dash read out as "not set". */
export function useDates() {
  const format = useFormatter();
  const t = useTranslations("campaigns");
  return function date(iso: string | null) {
    return iso ? (
      <time dateTime={iso}>{format.dateTime(new Date(iso), { dateStyle: "medium" })}</time>
    ) : (
      <span className="text-ink-faint">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t("notSet")}</span>
      </span>
    );
  };
}

/** WAI-ARIA tabs over `values`: arrows follow the drawn row (mirrored in right-to-left), Home/End jump. */
export function Tabs<T extends string>({
  id,
  values,
  value,
  onChange,
  label,
  name,
  children,
}: {
  id: string;
  values: readonly T[];
  value: T;
  onChange: (next: T) => void;
  label: string;
  name: (value: T) => string;
  children: ReactNode;
}) {
  const locale = useLocale();
  const rtl = directionOf(isLocale(locale) ? locale : "fa-IR") === "rtl";
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = values.indexOf(value);
    const last = values.length - 1;
    let next: number | null = null;
    if (event.key === (rtl ? "ArrowLeft" : "ArrowRight")) next = index === last ? 0 : index + 1;
    else if (event.key === (rtl ? "ArrowRight" : "ArrowLeft")) next = index === 0 ? last : index - 1;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = last;
    if (next === null) return;
    event.preventDefault();
    const target = values[next]!;
    onChange(target);
    refs.current[target]?.focus();
  };
  return (
    <>
      <div className="-mx-1 overflow-x-auto px-1 pb-1 [contain:inline-size]">
        <div role="tablist" aria-label={label} className="inline-flex min-w-max gap-1 rounded-xl bg-surface-sunken p-1">
          {values.map((item) => (
            <button
              key={item}
              ref={(node) => {
                refs.current[item] = node;
              }}
              id={`${id}-tab-${item}`}
              type="button"
              role="tab"
              aria-selected={value === item}
              aria-controls={`${id}-panel`}
              tabIndex={value === item ? 0 : -1}
              onClick={() => onChange(item)}
              onKeyDown={onKeyDown}
              className={`rounded-lg px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 ${
                value === item ? "bg-surface text-brand-700 shadow-card" : "text-ink-muted hover:text-ink"
              }`}
            >
              {name(item)}
            </button>
          ))}
        </div>
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${value}`}
        tabIndex={0}
        className="mt-4 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-200"
      >
        {children}
      </div>
    </>
  );
}

/** Previous / page x of y / next, shown only when there is more than one page. */
export function Pagination({ page, pages, busy, onPage }: { page: number; pages: number; busy: boolean; onPage: (page: number) => void }) {
  const t = useTranslations("campaigns");
  const format = useFormatter();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("pagination")} className="flex flex-wrap items-center justify-between gap-3 border-t border-surface-line pt-4">
      <Button type="button" variant="secondary" onClick={() => onPage(Math.max(1, page - 1))} disabled={page <= 1 || busy}>
        {t("previous")}
      </Button>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {t("pageStatus", { page: format.number(page), pages: format.number(pages) })}
      </p>
      <Button type="button" variant="secondary" onClick={() => onPage(Math.min(pages, page + 1))} disabled={page >= pages || busy}>
        {t("next")}
      </Button>
    </nav>
  );
}

export function EmptyText({ testId }: { testId?: string }) {
  const t = useTranslations("campaigns");
  return (
    <p className="py-10 text-center text-ink-muted" data-testid={testId}>
      {t("empty")}
    </p>
  );
}

/** A 404 from the API: the campaign does not exist or is not the caller's. */
export function NotFoundCard() {
  const t = useTranslations("campaigns.notFound");
  return (
    <section
      className="mx-auto my-6 grid max-w-xl gap-3 rounded-card bg-surface p-6 text-center shadow-card sm:p-8"
      data-testid="campaign-not-found"
    >
      <h1 className="text-xl font-bold text-ink">{t("title")}</h1>
      <p className="leading-7 text-ink-muted">{t("body")}</p>
      <div>
        <Link href="/dashboard/campaigns" className={linkButton.secondary}>
          {t("back")}
        </Link>
      </div>
    </section>
  );
}

/** Pause or activate, when the campaign's status allows it; the server's sentence is shown after. */
export function CampaignEventButtons({ campaign, compact = false }: { campaign: Campaign; compact?: boolean }) {
  const t = useTranslations("campaigns.actions");
  const pause = usePauseCampaign();
  const activate = useActivateCampaign();
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const events = allowedEvents(campaign.status);
  const run = async (mutation: typeof pause) => {
    setMessage(null);
    try {
      const result = await mutation.mutateAsync(campaign.id);
      setMessage({ tone: "success", text: result.message });
    } catch (error) {
      setMessage({ tone: "error", text: error instanceof ApiError && error.message ? error.message : t("error") });
    }
  };
  const size = compact ? "px-3 py-1.5 text-xs" : "";
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {events.includes("pause") ? (
          <Button type="button" variant="secondary" className={size} busy={pause.isPending} onClick={() => void run(pause)}>
            {t("pause")}
            <span className="sr-only">: {campaign.name}</span>
          </Button>
        ) : null}
        {events.includes("activate") ? (
          <Button type="button" className={size} busy={activate.isPending} onClick={() => void run(activate)}>
            {t("activate")}
            <span className="sr-only">: {campaign.name}</span>
          </Button>
        ) : null}
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </div>
  );
}

/** A campaign's specification rows both the producer's view and the admin's review show: link, network, strategy, followers, hours and percentage when set. */
export function useCampaignSpecRows(campaign: Campaign): [string, ReactNode][] {
  const t = useTranslations("campaigns");
  const format = useFormatter();
  const rows: [string, ReactNode][] = [
    [
      t("spec.link"),
      <a
        key="link"
        href={campaign.link}
        target="_blank"
        rel="noopener noreferrer"
        dir="ltr"
        className="text-brand-700 [overflow-wrap:anywhere] hover:underline"
      >
        {campaign.link}
      </a>,
    ],
    [t("columns.network"), t(`networks.${campaign.network}`)],
    [t("columns.strategy"), t(`strategies.${campaign.strategy}`)],
    [t("spec.followerCount"), format.number(campaign.follower_count)],
  ];
  if (campaign.hours !== null) rows.push([t("spec.hours"), format.number(campaign.hours)]);
  if (campaign.percentage !== null) rows.push([t("spec.percentage"), format.number(campaign.percentage / 100, { style: "percent" })]);
  return rows;
}

/** The rejection reason, when there is one, above a campaign's specification rows. */
export function CampaignSpecList({
  campaign,
  rows,
  testId,
  valueClassName,
}: {
  campaign: Campaign;
  rows: [string, ReactNode][];
  testId: string;
  valueClassName: string;
}) {
  const t = useTranslations("campaigns");
  return (
    <div className="grid gap-4">
      {campaign.rejection_reason ? (
        <Alert tone="error">
          <strong className="font-semibold">{t("spec.rejectionReason")}:</strong> <bdi>{campaign.rejection_reason}</bdi>
        </Alert>
      ) : null}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-3 text-sm" data-testid={testId}>
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-muted">{label}</dt>
            <dd className={valueClassName}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
