"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Card } from "@/components/ui/Card";
import { LoadError } from "@/components/ui/LoadError";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { useMe } from "@/lib/api/me";
import { useChecklist, type Checklist } from "@/lib/api/onboarding";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/link";
import type { StepState } from "@/lib/schemas/onboarding";
import { PurposeForm } from "./PurposeForm";

/** Where each step is done. */
const HREFS = {
  charge: "/dashboard/wallet/charge_wallet",
  campaign: "/dashboard/campaigns/create",
  approval: "/dashboard/campaigns",
  delivery: "/dashboard/campaigns",
  profile: "/dashboard/profile",
  identity: "/dashboard/profile#profile-verification",
  youtube: "/dashboard/profile#youtube-channel",
  task: "/dashboard/earn_money",
  release: "/dashboard/wallet",
  plan: "/dashboard/payouts#plans",
  payout: "/dashboard/payouts",
} as const;

type Side = "producer" | "booster";

/**
 * The dashboard's lead (issue 34): until the person says what they came for, the question; then the
 * checklist of that side (both, for both), each step done / waiting / to do and linking to where it is
 * done, with this installation's figures. A side whose steps are all done is not shown again.
 */
export function GettingStarted() {
  const me = useMe();
  const checklist = useChecklist();
  const t = useTranslations("onboarding");
  if (!me.data) return null;
  if (me.data.purpose === null) return <PurposeForm current={null} first />;
  if (checklist.isPending) return <SkeletonLines lines={3} />;
  if (checklist.isError)
    return <LoadError message={t("loadError")} onRetry={() => void checklist.refetch()} retrying={checklist.isFetching} />;
  const sides: Side[] = me.data.purpose === "grow" ? ["producer"] : me.data.purpose === "earn" ? ["booster"] : ["producer", "booster"];
  const open = sides.filter((side) => checklist.data[side].some((step) => step.state !== "done"));
  if (open.length === 0) return null;
  return (
    <div className={`grid gap-4 ${open.length > 1 ? "lg:grid-cols-2" : ""}`}>
      {open.map((side) => (
        <Steps key={side} side={side} checklist={checklist.data} />
      ))}
    </div>
  );
}

type Row = { step: keyof typeof HREFS; state: StepState; title: string; body: string; link: string };

/** The producer's steps, in words. */
function useProducerRows(checklist: Checklist): Row[] {
  const t = useTranslations("onboarding.producer.steps");
  return checklist.producer.map(({ step, state }) => ({
    step,
    state,
    title: t(`${step}.title`),
    body: t(`${step}.body`),
    link: t(`${step}.link`),
  }));
}

/** The booster's steps, in words, with this installation's figures. */
function useBoosterRows(checklist: Checklist): Row[] {
  const t = useTranslations("onboarding.booster.steps");
  const money = useMoney();
  const { figures } = checklist;
  const bodies = {
    profile: t("profile.body"),
    identity: t("identity.body"),
    youtube: t("youtube.body"),
    task: t("task.body", { reward: money(figures.task_reward), perDay: figures.tasks_per_day }),
    release: t("release.body", { days: figures.retention_days }),
    plan: figures.plan_price === null ? t("plan.noPlan") : t("plan.body", { price: money(figures.plan_price) }),
    payout:
      figures.first_payout_days === null
        ? t("payout.bodyUnknown", { min: money(figures.payout_min) })
        : t("payout.body", { min: money(figures.payout_min), days: figures.first_payout_days }),
  };
  return checklist.booster.map(({ step, state }) => ({
    step,
    state,
    title: t(`${step}.title`),
    body: bodies[step],
    link: t(`${step}.link`),
  }));
}

function Steps({ side, checklist }: { side: Side; checklist: Checklist }) {
  const tt = useTranslations("onboarding");
  const format = useFormatter();
  const producer = useProducerRows(checklist);
  const booster = useBoosterRows(checklist);
  const rows = side === "producer" ? producer : booster;
  const done = rows.filter((row) => row.state === "done").length;
  const next = rows.find((row) => row.state === "todo")?.step;
  return (
    <Card id={`checklist-${side}`} title={tt(`${side}.title`)}>
      <p className="-mt-2 mb-3 text-sm text-ink-muted" data-testid={`checklist-${side}-progress`}>
        {tt("progress", { done: format.number(done), total: format.number(rows.length) })}
      </p>
      <ol className="grid gap-3" data-testid={`checklist-${side}`}>
        {rows.map(({ step, state, title, body, link }) => (
          <li
            key={step}
            data-step={step}
            data-state={state}
            className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg border p-3 ${
              step === next ? "border-brand-600 bg-brand-50" : "border-surface-line"
            }`}
          >
            <Mark state={state} />
            <div className="grid gap-1">
              <p className="flex flex-wrap items-baseline justify-between gap-x-2 font-semibold text-ink">
                <span>{title}</span>
                <span className="text-xs font-normal text-ink-muted">{tt(`states.${state}`)}</span>
              </p>
              <p className="text-sm leading-6 text-ink-muted">{body}</p>
              {state !== "done" ? (
                <Link href={HREFS[step]} className="text-sm font-semibold text-brand-700 hover:underline">
                  {link}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** A step's mark: a tick, dots or an empty circle (decoration: the state is written beside the title). */
function Mark({ state }: { state: StepState }) {
  const tone =
    state === "done"
      ? "bg-success-600 text-white"
      : state === "waiting"
        ? "bg-accent-500 text-ink"
        : "border border-surface-line text-ink-faint";
  return (
    <span aria-hidden="true" className={`mt-0.5 grid h-6 w-6 place-items-center rounded-full text-xs font-bold ${tone}`}>
      {state === "done" ? "✓" : state === "waiting" ? "…" : ""}
    </span>
  );
}
