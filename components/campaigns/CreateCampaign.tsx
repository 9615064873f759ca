"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Checkbox } from "@/components/ui/Checkbox";
import { TextField } from "@/components/ui/Field";
import { parseRials } from "@/components/wallet/amount";
import { useWalletLabels } from "@/components/wallet/labels";
import { LoadError, SkeletonLines } from "@/components/wallet/WalletStates";
import { ApiError } from "@/lib/api/client";
import { useCreateCampaign, useQuote, type Quote } from "@/lib/api/campaigns";
import { useChargeWallet, useGateways, useWallet, type GatewayInfo } from "@/lib/api/wallet";
import {
  clearCampaignDraft,
  draftIdInLocation,
  loadCampaignDraft,
  rememberReturnAfterPayment,
  saveCampaignDraft,
  subscribeNothing,
} from "@/lib/campaigns/draft";
import { parseChannelLink } from "@/lib/campaigns/links";
import { isNetwork, isStrategy, networks, PLATFORM_FEE_RATE, strategies, type Network, type Strategy } from "@/lib/campaigns/pricing";
import { invoiceSettlement } from "@/lib/campaigns/settlement";
import type { CampaignStatus } from "@/lib/campaigns/state-machine";
import { useMoney } from "@/lib/format/money";
import { applyServerErrors } from "@/lib/forms/server-errors";
import { fieldErrorOf } from "@/lib/forms/schema-resolver";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { useRouter } from "@/lib/i18n/navigation";
import {
  CAMPAIGN_BUDGET_MAX,
  CAMPAIGN_BUDGET_MIN,
  campaignInput,
  campaignQuoteInput,
  type CampaignInput,
  type CampaignQuoteInput,
} from "@/lib/schemas/campaigns";
import { CHARGE_MAX_RIALS, CHARGE_MIN_RIALS } from "@/lib/schemas/wallet";
import { ChannelSearch } from "./ChannelSearch";
import { setCampaignFlash } from "./flash";

/** What the form holds: numbers as typed (any digits), the choices as strings. */
type Values = {
  network: Network;
  strategy: Strategy;
  name: string;
  link: string;
  follower_count: string;
  amount: string;
  hours: string;
  percentage: string;
  gateway: string;
  accept_policies: boolean;
};
const FIELDS = [
  "network",
  "strategy",
  "name",
  "link",
  "follower_count",
  "amount",
  "hours",
  "percentage",
  "gateway",
  "accept_policies",
] as const;

const DEFAULT_VALUES: Values = {
  network: "youtube",
  strategy: "smart",
  name: "",
  link: "",
  follower_count: "",
  amount: "",
  hours: "",
  percentage: "",
  gateway: "wallet",
  accept_policies: false,
};

/** Values saved before a trip to a gateway, read back field by field: anything malformed is the default. */
export function restoreValues(saved: Record<string, unknown>): Values {
  const text = (key: keyof Values) => (typeof saved[key] === "string" ? (saved[key] as string) : (DEFAULT_VALUES[key] as string));
  return {
    network: isNetwork(saved.network) ? saved.network : DEFAULT_VALUES.network,
    strategy: isStrategy(saved.strategy) ? saved.strategy : DEFAULT_VALUES.strategy,
    name: text("name"),
    link: text("link"),
    follower_count: text("follower_count"),
    amount: text("amount"),
    hours: text("hours"),
    percentage: text("percentage"),
    gateway: text("gateway"),
    accept_policies: saved.accept_policies === true,
  };
}

/** The request the values make: only what the strategy needs, numbers read in any digits. */
export function toCampaignInput(values: Values, locale: string): CampaignQuoteInput {
  const number = (text: string) => parseRials(text, locale);
  const input: CampaignQuoteInput = {
    name: values.name,
    network: values.network,
    strategy: values.strategy,
    link: values.link,
    follower_count: number(values.follower_count) as number,
    gateway: values.gateway,
  };
  if (values.strategy === "smart") input.amount = number(values.amount);
  if (values.strategy === "monetize" || values.strategy === "watch_time") input.hours = number(values.hours);
  if (values.strategy === "watch_time") input.percentage = number(values.percentage);
  return input;
}

/** The shared schema (its messages are api.validation keys) and the policies checkbox, which the form requires. */
function createResolver(locale: string): Resolver<Values, unknown, CampaignInput> {
  return (values) => {
    const input = toCampaignInput(values, locale);
    const parsed = campaignInput.safeParse({ ...input, accept_policies: values.accept_policies });
    const errors: FieldErrors<Values> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "") as keyof Values;
        if ((FIELDS as readonly string[]).includes(field) && !errors[field]) errors[field] = fieldErrorOf(issue, input);
      }
    }
    if (!values.accept_policies) errors.accept_policies = { type: "required", message: "engagement_policy_required" };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: { ...input, accept_policies: true } as CampaignInput, errors: {} };
  };
}

/** SPEC §2 create campaign: network and strategy, the target, what to buy, how to pay, and the live invoice. */
export function CreateCampaign() {
  const t = useTranslations("campaigns.create");
  const titles = useTranslations("titles");
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <header className="grid gap-1">
        <h1 id="page-title" className="text-2xl font-bold text-ink">
          {titles("createCampaign")}
        </h1>
        <p className="text-sm leading-6 text-ink-muted">{t("intro")}</p>
      </header>
      <RestoredForm />
    </div>
  );
}

/**
 * Back from charging the wallet (?draft=<id>): the form as it was left. The draft is the browser's
 * alone, so the first render (and the server's) is the empty form; the restored one replaces it.
 */
function RestoredForm() {
  const draftId = useSyncExternalStore(subscribeNothing, draftIdInLocation, () => null);
  const saved = useMemo(() => (draftId ? loadCampaignDraft(draftId) : null), [draftId]);
  return (
    <CreateCampaignForm key={draftId ?? "new"} draftId={saved ? draftId : null} initial={saved ? restoreValues(saved) : DEFAULT_VALUES} />
  );
}

function CreateCampaignForm({ draftId, initial }: { draftId: string | null; initial: Values }) {
  const t = useTranslations("campaigns.create");
  const tc = useTranslations("campaigns");
  const tf = useTranslations("forms");
  const locale = useLocale();
  const router = useRouter();
  const fieldMessage = useFieldMessage();
  const labels = useWalletLabels();
  const money = useMoney();
  const wallet = useWallet();
  const gateways = useGateways();
  const create = useCreateCampaign();
  const charge = useChargeWallet();
  const [formError, setFormError] = useState<string | null>(null);
  const [chargeError, setChargeError] = useState(false);

  const [redirecting, setRedirecting] = useState(false);
  const paymentId = useId();

  const resolver = useMemo(() => createResolver(locale), [locale]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<Values, unknown, CampaignInput>({ resolver, defaultValues: initial });
  const values = useWatch({ control }) as Values;
  const { network, strategy } = values;

  // Monetize is sold for YouTube only.
  useEffect(() => {
    if (network !== "youtube" && strategy === "monetize") setValue("strategy", "smart");
  }, [network, strategy, setValue]);

  const quoteInput = toCampaignInput(values, locale);
  const quote = useQuote(quoteInput);
  // A quote for an earlier, valid input is not shown once the form stops parsing.
  const quoteShown = campaignQuoteInput.safeParse(quoteInput).success ? (quote.data ?? null) : null;
  const linkTyped = (values.link ?? "").trim();
  const linkError =
    linkTyped && !parseChannelLink(network, linkTyped).ok ? fieldMessage("link_invalid") : fieldMessage(errors.link?.message);

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const result = await create.mutateAsync(input);
      if (result.redirect_url) {
        setRedirecting(true);
        window.location.assign(result.redirect_url);
        return;
      }
      if (draftId) clearCampaignDraft(draftId);
      setCampaignFlash(result.campaign.id, result.message);
      router.push(`/dashboard/campaigns/view/${result.campaign.id}`);
    } catch (error) {
      const fallback = error instanceof ApiError && error.status === 0 ? tf("networkError") : tf("genericError");
      setFormError(applyServerErrors(error, setError, FIELDS, fallback));
      // The wallet turned out short (spent elsewhere since the quote): a fresh quote shows the ways on.
      if (error instanceof ApiError && error.code === "insufficient_funds") void quote.refetch();
    }
  });

  /** Charges what the wallet lacks (at least the smallest charge), keeping the form to come back to. */
  const chargeDifference = async (gateway: string, amount: number) => {
    setChargeError(false);
    const id = saveCampaignDraft(getValues());
    try {
      const result = await charge.mutateAsync({ amount, gateway });
      if (id) rememberReturnAfterPayment(result.transaction.id, id);
      setRedirecting(true);
      window.location.assign(result.redirect_url);
    } catch {
      if (id) clearCampaignDraft(id);
      setChargeError(true);
    }
  };
  const payByGateway = (gateway: string) => {
    setValue("gateway", gateway, { shouldDirty: true });
    document.getElementById("campaign-payment-title")?.scrollIntoView({ block: "start" });
  };

  const strategyOptions = strategies.filter((value) => value !== "monetize" || network === "youtube");
  const gatewayList = gateways.data ?? [];

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="grid gap-6">
        <Section id="campaign-kind" title={t("kindTitle")}>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-ink">{t("network")}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {networks.map((value) => (
                <RadioCard key={value} checked={network === value} title={tc(`networks.${value}`)} {...register("network")} value={value} />
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-ink">{t("strategy")}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {strategyOptions.map((value) => (
                <RadioCard
                  key={value}
                  checked={strategy === value}
                  title={tc(`strategies.${value}`)}
                  body={t(`strategyBodies.${value}`)}
                  {...register("strategy")}
                  value={value}
                />
              ))}
            </div>
          </fieldset>
        </Section>

        <Section id="campaign-target" title={t("targetTitle")}>
          <TextField label={t("name")} autoComplete="off" error={fieldMessage(errors.name?.message)} {...register("name")} />
          <ChannelSearch
            network={network}
            onPick={(hit) => {
              setValue("link", hit.link, { shouldValidate: true, shouldDirty: true });
              if (hit.subscribers !== null) setValue("follower_count", String(hit.subscribers), { shouldDirty: true });
              if (!values.name) setValue("name", hit.title, { shouldDirty: true });
            }}
          />
          <TextField
            label={t(`link.${network}`)}
            ltr
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder={network === "youtube" ? "https://www.youtube.com/@handle" : "https://www.instagram.com/username"}
            error={linkError}
            {...register("link")}
          />
          <TextField
            label={t("followerCount")}
            ltr
            inputMode="numeric"
            autoComplete="off"
            error={fieldMessage(errors.follower_count?.message)}
            {...register("follower_count")}
          />
        </Section>

        {strategy !== "trial" ? (
          <Section id="campaign-order" title={t("orderTitle")}>
            {strategy === "smart" ? (
              <TextField
                label={t("amount")}
                ltr
                inputMode="numeric"
                autoComplete="off"
                hint={t("amountHint", { min: money(CAMPAIGN_BUDGET_MIN), max: money(CAMPAIGN_BUDGET_MAX) })}
                error={fieldMessage(errors.amount?.message)}
                {...register("amount")}
              />
            ) : null}
            {strategy === "monetize" || strategy === "watch_time" ? (
              <TextField
                label={t("hours")}
                ltr
                inputMode="numeric"
                autoComplete="off"
                error={fieldMessage(errors.hours?.message)}
                {...register("hours")}
              />
            ) : null}
            {strategy === "watch_time" ? (
              <TextField
                label={t("percentage")}
                ltr
                inputMode="numeric"
                autoComplete="off"
                error={fieldMessage(errors.percentage?.message)}
                {...register("percentage")}
              />
            ) : null}
          </Section>
        ) : null}

        <Section id="campaign-payment" title={t("paymentTitle")}>
          {gateways.isPending ? (
            <SkeletonLines lines={2} />
          ) : gateways.isError ? (
            <LoadError message={t("gatewaysError")} onRetry={() => void gateways.refetch()} retrying={gateways.isFetching} />
          ) : (
            <fieldset className="grid gap-3">
              <legend className="sr-only">{t("paymentTitle")}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <RadioCard
                  checked={values.gateway === "wallet"}
                  title={t("payWallet")}
                  body={wallet.data ? t("walletBalance", { balance: money(wallet.data.wallet_balance) }) : undefined}
                  describedBy={errors.gateway ? `${paymentId}-error` : undefined}
                  {...register("gateway")}
                  value="wallet"
                />
                {gatewayList.map((gateway) => (
                  <RadioCard
                    key={gateway.id}
                    checked={values.gateway === gateway.id}
                    title={labels.kind(gateway.kind)}
                    body={labels.kindBody(gateway.kind)}
                    describedBy={errors.gateway ? `${paymentId}-error` : undefined}
                    {...register("gateway")}
                    value={gateway.id}
                  />
                ))}
              </div>
              {errors.gateway ? (
                <p id={`${paymentId}-error`} role="alert" className="text-sm text-danger-600">
                  {fieldMessage(errors.gateway.message)}
                </p>
              ) : null}
            </fieldset>
          )}
        </Section>
      </div>

      <div className="grid gap-4 lg:sticky lg:top-4">
        <Invoice quote={quoteShown} loading={quote.isFetching} failed={quote.isError} strategy={strategy} />
        <section className="grid gap-4 rounded-card bg-surface p-5 shadow-card">
          {draftId ? <Alert tone="success">{t("short.restored")}</Alert> : null}
          {values.gateway === "wallet" && strategy !== "trial" && quoteShown && quoteShown.remaining > 0 ? (
            <ShortWallet
              quote={quoteShown}
              gateways={gatewayList}
              busy={charge.isPending || redirecting}
              failed={chargeError}
              onCharge={(gateway, amount) => void chargeDifference(gateway, amount)}
              onPayByGateway={payByGateway}
            />
          ) : null}
          <Checkbox label={t("policies")} error={fieldMessage(errors.accept_policies?.message)} {...register("accept_policies")} />
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <Button type="submit" busy={create.isPending || redirecting} className="w-full">
            {redirecting ? t("redirecting") : strategy === "trial" ? t("submitFree") : t("submit")}
          </Button>
        </section>
      </div>
    </form>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-card bg-surface p-5 shadow-card sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

type RadioProps = {
  checked: boolean;
  title: string;
  body?: string | undefined;
  describedBy?: string | undefined;
  name: string;
  value: string;
  onChange: (event: { target: unknown; type?: unknown }) => unknown;
  onBlur: (event: { target: unknown; type?: unknown }) => unknown;
  ref: (instance: HTMLInputElement | null) => void;
};

/** A radio input drawn as a card. */
function RadioCard({ checked, title, body, describedBy, ref, ...radio }: RadioProps) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 ${
        checked ? "border-brand-600 bg-brand-50" : "border-surface-line hover:bg-surface-sunken"
      }`}
    >
      <input id={id} ref={ref} type="radio" aria-describedby={describedBy} className="mt-1 h-4 w-4 shrink-0 accent-brand-600" {...radio} />
      <span className="grid gap-0.5">
        <span className="font-semibold text-ink">{title}</span>
        {body ? <span className="text-sm leading-6 text-ink-muted">{body}</span> : null}
      </span>
    </label>
  );
}

/**
 * The wallet does not cover the total (item 6 of issue 14): the two ways on, right above the confirm
 * button — charge exactly what is missing (at least the smallest charge) through a gateway and come
 * back to this form as it is, or pay the whole total through a gateway instead.
 */
export function ShortWallet({
  quote,
  gateways,
  busy,
  failed,
  onCharge,
  onPayByGateway,
}: {
  quote: Quote;
  gateways: readonly GatewayInfo[];
  busy: boolean;
  failed: boolean;
  onCharge: (gateway: string, amount: number) => void;
  onPayByGateway: (gateway: string) => void;
}) {
  const t = useTranslations("campaigns.create.short");
  const money = useMoney();
  const labels = useWalletLabels();
  const missing = quote.remaining;
  const chargeAmount = Math.max(missing, CHARGE_MIN_RIALS);
  const canCharge = chargeAmount <= CHARGE_MAX_RIALS;
  return (
    <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm" data-testid="short-wallet" role="status">
      <p className="font-semibold text-ink">{t("title", { missing: money(missing) })}</p>
      <p className="leading-6 text-ink-muted">{t("body", { balance: money(quote.wallet_covers), total: money(quote.total) })}</p>
      {gateways.length === 0 ? <p className="leading-6 text-ink-muted">{t("noGateway")}</p> : null}
      {gateways.map((gateway) => (
        <div key={gateway.id} className="grid gap-2">
          {canCharge ? (
            <Button type="button" busy={busy} onClick={() => onCharge(gateway.id, chargeAmount)}>
              {t("charge", { amount: money(chargeAmount), gateway: labels.kind(gateway.kind) })}
            </Button>
          ) : null}
          <Button type="button" variant="secondary" disabled={busy} onClick={() => onPayByGateway(gateway.id)}>
            {t("payByGateway", { total: money(quote.total), gateway: labels.kind(gateway.kind) })}
          </Button>
        </div>
      ))}
      {canCharge && chargeAmount > missing ? (
        <p className="leading-6 text-ink-muted">{t("chargeMinimum", { min: money(CHARGE_MIN_RIALS) })}</p>
      ) : null}
      {failed ? <Alert tone="error">{t("chargeFailed")}</Alert> : null}
    </div>
  );
}

/**
 * The invoice: one line per metric (min–max, unit price, amount), then subtotal, fee, total and what
 * the wallet covers. A created campaign's invoice (given its `status`) says how it stands instead:
 * what the wallet covered was true when it was created, not after a later payment.
 */
export function Invoice({
  quote,
  loading = false,
  failed = false,
  status,
  strategy,
}: {
  quote: Quote | null;
  loading?: boolean;
  failed?: boolean;
  status?: CampaignStatus;
  strategy?: Strategy;
}) {
  const t = useTranslations("campaigns.invoice");
  const locale = useLocale();
  const metric = useMetricLabel();
  const money = useMoney();
  const count = useCount();
  const rate = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(PLATFORM_FEE_RATE);
  return (
    <section
      aria-labelledby="invoice-title"
      className="grid gap-3 rounded-card bg-surface p-5 shadow-card"
      aria-busy={loading || undefined}
    >
      <h2 id="invoice-title" className="text-lg font-bold text-ink">
        {t("title")}
      </h2>
      {!quote ? (
        <p className="text-sm leading-6 text-ink-muted">{failed ? t("failed") : t("empty")}</p>
      ) : (
        <>
          <ul className="grid gap-2 text-sm" data-testid="invoice-lines">
            {quote.lines.map((line) => (
              <li key={line.metric} className="grid gap-0.5 border-b border-surface-line pb-2 last:border-b-0">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="font-semibold text-ink">{metric(line.metric)}</span>
                  <span className="tabular-nums text-ink">{money(line.amount)}</span>
                </div>
                <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs text-ink-muted">
                  <span>{line.min === line.max ? count(line.max) : t("range", { min: count(line.min), max: count(line.max) })}</span>
                  <span>{t("unitPrice", { price: money(line.unit_price) })}</span>
                </div>
              </li>
            ))}
          </ul>
          <dl className="grid gap-1.5 rounded-lg bg-surface-sunken p-3 text-sm" data-testid="invoice-totals">
            <Row label={t("subtotal")}>{money(quote.subtotal)}</Row>
            <Row label={t("fee", { rate })}>{money(quote.fee)}</Row>
            <Row label={t("total")} strong>
              <span data-testid="invoice-total">{money(quote.total)}</span>
            </Row>
            {status ? (
              <Row label={t("payment")}>
                <span data-testid="invoice-settlement">{t(`settlement.${invoiceSettlement(status, quote.total)}`)}</span>
              </Row>
            ) : (
              <>
                <Row label={t("walletCovers")}>{money(quote.wallet_covers)}</Row>
                <Row label={t("remaining")}>{money(quote.remaining)}</Row>
              </>
            )}
          </dl>
          {!status && quote.total > 0 ? (
            <p className="text-sm font-semibold leading-6 text-ink" data-testid="invoice-summary">
              {t("summary", { total: money(quote.total), budget: money(quote.subtotal), fee: money(quote.fee) })}
            </p>
          ) : null}
          {quote.total > 0 ? (
            <p className="text-xs leading-5 text-ink-muted">{strategy === "smart" ? t("ruleSmart", { rate }) : t("rule", { rate })}</p>
          ) : null}
        </>
      )}
    </section>
  );
}

function Row({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className={`flex flex-wrap items-baseline justify-between gap-x-3 ${strong ? "font-bold text-ink" : ""}`}>
      <dt className={strong ? "" : "text-ink-muted"}>{label}</dt>
      <dd className="tabular-nums text-ink">{children}</dd>
    </div>
  );
}

export function useMetricLabel() {
  const t = useTranslations("campaigns.metrics");
  return (code: string) => (t.has(code as never) ? t(code as never) : code.replaceAll("_", " "));
}

function useCount() {
  const locale = useLocale();
  return (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}
