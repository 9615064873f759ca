"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { NumberField, SelectField } from "@/components/ui/Field";
import { InlineForm } from "@/components/ui/FormActions";
import { SectionCard } from "@/components/ui/FormCard";
import { useSetCampaignPace, type Campaign } from "@/lib/api/campaigns";
import { parseRials } from "@/lib/format/rials";
import { useApiForm, useFailureText } from "@/lib/forms/use-api-form";
import { campaignPaceInput, type CampaignPaceInput } from "@/lib/schemas/campaigns";
import type { CampaignStatus } from "@/lib/schemas/enums";
import { tehranDay } from "@/lib/time/tehran";
import { DayField, useDay } from "./DayField";
import { OpenButton, useOpener } from "./opener";

/** Statuses whose pace its owner may change: any before the campaign ends (PUT campaigns/{id}/pace). */
const PACEABLE: readonly CampaignStatus[] = ["awaiting_payment", "awaiting_review", "active", "paused"];

type Pace = NonNullable<Campaign["pace"]>;
/** What the form holds: numbers as typed (any digits), hours as the drop-downs' values, the day as the date control gives it; "" is none. */
type Values = Record<keyof Pace, string>;
const FIELDS = ["per_day", "per_hour", "hours_from", "hours_to", "starts_on"] as const satisfies readonly (keyof Values)[];
const NO_PACE: CampaignPaceInput = { per_day: null, per_hour: null, hours_from: null, hours_to: null, starts_on: null };

const valuesOf = (pace: Campaign["pace"]): Values => ({
  per_day: pace?.per_day?.toString() ?? "",
  per_hour: pace?.per_hour?.toString() ?? "",
  hours_from: pace?.hours_from?.toString() ?? "",
  hours_to: pace?.hours_to?.toString() ?? "",
  starts_on: pace?.starts_on ?? "",
});

/** A Tehran hour of the day (0–24) as the locale writes a time: «۰۹:۰۰», "09:00". */
function useHour() {
  const format = useFormatter();
  return (hour: number) => `${format.number(hour, { minimumIntegerDigits: 2 })}:${format.number(0, { minimumIntegerDigits: 2 })}`;
}

/**
 * Issue 32, pacing: how fast the campaign may be delivered (units a day and an hour, active hours in Tehran
 * time, a start day) or "as fast as boosters take it", the day it finishes at that pace, and, for its owner
 * before it ends, a form to change the pace or remove it.
 */
export function CampaignPace({ campaign }: { campaign: Campaign }) {
  const t = useTranslations("campaigns.pace");
  const format = useFormatter();
  const day = useDay();
  const hour = useHour();
  const failureText = useFailureText();
  const setPace = useSetCampaignPace(campaign.id);
  const opener = useOpener();
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const editable = PACEABLE.includes(campaign.status);
  const pace = campaign.pace;
  // At its pace it would run past its end: what is left then is refunded, so say so while it can still change.
  const lastDay = campaign.ends_at ? tehranDay(new Date(campaign.ends_at)) : null;
  const afterEnd = campaign.expected_end && lastDay && campaign.expected_end > lastDay ? lastDay : null;

  const closed = (text: string | null) => {
    if (text) setMessage({ tone: "success", text });
    opener.close();
  };
  const clear = async () => {
    setMessage(null);
    try {
      setMessage({ tone: "success", text: (await setPace.mutateAsync(NO_PACE)).message });
    } catch (error) {
      setMessage({ tone: "error", text: failureText(error) });
    }
  };

  const rows: [string, ReactNode][] = pace
    ? [
        [t("perDay"), pace.per_day === null ? t("noLimit") : format.number(pace.per_day)],
        [t("perHour"), pace.per_hour === null ? t("noLimit") : format.number(pace.per_hour)],
        [
          t("hours"),
          pace.hours_from === null || pace.hours_to === null
            ? t("allDay")
            : t("hoursRange", { from: hour(pace.hours_from), to: hour(pace.hours_to) }),
        ],
        [t("startsOn"), pace.starts_on === null ? t("rightAway") : <time dateTime={pace.starts_on}>{day(pace.starts_on)}</time>],
      ]
    : [];

  return (
    <SectionCard id="campaign-pace" title={t("title")}>
      <div className="grid gap-3 text-sm" data-testid="campaign-pace">
        {pace ? (
          <dl className="grid grid-cols-[fit-content(45%)_minmax(0,1fr)] gap-x-6 gap-y-2">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-ink-muted">{label}</dt>
                <dd className="tabular-nums text-ink">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="leading-6 text-ink">{t("none")}</p>
        )}
        {campaign.expected_end ? (
          <p className="font-semibold leading-6 text-ink" data-testid="pace-expected-end">
            {t.rich("expectedEnd", {
              date: day(campaign.expected_end),
              time: (chunks) => <time dateTime={campaign.expected_end ?? undefined}>{chunks}</time>,
            })}
          </p>
        ) : null}
        {afterEnd ? (
          <p className="leading-6 text-ink-muted" data-testid="pace-after-end">
            {t.rich("afterEnd", { date: day(afterEnd), time: (chunks) => <time dateTime={afterEnd}>{chunks}</time> })}
          </p>
        ) : null}
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {editable ? (
        opener.open ? (
          <PaceForm campaign={campaign} onDone={closed} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <OpenButton opener={opener} onOpen={() => setMessage(null)}>
              {pace ? t("change") : t("set")}
            </OpenButton>
            {pace ? (
              <Button type="button" variant="secondary" className="w-full sm:w-auto" busy={setPace.isPending} onClick={() => void clear()}>
                {t("clear")}
              </Button>
            ) : null}
          </div>
        )
      ) : null}
    </SectionCard>
  );
}

/** The pace's fields, checked by the contract's schema; a 422's messages go under the fields they name. */
function PaceForm({ campaign, onDone }: { campaign: Campaign; onDone: (message: string | null) => void }) {
  const t = useTranslations("campaigns.pace");
  const locale = useLocale();
  const setPace = useSetCampaignPace(campaign.id);
  const prepare = useCallback(
    (values: Values): Record<string, unknown> => {
      const units = (text: string) => parseRials(text, locale) ?? null;
      const hourOf = (text: string) => (text === "" ? null : Number(text));
      return {
        per_day: units(values.per_day),
        per_hour: units(values.per_hour),
        hours_from: hourOf(values.hours_from),
        hours_to: hourOf(values.hours_to),
        starts_on: values.starts_on || null,
      };
    },
    [locale],
  );
  const { form, fieldError, formError, submit } = useApiForm<typeof campaignPaceInput, Values>(campaignPaceInput, {
    prepare,
    fields: FIELDS,
    defaultValues: valuesOf(campaign.pace),
  });
  const {
    register,
    control,
    setFocus,
    formState: { errors },
  } = form;
  const startsOn = useWatch({ control, name: "starts_on" });
  useEffect(() => setFocus("per_day"), [setFocus]);

  return (
    <InlineForm
      label={t("formLabel")}
      onSubmit={submit(async (input) => onDone((await setPace.mutateAsync(input)).message))}
      error={formError}
      send={t("save")}
      cancel={t("cancel")}
      busy={setPace.isPending}
      onCancel={() => onDone(null)}
    >
      <PaceFields register={register} error={(name) => fieldError(errors[name])} startsOn={startsOn} />
    </InlineForm>
  );
}

type PaceField = (typeof FIELDS)[number];

/**
 * The pace's fields (units a day and an hour, active hours, a start day), for the create form and the
 * view's change form alike: `register` binds a field to its form, `error` says what is wrong with it.
 */
export function PaceFields({
  register,
  error,
  startsOn,
}: {
  register: (name: PaceField) => UseFormRegisterReturn;
  error: (name: PaceField) => string | undefined;
  startsOn: string | undefined;
}) {
  const t = useTranslations("campaigns.pace");
  const hour = useHour();
  return (
    <>
      <p className="text-xs leading-5 text-ink-muted">{t("intro")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <NumberField label={t("perDay")} hint={t("unitsHint")} error={error("per_day")} {...register("per_day")} />
        <NumberField label={t("perHour")} hint={t("unitsHint")} error={error("per_hour")} {...register("per_hour")} />
        <SelectField label={t("hoursFrom")} error={error("hours_from")} {...register("hours_from")}>
          <option value="">{t("anyHour")}</option>
          {Array.from({ length: 24 }, (_, value) => (
            <option key={value} value={value}>
              {hour(value)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("hoursTo")} error={error("hours_to")} {...register("hours_to")}>
          <option value="">{t("anyHour")}</option>
          {Array.from({ length: 24 }, (_, index) => index + 1).map((value) => (
            <option key={value} value={value}>
              {hour(value)}
            </option>
          ))}
        </SelectField>
      </div>
      <DayField label={t("startsOn")} day={startsOn} error={error("starts_on")} {...register("starts_on")} />
    </>
  );
}
