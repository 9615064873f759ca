"use client";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { TextField } from "@/components/ui/Field";
import { ApiError } from "@/lib/api/client";
import { useUpdateProfile, type Me } from "@/lib/api/me";
import { useApiForm } from "@/lib/forms/use-api-form";
import { bankFromIban, ibanWithSpaces, normalizeIban } from "@/lib/validation/iban";
import { isIdentityLocked, localizeDigits } from "./identity";
import { bankFormSchema } from "./schemas";

/** The IBAN (Sheba); the bank's name follows from it as the person types and is never sent. */
export function BankForm({ me }: { me: Me }) {
  const t = useTranslations("profile");
  const tf = useTranslations("forms");
  const banks = useTranslations("banks");
  const locale = useLocale();
  const update = useUpdateProfile();
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const locked = isIdentityLocked(me.identity_status);

  const values = useMemo(() => ({ iban: me.iban ?? "IR" }), [me.iban]);
  const { form, fieldError, failure } = useApiForm(bankFormSchema, { values, resetOptions: { keepDirtyValues: true } });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const typed = useWatch({ control, name: "iban" }) ?? "";
  const bank = bankFromIban(typed);
  const normalized = normalizeIban(typed);
  const hasDigits = /^IR\d{5}/.test(normalized);

  const onSubmit = handleSubmit(async (input) => {
    setStatus(null);
    try {
      const result = await update.mutateAsync({ iban: input.iban });
      setStatus({ tone: "success", text: result.message });
    } catch (error) {
      if (error instanceof ApiError && error.code === "identity_locked") setStatus({ tone: "error", text: error.message });
      else setStatus({ tone: "error", text: failure(error) });
    }
  });

  return (
    <Card title={t("bank.title")} id="profile-bank">
      <p className="-mt-2 mb-4 text-sm leading-6 text-ink-muted">{t("bank.description")}</p>
      {locked ? (
        <Alert tone="info" className="mb-4">
          {t("identity.locked")}
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <fieldset disabled={locked} className="grid gap-4">
          <legend className="sr-only">{t("bank.title")}</legend>
          <TextField
            label={t("fields.iban")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            ltr
            maxLength={40}
            hint={t("bank.ibanHint")}
            error={fieldError(errors.iban)}
            {...register("iban")}
          />
        </fieldset>
        <dl className="grid gap-2 rounded-lg bg-surface-sunken p-3 text-sm" aria-live="polite">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <dt className="text-ink-muted">{t("bank.bank")}</dt>
            <dd className="font-semibold text-ink" data-testid="bank-name">
              {bank ? (
                banks(bank.id)
              ) : hasDigits ? (
                t("bank.bankUnknown")
              ) : (
                <span className="font-normal text-ink-faint">{t("bank.bankPending")}</span>
              )}
            </dd>
          </div>
          {normalized.length > 2 ? (
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <dt className="text-ink-muted">{t("bank.grouped")}</dt>
              <dd dir="ltr" className="tracking-wide text-ink tabular-nums [overflow-wrap:anywhere]">
                {localizeDigits(ibanWithSpaces(typed), locale)}
              </dd>
            </div>
          ) : null}
        </dl>
        {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
        {locked ? null : (
          <div>
            <Button type="submit" busy={update.isPending}>
              {update.isPending ? tf("saving") : t("bank.save")}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
