"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { QueryView } from "@/components/ui/QueryView";
import { RadioCard } from "@/components/ui/RadioCard";
import { EmptyState } from "@/components/ui/EmptyState";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { ApiError } from "@/lib/api/client";
import {
  useBuyMembership,
  useMembershipCheckout,
  useMembership,
  useMembershipQuote,
  usePlans,
  type MembershipPlanView,
  type MembershipPurchaseKind,
  type MembershipQuoteView,
  type MembershipView,
} from "@/lib/api/payouts";
import { useGateways, useWallet, type WalletBalances } from "@/lib/api/wallet";
import { useWalletLabels } from "@/components/wallet/labels";
import { useMoney } from "@/lib/format/money";
import { useApiForm } from "@/lib/forms/use-api-form";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { buyPlanForm } from "@/lib/schemas/payouts";
import { membershipFundingSources } from "@/lib/schemas/enums";

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

type Values = { plan_id: string; pay_from: string };

/** Where to pay from (earnings or the wallet, each with its balance), then the purchase; the API's refusal is shown as it says it. */
function BuyPlanForm({
  id,
  plan,
  kind,
  balances,
  onDone,
  onCancel,
}: {
  id: string;
  plan: MembershipPlanView;
  kind: MembershipPurchaseKind;
  balances: WalletBalances | null;
  onDone: (kind: MembershipPurchaseKind, paid: number) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("payouts.plans");
  const money = useMoney();
  const fieldMessage = useFieldMessage();
  const quote = useMembershipQuote(plan.id);
  const buy = useBuyMembership();
  const checkout = useMembershipCheckout();
  const gateways = useGateways();
  const labels = useWalletLabels();
  const busy = buy.isPending || checkout.isPending || checkout.isSuccess;
  const quoted = quote.data ?? null;
  const errorId = useId();
  const covers = (source: "earnings" | "wallet") =>
    balances !== null && (source === "earnings" ? balances.earnings_balance : balances.wallet_balance) >= plan.price;
  const preferred = membershipFundingSources.find(covers) ?? "";
  const sources = [...membershipFundingSources, ...(gateways.data ?? []).map((gateway) => `gateway:${gateway.id}`)];
  const { form, formError, submit } = useApiForm<typeof buyPlanForm, Values>(buyPlanForm, {
    defaultValues: { plan_id: plan.id, pay_from: preferred },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const chosen = useWatch({ control, name: "pay_from" });

  const onSubmit = submit(async (input) => {
    if (!quoted) return;
    // What the quote showed goes with the purchase: bought meanwhile in another tab, it is refused rather than bought twice.
    if (input.pay_from.startsWith("gateway:")) {
      // The payment page; the plan is bought when the gateway confirms the payment, and the result page says so.
      const started = await checkout.mutateAsync({
        plan_id: input.plan_id,
        gateway: input.pay_from.slice("gateway:".length),
        kind: quoted.kind,
      });
      window.location.assign(started.redirect_url);
      return;
    }
    const result = await buy.mutateAsync({
      plan_id: input.plan_id,
      pay_from: input.pay_from as "earnings" | "wallet",
      kind: quoted.kind,
      price: quoted.price,
    });
    onDone(result.kind, result.paid);
  });

  return (
    <form
      id={id}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 border-t border-surface-line pt-3"
      aria-label={t("formLabel", { plan: plan.name })}
    >
      <p className="text-sm leading-6 text-ink-muted">{t(`explain.${quoted?.kind ?? kind}`)}</p>
      <QuoteSummary quote={quote} />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold text-ink">{t("payFrom")}</legend>
        {sources.map((source) => {
          const gateway = source.startsWith("gateway:") ? source.slice("gateway:".length) : null;
          const own = source === "earnings" || source === "wallet" ? source : null;
          return (
            <RadioCard
              key={source}
              id={`${id}-${source.replace(":", "-")}`}
              checked={chosen === source}
              title={own ? t(`sources.${own}`) : t("sources.gateway", { name: labels.gateway(gateway) ?? "" })}
              body={
                own && balances
                  ? t("balance", { amount: money(own === "earnings" ? balances.earnings_balance : balances.wallet_balance) })
                  : own
                    ? undefined
                    : t("gatewayBody")
              }
              describedBy={errors.pay_from ? errorId : undefined}
              {...register("pay_from")}
              value={source}
            />
          );
        })}
        {errors.pay_from ? (
          <p id={errorId} role="alert" className="text-sm text-danger-600">
            {fieldMessage(errors.pay_from.message)}
          </p>
        ) : null}
      </fieldset>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy} disabled={!quoted} className="flex-1">
          {busy ? t("paying") : t("confirm")}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}

/**
 * What this purchase costs and gives, as the server quotes it now: the whole plan for a new period, a
 * renewal or a change at the end; for an upgrade the price for the days left and the withdrawals and
 * invitations it adds in the same proportion. A refusal (a next period already paid) says why.
 */
function QuoteSummary({ quote }: { quote: ReturnType<typeof useMembershipQuote> }) {
  const t = useTranslations("payouts.plans.quote");
  const money = useMoney();
  const format = useFormatter();
  if (quote.isPending) return <SkeletonLines lines={1} />;
  if (quote.isError) return <Alert tone="error">{quote.error instanceof ApiError ? quote.error.message : t("loadError")}</Alert>;
  const q: MembershipQuoteView = quote.data;
  const date = (iso: string) => format.dateTime(new Date(iso), "date");
  const values = {
    price: money(q.price),
    withdrawals: q.adds.withdrawals,
    invitations: q.adds.invitations,
    start: date(q.starts_at),
    end: date(q.ends_at),
    days: Math.floor(q.days_left ?? 0),
  };
  return (
    <div className="grid gap-1 rounded-lg bg-surface-sunken p-3 text-sm leading-6 text-ink" data-testid="plan-quote" data-kind={q.kind}>
      <p className="font-semibold">{t("price", { price: values.price })}</p>
      <p>{q.kind === "upgrade" ? t("upgrade", values) : t("whole", values)}</p>
    </div>
  );
}
