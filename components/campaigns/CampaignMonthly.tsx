"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { NumberField } from "@/components/ui/Field";
import { InlineForm } from "@/components/ui/FormActions";
import { NextStep, SectionCard } from "@/components/ui/FormCard";
import { ApiError } from "@/lib/api/client";
import { useSetMonthlyBudget, type Campaign } from "@/lib/api/campaigns";
import { useWallet } from "@/lib/api/payments";
import { useMoney } from "@/lib/format/money";
import { parseRials } from "@/lib/format/rials";
import { useApiForm, useFailureText } from "@/lib/forms/use-api-form";
import { campaignMonthlyInput } from "@/lib/schemas/campaigns";
import { renewsOn } from "@/lib/campaigns/monthly";
import { tehranDay, tehranMonthOf } from "@/lib/time/tehran";
import { changeable } from "./CampaignChanges";
import { useDay } from "./DayField";
import { OpenButton, useOpener } from "./opener";
import { useRialsRewrite } from "./shared";

/** Where a short wallet is charged. */
const CHARGE_WALLET = "/dashboard/wallet/charge_wallet";

type Monthly = NonNullable<Campaign["monthly"]>;

/**
 * A day in the middle of a Tehran month ("1405-09", Solar Hijri) at UTC midnight, for naming the month:
 * Farvardin starts on 20 or 21 March, the first six months have 31 days and the next five 30, so the
 * 15th is never more than a day or two off and always inside the month.
 */
export function dayInTehranMonth(month: string): Date {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const offset = (number <= 6 ? (number - 1) * 31 : 186 + (number - 7) * 30) + 14;
  return new Date(Date.UTC(year + 621, 2, 21 + offset));
}

/** A Tehran month as the locale names it: «آذر ۱۴۰۵», "Azar 1405" (the Solar Hijri month the budget runs by). */
function useTehranMonth() {
  const t = useTranslations("campaigns.monthly");
  const format = useFormatter();
  return (month: string) =>
    t("monthName", {
      month: format.dateTime(dayInTehranMonth(month), "tehranMonth"),
      year: format.number(Number(month.slice(0, 4)), "year"),
    });
}

/**
 * Issue 32, a Smart campaign run month by month: SPEC §3's minimum monthly cost and this month's budget (set
 * for tasks, spent, left), the month it is for and the day the next is charged; a pause for a short wallet
 * with the way to charge it; and, for its owner while it runs, a form to set or change the monthly budget
 * and a button to stop renewing. Nothing for a campaign of another strategy, nor for one that has ended
 * (completed, settled or rejected) without a month of its own to show.
 */
export function CampaignMonthly({ campaign }: { campaign: Campaign }) {
  if (campaign.strategy !== "smart") return null;
  if (campaign.monthly === null && (campaign.status === "completed" || campaign.status === "paid" || campaign.status === "rejected"))
    return null;
  return <MonthlyCard campaign={campaign} />;
}

function MonthlyCard({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("campaigns.monthly");
  const money = useMoney();
  const failureText = useFailureText();
  const setMonthly = useSetMonthlyBudget(campaign.id);
  const opener = useOpener();
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const monthly = campaign.monthly;
  const running = changeable(campaign);

  const closed = (text: string | null) => {
    if (text) setMessage({ tone: "success", text });
    opener.close();
  };
  const stop = async () => {
    setMessage(null);
    try {
      setMessage({ tone: "success", text: (await setMonthly.mutateAsync(null)).message });
    } catch (error) {
      setMessage({ tone: "error", text: failureText(error) });
    }
  };

  return (
    <SectionCard id="campaign-monthly" title={t("title")}>
      <div className="grid gap-4 text-sm" data-testid="campaign-monthly">
        <p className="max-w-prose leading-6 text-ink-muted">{t("intro")}</p>
        {campaign.minimum_monthly_cost !== null ? (
          <Figures testId="monthly-minimum" rows={[[t("minimum"), money(campaign.minimum_monthly_cost)]]} note={t("minimumHint")} />
        ) : null}
        {monthly?.paused_short && running ? (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-3" role="status">
            <NextStep bare body={t("pausedShort")} link={{ href: CHARGE_WALLET, label: t("charge") }} testId="monthly-paused-short" />
          </div>
        ) : null}
        {monthly ? <ThisMonth monthly={monthly} running={running} /> : <p className="leading-6 text-ink">{t("none")}</p>}
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {running ? (
        opener.open ? (
          <MonthlyForm campaign={campaign} onDone={closed} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <OpenButton opener={opener} onOpen={() => setMessage(null)}>
              {monthly?.amount ? t("change") : t("start")}
            </OpenButton>
            {monthly?.amount ? (
              <Button
                type="button"
                variant="secondary"
                className="w-full sm:w-auto"
                busy={setMonthly.isPending}
                onClick={() => void stop()}
              >
                {t("stop")}
              </Button>
            ) : null}
          </div>
        )
      ) : null}
    </SectionCard>
  );
}

/** Labels and figures side by side, the labels wrapping on a phone rather than pushing the figures off it. */
function Figures({ rows, note, testId }: { rows: readonly (readonly [string, ReactNode])[]; note?: string; testId: string }) {
  return (
    <div className="grid gap-1 sm:max-w-md">
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2" data-testid={testId}>
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="text-end font-semibold tabular-nums text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {note ? <p className="text-xs leading-5 text-ink-muted">{note}</p> : null}
    </div>
  );
}

/** This month's budget: the month it is for, what is charged each month, set for tasks, spent and left, and when the next is charged. */
function ThisMonth({ monthly, running }: { monthly: Monthly; running: boolean }) {
  const t = useTranslations("campaigns.monthly");
  const money = useMoney();
  const day = useDay();
  const monthName = useTehranMonth();
  return (
    <section aria-labelledby="campaign-monthly-this-title" className="grid gap-3 border-t border-surface-line pt-4">
      <h3 id="campaign-monthly-this-title" className="text-base font-semibold text-ink">
        {t("thisMonth")}
      </h3>
      <Figures
        testId="monthly-this-month"
        rows={[
          [t("month"), <span key="month">{monthName(monthly.month)}</span>],
          [t("amount"), monthly.amount === null ? t("notRenewed") : money(monthly.amount)],
          [t("set"), money(monthly.for_tasks)],
          [t("spent"), money(monthly.spent)],
          [t("left"), money(monthly.left)],
        ]}
      />
      {running && monthly.amount !== null && monthly.renews_on !== null ? (
        <p className="leading-6 text-ink" data-testid="monthly-renews">
          {t.rich("renewsOn", {
            amount: money(monthly.amount),
            date: day(monthly.renews_on),
            time: (chunks) => <time dateTime={monthly.renews_on ?? undefined}>{chunks}</time>,
          })}
        </p>
      ) : running ? (
        <p className="leading-6 text-ink" data-testid="monthly-ends">
          {t("endsWithMonth")}
        </p>
      ) : null}
    </section>
  );
}

/** What the form holds: the amount as typed, in any digits and with separators. */
type Values = { amount: string };

/**
 * The monthly budget, at least the minimum monthly cost (the server's 422 goes under the field), with the
 * wallet's balance and when it is charged; a short wallet (403 insufficient_funds) leads to charging it.
 */
function MonthlyForm({ campaign, onDone }: { campaign: Campaign; onDone: (message: string | null) => void }) {
  const t = useTranslations("campaigns.monthly");
  const tc = useTranslations("campaigns");
  const locale = useLocale();
  const format = useFormatter();
  const money = useMoney();
  const day = useDay();
  const wallet = useWallet();
  const setMonthly = useSetMonthlyBudget(campaign.id);
  const [short, setShort] = useState(false);
  const monthly = campaign.monthly;
  const prepare = useCallback((values: Values) => ({ amount: parseRials(values.amount, locale) }), [locale]);
  const { form, fieldError, formError, submit } = useApiForm<typeof campaignMonthlyInput, Values>(campaignMonthlyInput, {
    prepare,
    fields: ["amount"],
    defaultValues: { amount: monthly?.amount ? format.number(monthly.amount, "rials") : "" },
  });
  const { register, setFocus, setValue } = form;
  useEffect(() => setFocus("amount"), [setFocus]);
  const balance = wallet.data?.wallet_balance;
  // This month already has its budget: a new amount is charged from the next month on.
  const chargedNow = !monthly || monthly.month < tehranMonthOf(tehranDay(new Date()));
  const registration = register(
    "amount",
    useRialsRewrite((text) => setValue("amount", text)),
  );

  return (
    <InlineForm
      label={t("formLabel")}
      onSubmit={submit(async ({ amount }) => {
        setShort(false);
        try {
          onDone((await setMonthly.mutateAsync(amount)).message);
        } catch (error) {
          if (error instanceof ApiError && error.code === "insufficient_funds") setShort(true);
          throw error;
        }
      })}
      error={formError}
      send={t("save")}
      cancel={t("cancel")}
      busy={setMonthly.isPending}
      onCancel={() => onDone(null)}
    >
      <NumberField
        label={t("amountField")}
        spellCheck={false}
        hint={
          <>
            {campaign.minimum_monthly_cost !== null ? t("amountHint", { min: money(campaign.minimum_monthly_cost) }) : null}{" "}
            {chargedNow ? t("chargedNow") : t("fromNextMonth", { date: day(renewsOn(new Date())) })}
            {typeof balance === "number" ? <> {tc("create.walletBalance", { balance: money(balance) })}</> : null}
          </>
        }
        error={fieldError(form.formState.errors.amount)}
        {...registration}
      />
      {short ? <NextStep bare body={t("short")} link={{ href: CHARGE_WALLET, label: t("charge") }} testId="monthly-short" /> : null}
    </InlineForm>
  );
}
