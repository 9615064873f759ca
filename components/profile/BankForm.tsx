"use client";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { schemaResolver } from "@/lib/forms/schema-resolver";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { TextField } from "@/components/ui/Field";
import { ApiError } from "@/lib/api/client";
import { useUpdateProfile, type Me } from "@/lib/api/me";
import { bankFromIban, ibanWithSpaces, normalizeIban } from "@/lib/validation/iban";
import { useFieldErrorText, useFormErrorText } from "./form-errors";
import { isIdentityLocked, localizeDigits } from "./identity";
import { bankFormSchema } from "./schemas";

type Values = z.input<typeof bankFormSchema>;
const FIELDS = ["iban"] as const;

/** The IBAN (Sheba); the bank's name follows from it as the person types and is never sent. */
export function BankForm({ me }: { me: Me }) {
  const t = useTranslations("profile");
  const tf = useTranslations("forms");
  const banks = useTranslations("banks");
  const locale = useLocale();
  const fieldError = useFieldErrorText();
  const formError = useFormErrorText();
  const update = useUpdateProfile();
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const locked = isIdentityLocked(me.identity_status);

  const values = useMemo<Values>(() => ({ iban: me.iban ?? "IR" }), [me.iban]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof bankFormSchema>>({
    resolver: schemaResolver(bankFormSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const typed = useWatch({ control, name: "iban" }) ?? "";
  const bank = bankFromIban(typed);
  const normalized = normalizeIban(typed);
  const hasDigits = /^IR\d{5}/.test(normalized);

  const onSubmit = handleSubmit(async (form) => {
    setStatus(null);
    try {
      const result = await update.mutateAsync({ iban: form.iban });
      setStatus({ tone: "success", text: result.message });
    } catch (error) {
      if (error instanceof ApiError && error.code === "identity_locked") setStatus({ tone: "error", text: error.message });
      else setStatus({ tone: "error", text: formError(error, setError, FIELDS) });
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
