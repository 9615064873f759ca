"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { QueryView } from "@/components/ui/QueryView";
import { EmptyState } from "@/components/ui/EmptyState";
import { useMembership, usePlans, type MembershipPlanView, type MembershipPurchaseKind, type MembershipView } from "@/lib/api/payouts";
import { useWallet, type WalletBalances } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { BuyPlanForm } from "./BuyPlanForm";

/** The button's word for buying `plan`, given the membership in force (dearer is by price per day, as the server decides); the form shows the server's quote. */
function purchaseKind(plan: MembershipPlanView, current: MembershipView | null): MembershipPurchaseKind {
  if (!current) return "new";
  if (current.plan.id === plan.id) return "renewal";
  return plan.price / plan.period_days > current.plan.price / current.plan.period_days ? "upgrade" : "change_at_end";
}

/** The plans on sale: price in toman, period, withdrawals and invitations, perks, and the action that buys one. */
export function PlanList() {
  const t = useTranslations("payouts.plans");
  const plans = usePlans();
  const membership = useMembership();
  const wallet = useWallet();
  const [open, setOpen] = useState<string | null>(null);
  const [done, setDone] = useState<{ kind: MembershipPurchaseKind; plan: string; paid: number } | null>(null);
  const money = useMoney();
  const list = plans.data ?? [];
  const current = membership.data ?? null;

  return (
    <section aria-labelledby="plans-title" id="plans" className="grid scroll-mt-20 gap-4 rounded-card bg-surface p-5 shadow-card sm:p-6">
      <div className="grid gap-1">
        <h2 id="plans-title" className="text-lg font-bold text-ink">
          {t("title")}
        </h2>
        <p className="text-sm leading-6 text-ink-muted">{t("intro")}</p>
      </div>
      {done ? (
        <Alert tone="success">
          <span data-testid="plan-bought">{t(`done.${done.kind}`, { plan: done.plan, paid: money(done.paid) })}</span>
        </Alert>
      ) : null}
      <QueryView
        query={plans}
        loadError={t("loadError")}
        lines={3}
        empty={list.length === 0 ? <EmptyState padding="py-8">{t("empty")}</EmptyState> : null}
      >
        <ul className="grid gap-4 lg:grid-cols-3">
          {list.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={current}
              balances={wallet.data ?? null}
              open={open === plan.id}
              onOpen={() => {
                setDone(null);
                setOpen(open === plan.id ? null : plan.id);
              }}
              onDone={(kind, paid) => {
                setOpen(null);
                setDone({ kind, plan: plan.name, paid });
              }}
            />
          ))}
        </ul>
      </QueryView>
    </section>
  );
}

function PlanCard({
  plan,
  current,
  balances,
  open,
  onOpen,
  onDone,
}: {
  plan: MembershipPlanView;
  current: MembershipView | null;
  balances: WalletBalances | null;
  open: boolean;
  onOpen: () => void;
  onDone: (kind: MembershipPurchaseKind, paid: number) => void;
}) {
  const t = useTranslations("payouts.plans");
  const money = useMoney();
  const formId = useId();
  const kind = purchaseKind(plan, current);
  const isCurrent = current?.plan.id === plan.id;
  const titleId = `plan-${plan.id}-title`;

  return (
    <li
      aria-labelledby={titleId}
      className={`flex flex-col gap-3 rounded-lg border p-4 ${isCurrent ? "border-brand-600 bg-brand-50" : "border-surface-line"}`}
      data-testid={`plan-${plan.code}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-bold text-ink">
          {plan.name}
        </h3>
        {isCurrent ? (
          <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">{t("current")}</span>
        ) : null}
      </div>
      <p className="grid gap-0.5">
        <span className="text-2xl font-black tabular-nums text-brand-700">{money.toman(plan.price)}</span>
        <span className="text-xs text-ink-muted">
          {t("perPeriod", { days: plan.period_days })} · {money(plan.price)}
        </span>
      </p>
      <ul className="grid gap-1.5 text-sm text-ink">
        <Perk>{t("withdrawals", { count: plan.withdrawals_per_period })}</Perk>
        <Perk>{t("invitations", { count: plan.invitations_per_period })}</Perk>
        {plan.retention_days !== null ? <Perk>{t("retention", { days: plan.retention_days })}</Perk> : null}
        {plan.daily_task_bonus > 0 ? <Perk>{t("taskBonus", { count: plan.daily_task_bonus })}</Perk> : null}
      </ul>
      <Button
        type="button"
        variant={open ? "secondary" : "primary"}
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={onOpen}
        className="mt-auto w-full"
      >
        {t(`action.${kind}`)}
      </Button>
      {open ? <BuyPlanForm id={formId} plan={plan} kind={kind} balances={balances} onDone={onDone} onCancel={onOpen} /> : null}
    </li>
  );
}

function Perk({ children }: { children: string }) {
  return (
    <li className="flex items-start gap-2">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="mt-0.5 h-4 w-4 shrink-0 text-success-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M5 10.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{children}</span>
    </li>
  );
}
