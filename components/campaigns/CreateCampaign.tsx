"use client";
import { PanelPage } from "@/components/ui/PageHeader";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Checkbox } from "@/components/ui/Checkbox";
import { NumberField, TextField } from "@/components/ui/Field";
import { PaceFields } from "./CampaignPace";
import { SectionCard } from "@/components/ui/FormCard";
import { RadioCard } from "@/components/ui/RadioCard";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { isWellFormedId } from "@/lib/format/ids";
import { ApiError } from "@/lib/api/client";
import { useCampaign, useCreateCampaign, useQuote } from "@/lib/api/campaigns";
import { useChargeWallet, useGateways } from "@/lib/api/payments";
import {
  clearCampaignDraft,
  draftIdInLocation,
  loadCampaignDraft,
  rememberReturnAfterPayment,
  saveCampaignDraft,
  subscribeNothing,
} from "@/lib/campaigns/draft";
import { parseChannelLink } from "@/lib/campaigns/links";
import { networks, strategies, type Strategy } from "@/lib/campaigns/pricing";
import { useApiForm } from "@/lib/forms/use-api-form";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { useMoney } from "@/lib/format/money";
import { useRouter } from "@/lib/i18n/navigation";
import { CAMPAIGN_BUDGET_MAX, CAMPAIGN_BUDGET_MIN, campaignInput, campaignQuoteInput, strategyFigures } from "@/lib/schemas/campaigns";
import { ChannelSearch } from "./ChannelSearch";
import { createResolver, DEFAULT_VALUES, FIELDS, restoreValues, toCampaignInput, valuesFromCampaign, type Values } from "./create-values";
import { setCampaignFlash } from "./flash";
import { Invoice } from "./Invoice";
import { PaymentChoice } from "./PaymentChoice";
import { ShortWallet } from "./ShortWallet";

/** SPEC §2 create campaign: network and strategy, the target, what to buy, how to pay, and the live invoice. */
export function CreateCampaign() {
  const t = useTranslations("campaigns.create");
  const titles = useTranslations("titles");
  return (
    <PanelPage width="max-w-5xl" title={titles("createCampaign")} intro={t("intro")}>
      <RestoredForm />
    </PanelPage>
  );
}

/**
 * Back from charging the wallet (?draft=<id>): the form as it was left. The draft is the browser's
 * alone, so the first render (and the server's) is the empty form; the restored one replaces it.
 */
function RestoredForm() {
  const draftId = useSyncExternalStore(subscribeNothing, draftIdInLocation, () => null);
  const fromId = useSyncExternalStore(subscribeNothing, fromIdInLocation, () => null);
  const saved = useMemo(() => (draftId ? loadCampaignDraft(draftId) : null), [draftId]);
  if (!saved && fromId) return <FromCampaign id={fromId} />;
  return (
    <CreateCampaignForm key={draftId ?? "new"} draftId={saved ? draftId : null} initial={saved ? restoreValues(saved) : DEFAULT_VALUES} />
  );
}

/** "Run again" (?from=<id>, a well-formed id): the campaign named in the address, when it is the caller's. */
function fromIdInLocation(): string | null {
  if (typeof window === "undefined") return null;
  const id = new URLSearchParams(window.location.search).get("from");
  return id && isWellFormedId(id) ? id : null;
}

/**
 * "Run again": the form filled in from one of the caller's campaigns (create-values.ts valuesFromCampaign),
 * saying so; when it cannot be read (not theirs, gone, no answer), the empty form and why.
 */
function FromCampaign({ id }: { id: string }) {
  const t = useTranslations("campaigns.create");
  const format = useFormatter();
  const query = useCampaign(id);
  if (query.isPending) return <SkeletonLines lines={6} />;
  const campaign = query.data;
  return (
    <div className="grid gap-4">
      {campaign ? (
        <Alert tone="success">
          <span data-testid="create-from-campaign">
            {t.rich("fromCampaign", { name: campaign.name, bdi: (name) => <bdi>{name}</bdi> })}
          </span>
        </Alert>
      ) : (
        <Alert tone="error">{t("fromFailed")}</Alert>
      )}
      <CreateCampaignForm
        key={campaign ? `from:${id}` : "new"}
        draftId={null}
        initial={campaign ? valuesFromCampaign(campaign, (value) => format.number(value, "rials")) : DEFAULT_VALUES}
      />
    </div>
  );
}

function CreateCampaignForm({ draftId, initial }: { draftId: string | null; initial: Values }) {
  const t = useTranslations("campaigns.create");
  const tc = useTranslations("campaigns");
  const locale = useLocale();
  const router = useRouter();
  const fieldMessage = useFieldMessage();
  const money = useMoney();
  const gateways = useGateways();
  const create = useCreateCampaign();
  const charge = useChargeWallet();
  const [chargeError, setChargeError] = useState(false);
  const [redirecting, setRedirecting] = useState(false);

  const resolver = useMemo(() => createResolver(locale), [locale]);
  // The form sends its input as typed (createResolver), with the policies checkbox it requires.
  const { form, formError, submit } = useApiForm<typeof campaignInput, Values>(campaignInput, {
    resolver,
    fields: FIELDS,
    defaultValues: initial,
  });
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = form;
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

  const onSubmit = submit(async (input) => {
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
      // The wallet turned out short (spent elsewhere since the quote): a fresh quote shows the ways on.
      if (error instanceof ApiError && error.code === "insufficient_funds") void quote.refetch();
      throw error;
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

  // What the strategy asks for (smart an amount, monetize hours, watch time hours and a percentage), in that order.
  const figures = strategyFigures[strategy];
  // units (one action by the number) is bought through the API only.
  const strategyOptions = strategies.filter(
    (value): value is Exclude<Strategy, "units"> => value !== "units" && (value !== "monetize" || network === "youtube"),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="grid gap-6">
        <SectionCard id="campaign-kind" title={t("kindTitle")}>
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
        </SectionCard>

        <SectionCard id="campaign-target" title={t("targetTitle")}>
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
          <NumberField label={t("followerCount")} error={fieldMessage(errors.follower_count?.message)} {...register("follower_count")} />
        </SectionCard>

        {figures.length > 0 ? (
          <SectionCard id="campaign-order" title={t("orderTitle")}>
            {figures.map((figure) => (
              <NumberField
                key={figure}
                label={t(figure)}
                hint={
                  figure === "amount" ? t("amountHint", { min: money(CAMPAIGN_BUDGET_MIN), max: money(CAMPAIGN_BUDGET_MAX) }) : undefined
                }
                error={fieldMessage(errors[figure]?.message)}
                {...register(figure)}
              />
            ))}
          </SectionCard>
        ) : null}

        <SectionCard id="campaign-pace-choice" title={t("paceTitle")}>
          <PaceFields register={register} error={(name) => fieldMessage(errors[name]?.message)} startsOn={values.starts_on} />
        </SectionCard>

        <SectionCard id="campaign-payment" title={t("paymentTitle")}>
          <PaymentChoice chosen={values.gateway} error={errors.gateway} registration={register("gateway")} />
        </SectionCard>
      </div>

      <div className="grid gap-4 lg:sticky lg:top-4">
        <Invoice quote={quoteShown} loading={quote.isFetching} failed={quote.isError} strategy={strategy} />
        <section className="grid gap-4 rounded-card bg-surface p-5 shadow-card">
          {draftId ? <Alert tone="success">{t("short.restored")}</Alert> : null}
          {values.gateway === "wallet" && strategy !== "trial" && quoteShown && quoteShown.remaining > 0 ? (
            <ShortWallet
              quote={quoteShown}
              gateways={gateways.data ?? []}
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
