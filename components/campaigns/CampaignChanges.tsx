"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { NumberField } from "@/components/ui/Field";
import { InlineForm } from "@/components/ui/FormActions";
import { NextStep, SectionCard } from "@/components/ui/FormCard";
import { ApiError } from "@/lib/api/client";
import { useChangeCampaignEnd, useTopUpCampaign, type Campaign, type CampaignTopUp } from "@/lib/api/campaigns";
import { useWallet } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { parseRials } from "@/lib/format/rials";
import { useApiForm } from "@/lib/forms/use-api-form";
import { CAMPAIGN_BUDGET_MAX, CAMPAIGN_BUDGET_MIN, campaignEndInput, campaignTopUpInput } from "@/lib/schemas/campaigns";
import { tehranDay } from "@/lib/time/tehran";
import { DayField, useDay } from "./DayField";
import { PLATFORM_FEE_RATE } from "@/lib/campaigns/pricing";
import { useMetricLabel } from "./Invoice";
import { PaymentChoice } from "./PaymentChoice";
import { OpenButton, useOpener } from "./opener";
import { useRialsRewrite } from "./shared";

/** Whether a campaign may be changed while it runs: its end date moved, and a Smart one topped up. */
export const changeable = (campaign: Campaign) => campaign.status === "active" || campaign.status === "paused";

/**
 * Issue 32, changing a running campaign (active or paused, its owner): move its end to another Tehran
 * day, and top up a Smart one from the wallet. Nothing is shown for a campaign that is not running.
 */
export function CampaignChanges({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("campaigns.changes");
  if (!changeable(campaign)) return null;
  return (
    <SectionCard id="campaign-changes" title={t("title")}>
      <EndDate campaign={campaign} />
      {campaign.strategy === "smart" ? <TopUp campaign={campaign} /> : null}
    </SectionCard>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 border-t border-surface-line pt-4 first-of-type:border-t-0 first-of-type:pt-0"
    >
      <h3 id={`${id}-title`} className="text-base font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** PUT campaigns/{id}/ends-at: its last day, today up to a year ahead (the server says so under the field otherwise). */
function EndDate({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("campaigns.endDate");
  const day = useDay();
  const opener = useOpener();
  const [done, setDone] = useState<string | null>(null);
  const current = campaign.ends_at ? tehranDay(new Date(campaign.ends_at)) : null;
  return (
    <Part id="campaign-end" title={t("title")}>
      <p className="text-sm leading-6 text-ink" data-testid="campaign-end">
        {current ? t.rich("current", { date: day(current), time: (chunks) => <time dateTime={current}>{chunks}</time> }) : t("none")}
      </p>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {opener.open ? (
        <EndDateForm
          campaign={campaign}
          current={current}
          onDone={(message) => {
            if (message) setDone(message);
            opener.close();
          }}
        />
      ) : (
        <div>
          <OpenButton opener={opener} onOpen={() => setDone(null)}>
            {t("open")}
          </OpenButton>
        </div>
      )}
    </Part>
  );
}

function EndDateForm({
  campaign,
  current,
  onDone,
}: {
  campaign: Campaign;
  current: string | null;
  onDone: (message: string | null) => void;
}) {
  const t = useTranslations("campaigns.endDate");
  const change = useChangeCampaignEnd(campaign.id);
  const { form, fieldError, formError, submit } = useApiForm(campaignEndInput, { defaultValues: { ends_at: current ?? "" } });
  const { register, control, setFocus } = form;
  const picked = useWatch({ control, name: "ends_at" });
  useEffect(() => setFocus("ends_at"), [setFocus]);
  return (
    <InlineForm
      label={t("formLabel")}
      onSubmit={submit(async ({ ends_at }) => onDone((await change.mutateAsync(ends_at)).message))}
      error={formError}
      send={t("save")}
      cancel={t("cancel")}
      busy={change.isPending}
      onCancel={() => onDone(null)}
    >
      <DayField label={t("label")} day={picked} required error={fieldError(form.formState.errors.ends_at)} {...register("ends_at")} />
    </InlineForm>
  );
}

/** What the top-up form holds: the amount as typed, in any digits and with separators. */
type TopUpValues = { amount: string; gateway: string };

/**
 * POST campaigns/{id}/top-up: Rials from the wallet (the service fee inside, as at creation), bought at the
 * campaign's own prices; then what it added and the new campaign total.
 */
function TopUp({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("campaigns.topUp");
  const opener = useOpener();
  const [result, setResult] = useState<CampaignTopUp | null>(null);
  return (
    <Part id="campaign-top-up" title={t("title")}>
      <p className="text-sm leading-6 text-ink-muted">{t("intro")}</p>
      {result ? <TopUpDone result={result} /> : null}
      {opener.open ? (
        <TopUpForm
          campaign={campaign}
          onDone={(done) => {
            if (done) setResult(done);
            opener.close();
          }}
        />
      ) : (
        <div>
          <OpenButton opener={opener} onOpen={() => setResult(null)}>
            {t("open")}
          </OpenButton>
        </div>
      )}
    </Part>
  );
}

/** The amount, with the wallet's balance beside its bounds; a short wallet (403 insufficient_funds) leads to charging it. */
function TopUpForm({ campaign, onDone }: { campaign: Campaign; onDone: (result: CampaignTopUp | null) => void }) {
  const t = useTranslations("campaigns.topUp");
  const tc = useTranslations("campaigns");
  const locale = useLocale();
  const money = useMoney();
  const wallet = useWallet();
  const topUp = useTopUpCampaign(campaign.id);
  const [short, setShort] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const prepare = useCallback((values: TopUpValues) => ({ amount: parseRials(values.amount, locale), gateway: values.gateway }), [locale]);
  const { form, fieldError, formError, submit } = useApiForm<typeof campaignTopUpInput, TopUpValues>(campaignTopUpInput, {
    prepare,
    fields: ["amount", "gateway"],
    defaultValues: { amount: "", gateway: "wallet" },
  });
  const { register, setFocus, setValue, control } = form;
  const gateway = useWatch({ control, name: "gateway" });
  useEffect(() => setFocus("amount"), [setFocus]);
  const balance = wallet.data?.wallet_balance;
  const registration = register(
    "amount",
    useRialsRewrite((text) => setValue("amount", text)),
  );

  return (
    <InlineForm
      label={t("formLabel")}
      onSubmit={submit(async (input) => {
        setShort(false);
        try {
          const done = await topUp.mutateAsync(input);
          // Through a gateway: paid there, the campaign grows once the gateway says so.
          if (done.redirect_url) {
            setRedirecting(true);
            window.location.assign(done.redirect_url);
            return;
          }
          onDone(done);
        } catch (error) {
          if (error instanceof ApiError && error.code === "insufficient_funds") setShort(true);
          throw error;
        }
      })}
      error={formError}
      send={gateway === "wallet" ? t("send") : t("sendGateway")}
      cancel={t("cancel")}
      busy={topUp.isPending || redirecting}
      onCancel={() => onDone(null)}
    >
      <NumberField
        label={t("amount")}
        spellCheck={false}
        hint={
          <>
            {tc("create.amountHint", { min: money(CAMPAIGN_BUDGET_MIN), max: money(CAMPAIGN_BUDGET_MAX) })}
            {typeof balance === "number" ? <> {tc("create.walletBalance", { balance: money(balance) })}</> : null}
          </>
        }
        error={fieldError(form.formState.errors.amount)}
        {...registration}
      />
      <PaymentChoice chosen={gateway} error={form.formState.errors.gateway} registration={register("gateway")} />
      {short ? (
        <NextStep bare body={t("short")} link={{ href: "/dashboard/wallet/charge_wallet", label: t("charge") }} testId="top-up-short" />
      ) : null}
    </InlineForm>
  );
}

/** The server's sentence, what the top-up bought (the added quote's lines), what it cost and the campaign's new total. */
function TopUpDone({ result }: { result: CampaignTopUp }) {
  const t = useTranslations("campaigns.topUp");
  const ti = useTranslations("campaigns.invoice");
  const format = useFormatter();
  const money = useMoney();
  const metric = useMetricLabel();
  const lines = result.added.lines.filter((line) => line.max > 0);
  return (
    <Alert tone="success">
      <div className="grid gap-2" data-testid="top-up-done">
        <p className="font-semibold">{result.message}</p>
        <h4 className="text-sm font-semibold">{t("added")}</h4>
        <ul className="grid gap-1">
          {lines.map((line) => (
            <li key={line.metric} className="flex flex-wrap justify-between gap-x-3">
              <span>{metric(line.metric)}</span>
              <bdi dir="ltr" className="tabular-nums">
                {format.number(line.max, { signDisplay: "always" })}
              </bdi>
            </li>
          ))}
        </ul>
        <dl className="grid gap-1">
          {(
            [
              [ti("subtotal"), money(result.added.subtotal)],
              [ti("fee", { rate: format.number(PLATFORM_FEE_RATE, "rate") }), money(result.added.fee)],
              [t("paid"), money(result.added.total)],
              [t("newBudget"), money(result.campaign.budget)],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-3">
              <dt>{label}</dt>
              <dd className="tabular-nums font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Alert>
  );
}
