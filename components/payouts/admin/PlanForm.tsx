"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState, type FormEvent } from "react";
import { useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { Checkbox } from "@/components/ui/Checkbox";
import { NumberField, SelectField, TextField } from "@/components/ui/Field";
import { parseRials } from "@/lib/format/rials";
import { useSavePlan, type AdminPlan } from "@/lib/api/admin-payouts";
import { ApiError } from "@/lib/api/client";
import { localizeDigits } from "@/lib/format/digits";
import { useMoney } from "@/lib/format/money";
import { useApiForm } from "@/lib/forms/use-api-form";
import { locales, type Locale } from "@/lib/i18n/locales";
import { planInput } from "@/lib/schemas/payouts";
import { PlanNames } from "./PlanNames";
import { planNameIn } from "./plan-name";

/** The form holds what was typed (any digits); `prepare` turns it into the contract's planInput. */
export type PlanValues = {
  code: string;
  names: Record<Locale, string>;
  price: string;
  period_days: string;
  withdrawals_per_period: string;
  invitations_per_period: string;
  retention_days: string;
  daily_task_bonus: string;
  active: boolean;
  sort_order: string;
};
type Counted = "withdrawals_per_period" | "invitations_per_period" | "retention_days" | "daily_task_bonus" | "sort_order";

const shape = planInput.shape;
/** The contract's bounds, shown as hints; never written a second time. */
const bounds = {
  price: shape.price,
  withdrawals_per_period: shape.withdrawals_per_period,
  invitations_per_period: shape.invitations_per_period,
  retention_days: shape.retention_days.unwrap(),
  daily_task_bonus: shape.daily_task_bonus,
  sort_order: shape.sort_order.unwrap(),
};
const PERIODS = shape.period_days.options.map((option) => option.value);
/** Every field a 422 may name, a language's name included ("names.fa-IR"). */
const FIELDS = [...(Object.keys(shape) as (keyof typeof shape)[]), ...locales.map((locale) => `names.${locale}` as const)];

function toValues(plan: AdminPlan | null, locale: string): PlanValues {
  const text = (value: number | null | undefined, empty: string) =>
    value === null || value === undefined ? empty : localizeDigits(String(value), locale);
  return {
    code: plan?.code ?? "",
    names: Object.fromEntries(locales.map((l) => [l, plan?.names[l] ?? ""])) as Record<Locale, string>,
    price: text(plan?.price, ""),
    period_days: String(plan?.period_days ?? PERIODS[0]),
    withdrawals_per_period: text(plan?.withdrawals_per_period, ""),
    invitations_per_period: text(plan?.invitations_per_period, ""),
    retention_days: text(plan?.retention_days, ""),
    daily_task_bonus: text(plan?.daily_task_bonus, localizeDigits("0", locale)),
    active: plan?.active ?? true,
    sort_order: text(plan?.sort_order, localizeDigits("0", locale)),
  };
}

/** Adds a plan, or changes `plan`: code, the four names, price (toman beside it), period, limits, perks, on sale, order. */
export function PlanForm({
  plan,
  saved,
  onSaved,
  onCancel,
}: {
  plan: AdminPlan | null;
  saved: string | null;
  onSaved: (plan: AdminPlan) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("admin.plans");
  const format = useFormatter();
  const locale = useLocale();
  const money = useMoney();
  const save = useSavePlan();
  const [language, setLanguage] = useState<Locale>(locales[0]);
  const defaultValues = useMemo(() => toValues(plan, locale), [plan, locale]);
  const prepare = useCallback(
    (values: PlanValues) => {
      const number = (text: string) => parseRials(text, locale);
      return {
        ...values,
        price: number(values.price),
        period_days: Number(values.period_days),
        withdrawals_per_period: number(values.withdrawals_per_period),
        invitations_per_period: number(values.invitations_per_period),
        retention_days: values.retention_days.trim() === "" ? null : number(values.retention_days),
        daily_task_bonus: number(values.daily_task_bonus),
        sort_order: number(values.sort_order),
      };
    },
    [locale],
  );
  const { form, fieldError, formError, submit } = useApiForm<typeof planInput, PlanValues>(planInput, {
    defaultValues,
    prepare,
    fields: FIELDS,
  });
  const {
    register,
    control,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;
  const price = parseRials(useWatch({ control, name: "price" }) ?? "", locale);

  // Edit moves the admin here: to the plan's first field.
  useEffect(() => {
    if (plan) setFocus("code");
  }, [plan, setFocus]);

  const send = submit(async (input) => {
    try {
      onSaved(await save.mutateAsync({ id: plan?.id ?? null, plan: input }));
    } catch (error) {
      // 409: another plan has this code.
      if (error instanceof ApiError && error.status === 409) form.setError("code", { type: "server", message: t("codeTaken") });
      throw error;
    }
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A name left empty in a language not shown: show that language, where its error will be.
    const names = getValues("names");
    const empty = locales.find((l) => !names[l]?.trim());
    if (empty && names[language]?.trim()) setLanguage(empty);
    send(event);
  };
  const range = (field: keyof typeof bounds) =>
    t("range", { min: format.number(bounds[field].minValue ?? 0), max: format.number(bounds[field].maxValue ?? 0) });
  const counted = (field: Counted, hint?: string) => (
    <NumberField label={t(`fields.${field}`)} hint={hint ?? range(field)} error={fieldError(errors[field])} {...register(field)} />
  );

  return (
    <Card title={plan ? t("editTitle", { name: planNameIn(plan, locale) }) : t("newTitle")} id="plan-form">
      <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="plan-form">
        {saved ? <Alert tone="success">{saved}</Alert> : null}
        <TextField
          label={t("fields.code")}
          hint={t("codeHint")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          ltr
          error={fieldError(errors.code)}
          {...register("code")}
        />
        <PlanNames form={form} fieldError={fieldError} selected={language} onSelect={setLanguage} />
        <div className="grid gap-5 sm:grid-cols-2">
          <NumberField
            label={t("fields.price")}
            hint={
              <>
                {t("range", { min: money(bounds.price.minValue ?? 0), max: money(bounds.price.maxValue ?? 0) })}{" "}
                {price !== undefined && Number.isInteger(price) ? (
                  <span className="block font-semibold text-ink" data-testid="plan-toman">
                    {money.toman(price)}
                  </span>
                ) : null}
              </>
            }
            error={fieldError(errors.price)}
            {...register("price")}
          />
          <SelectField label={t("fields.period_days")} error={fieldError(errors.period_days)} {...register("period_days")}>
            {PERIODS.map((days) => (
              <option key={days} value={String(days)}>
                {t("days", { count: days })}
              </option>
            ))}
          </SelectField>
          {counted("withdrawals_per_period")}
          {counted("invitations_per_period")}
          {counted("retention_days", `${t("retentionHint")} ${range("retention_days")}`)}
          {counted("daily_task_bonus")}
          {counted("sort_order", `${t("sortHint")} ${range("sort_order")}`)}
        </div>
        <Checkbox label={t("fields.active")} error={fieldError(errors.active)} {...register("active")} />
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={isSubmitting} className="w-full sm:w-auto">
            {plan ? t("save") : t("create")}
          </Button>
          {plan ? (
            <Button type="button" variant="secondary" onClick={onCancel} className="w-full sm:w-auto">
              {t("cancelEdit")}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
