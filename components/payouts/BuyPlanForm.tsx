"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId } from "react";
import { useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { RadioCard } from "@/components/ui/RadioCard";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { ApiError } from "@/lib/api/client";
import {
  useBuyMembership,
  useMembershipCheckout,
  useMembershipQuote,
  type MembershipPlanView,
  type MembershipPurchaseKind,
  type MembershipQuoteView,
} from "@/lib/api/payouts";
import { useGateways, type WalletBalances } from "@/lib/api/payments";
import { useWalletLabels } from "@/components/ui/labels";
import { useMoney } from "@/lib/format/money";
import { useApiForm } from "@/lib/forms/use-api-form";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { buyPlanForm } from "@/lib/schemas/payouts";
import { membershipFundingSources } from "@/lib/schemas/enums";

type Values = { plan_id: string; pay_from: string };

/** Where to pay from (earnings or the wallet, each with its balance), then the purchase; the API's refusal is shown as it says it. */
export function BuyPlanForm({
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
  // What it costs now: the quote's price (an upgrade's is the difference for the days left), else the plan's.
  const price = quoted?.price ?? plan.price;
  const covers = (source: "earnings" | "wallet") =>
    balances !== null && (source === "earnings" ? balances.earnings_balance : balances.wallet_balance) >= price;
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
  // Once the quote is in, a source of our own that covers it is chosen for the person (if they chose none yet).
  useEffect(() => {
    if (preferred && !form.getValues("pay_from")) form.setValue("pay_from", preferred);
  }, [form, preferred]);

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
