"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useState, type ReactNode } from "react";
import { useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { NumberField } from "@/components/ui/Field";
import { SectionCard } from "@/components/ui/FormCard";
import { RadioCard } from "@/components/ui/RadioCard";
import { ApiError } from "@/lib/api/client";
import { useChargeWallet, useGateways, useWallet, type Gateway } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { useApiForm } from "@/lib/forms/use-api-form";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { Link } from "@/lib/i18n/link";
import { CHARGE_MAX_RIALS, CHARGE_MIN_RIALS, CHARGE_QUICK_PICKS, chargeWalletInput } from "@/lib/schemas/wallet";
import { parseRials } from "@/lib/format/rials";
import { useWalletLabels } from "@/components/ui/labels";
import { LoadError } from "@/components/ui/LoadError";
import { Chevron } from "@/components/ui/Pagination";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { SignInCard } from "@/components/ui/SignInCard";

/** What the form holds: the amount as typed (any digits, separators), the gateway's id. */
type Values = { amount: string; gateway: string };

/** SPEC §2 and §8: charge the wallet with an amount in Rials through a configured gateway. */
export function ChargeWalletPage() {
  const t = useTranslations("wallet.chargePage");
  const titles = useTranslations("titles");
  const wallet = useWallet();
  const heading = (
    <h1 id="page-title" className="text-2xl font-bold text-ink">
      {titles("chargeWallet")}
    </h1>
  );
  if (wallet.data === null) return <SignInCard heading={heading} body={t("signIn")} redirect="/dashboard/wallet/charge_wallet" />;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <header className="grid gap-1">
        <Link
          href="/dashboard/wallet"
          className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          <Chevron direction="previous" />
          {t("back")}
        </Link>
        {heading}
        <p className="text-sm leading-6 text-ink-muted">{t("intro")}</p>
      </header>
      <ChargeWalletForm balance={wallet.data?.wallet_balance ?? null} />
    </div>
  );
}

function ChargeWalletForm({ balance }: { balance: number | null }) {
  const t = useTranslations("wallet.chargePage");
  const locale = useLocale();
  const format = useFormatter();
  const money = useMoney();
  const labels = useWalletLabels();
  const fieldMessage = useFieldMessage();
  const gateways = useGateways();
  const charge = useChargeWallet();
  const [redirecting, setRedirecting] = useState(false);
  const gatewaysId = useId();

  // The shared schema, run on the typed text turned into a number.
  const prepare = useCallback((values: Values) => ({ amount: parseRials(values.amount, locale), gateway: values.gateway }), [locale]);
  const { form, formError, submit } = useApiForm<typeof chargeWalletInput, Values>(chargeWalletInput, {
    prepare,
    defaultValues: { amount: "", gateway: "" },
  });
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors, isSubmitted },
  } = form;
  const typed = useWatch({ control, name: "amount" }) ?? "";
  const chosen = useWatch({ control, name: "gateway" }) ?? "";
  const amount = parseRials(typed, locale);
  const valid = amount !== undefined && Number.isInteger(amount) && amount >= CHARGE_MIN_RIALS && amount <= CHARGE_MAX_RIALS;
  const list = gateways.data ?? [];
  const chosenGateway = list.find((gateway) => gateway.id === chosen);

  // One gateway configured: nothing to choose, so it is chosen.
  useEffect(() => {
    const only = gateways.data?.length === 1 ? gateways.data[0] : undefined;
    if (only && !getValues("gateway")) setValue("gateway", only.id);
  }, [gateways.data, getValues, setValue]);

  // Coming back from the gateway with the Back button restores this page as it was left: usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const grouped = (rials: number) => format.number(rials, "rials");
  const pick = (rials: number) => setValue("amount", grouped(rials), { shouldValidate: isSubmitted, shouldDirty: true });

  const onSubmit = submit(async (input) => {
    try {
      const result = await charge.mutateAsync(input);
      setRedirecting(true);
      window.location.assign(result.redirect_url);
    } catch (error) {
      if (error instanceof ApiError && error.code === "gateway_not_configured") void gateways.refetch();
      throw error;
    }
  });

  const amountRegistration = register("amount", {
    // Written back in the locale's digits and grouping once the person leaves the field.
    onBlur: (event: { target: { value: string } }) => {
      const value = parseRials(event.target.value, locale);
      if (value !== undefined && Number.isInteger(value) && value > 0) setValue("amount", grouped(value));
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <SectionCard
        id="charge-amount"
        title={t("amountTitle")}
        aside={
          balance !== null ? (
            <p className="text-sm text-ink-muted">
              {t("currentBalance")}: <span className="font-semibold text-ink">{money(balance)}</span>
            </p>
          ) : null
        }
      >
        <NumberField
          label={t("amountLabel")}
          spellCheck={false}
          placeholder={grouped(CHARGE_QUICK_PICKS[0])}
          error={fieldMessage(errors.amount?.message)}
          hint={t("amountHint", { min: money(CHARGE_MIN_RIALS), max: money(CHARGE_MAX_RIALS) })}
          {...amountRegistration}
        />
        <p className="-mt-2 min-h-6 text-sm font-semibold text-brand-800" aria-live="polite" data-testid="amount-words">
          {amount !== undefined && Number.isFinite(amount) && amount > 0 ? t("amountWords", { words: money.words(amount) }) : null}
        </p>
        <div role="group" aria-labelledby="charge-quick-title" className="grid gap-2">
          <p id="charge-quick-title" className="text-sm font-medium text-ink">
            {t("quickPicks")}
          </p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {CHARGE_QUICK_PICKS.map((rials) => (
              <button
                key={rials}
                type="button"
                aria-pressed={amount === rials}
                aria-label={money(rials)}
                onClick={() => pick(rials)}
                className={`rounded-lg border px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 ${
                  amount === rials ? "border-brand-600 bg-brand-50 text-brand-800" : "border-surface-line text-ink hover:bg-surface-sunken"
                }`}
              >
                {money.words(rials)}
              </button>
            ))}
          </div>
        </div>
      </SectionCard>

      <SectionCard id="charge-gateway" title={t("gatewayTitle")}>
        {gateways.isPending ? (
          <SkeletonLines lines={2} />
        ) : gateways.isError ? (
          <LoadError message={t("gatewaysError")} onRetry={() => void gateways.refetch()} retrying={gateways.isFetching} />
        ) : list.length === 0 ? (
          <Alert tone="error">{t("noGateways")}</Alert>
        ) : (
          <fieldset className="grid gap-3">
            <legend className="sr-only">{t("gatewayLegend")}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {list.map((gateway) => (
                <GatewayOption
                  key={gateway.id}
                  gateway={gateway}
                  checked={chosen === gateway.id}
                  describedBy={errors.gateway ? `${gatewaysId}-error` : undefined}
                  {...register("gateway")}
                />
              ))}
            </div>
            {errors.gateway ? (
              <p id={`${gatewaysId}-error`} role="alert" className="text-sm text-danger-600">
                {fieldMessage(errors.gateway.message)}
              </p>
            ) : null}
          </fieldset>
        )}
        <Alert tone="info">
          <strong className="font-semibold">{t("ownCardTitle")}</strong> {t("ownCardBody")}
        </Alert>
      </SectionCard>

      <SectionCard id="charge-summary" title={t("summaryTitle")}>
        <dl className="grid gap-2 rounded-lg bg-surface-sunken p-4 text-sm" data-testid="charge-summary">
          <SummaryRow label={t("summaryAmount")}>
            {valid ? (
              <span className="grid justify-items-end gap-0.5 text-end">
                <span className="font-semibold tabular-nums">{money(amount)}</span>
                <span className="text-xs text-ink-muted">{money.words(amount)}</span>
              </span>
            ) : (
              <span className="text-ink-faint">{t("summaryNoAmount")}</span>
            )}
          </SummaryRow>
          <SummaryRow label={t("summaryGateway")}>
            {chosenGateway ? labels.kind(chosenGateway.kind) : <span className="text-ink-faint">{t("summaryNoGateway")}</span>}
          </SummaryRow>
        </dl>
        <p className="text-sm leading-6 text-ink-muted">{t("summaryRedirect")}</p>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div>
          <Button
            type="submit"
            className="w-full sm:w-auto"
            busy={charge.isPending || redirecting}
            disabled={!gateways.isSuccess || list.length === 0}
          >
            {redirecting ? t("redirecting") : charge.isPending ? t("submitting") : t("submit")}
          </Button>
        </div>
      </SectionCard>
      {redirecting ? (
        <p className="sr-only" role="status">
          {t("redirecting")}
        </p>
      ) : null}
    </form>
  );
}

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

/** One gateway as a radio card: the kind's name, a line on what it is, the provider. */
function GatewayOption({
  gateway,
  ...radio
}: { gateway: Gateway; checked: boolean; describedBy: string | undefined } & UseFormRegisterReturn<"gateway">) {
  const labels = useWalletLabels();
  const t = useTranslations("wallet.gateways");
  const provider = labels.gateway(gateway.id);
  return (
    <RadioCard
      id={`gateway-${gateway.id}`}
      title={labels.kind(gateway.kind)}
      body={labels.kindBody(gateway.kind)}
      note={provider && gateway.kind !== "test" ? t("via", { provider }) : null}
      {...radio}
      value={gateway.id}
    />
  );
}
