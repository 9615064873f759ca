"use client";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { TextField } from "@/components/ui/Field";
import type { Me } from "@/lib/api/me";
import { bankFromIban, ibanWithSpaces, normalizeIban } from "@/lib/validation/iban";
import { ProfileFormCard, useProfileForm } from "./ProfileFormCard";
import { localizeDigits } from "./dates";
import { badgeStateOf, isIbanLocked } from "@/lib/profile/identity";
import { bankFormSchema } from "./schemas";

/** The IBAN (Sheba); the bank's name follows from it as the person types and is never sent. */
export function BankForm({ me }: { me: Me }) {
  const t = useTranslations("profile");
  const banks = useTranslations("banks");
  const locale = useLocale();
  const locked = isIbanLocked(me.identity_status);
  const payoutsFrom = me.iban_payouts_from ? new Date(me.iban_payouts_from) : null;

  const values = useMemo(() => ({ iban: me.iban ?? "IR" }), [me.iban]);
  const { form, fieldError, errors, card } = useProfileForm(bankFormSchema, values);
  const { register, control } = form;
  const typed = useWatch({ control, name: "iban" }) ?? "";
  const bank = bankFromIban(typed);
  const normalized = normalizeIban(typed);
  const hasDigits = /^IR\d{5}/.test(normalized);

  return (
    <ProfileFormCard
      section="bank"
      locked={locked}
      {...card((input) => ({ iban: input.iban }))}
      fieldsetClassName="grid gap-4"
      after={
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
      }
    >
      {payoutsFrom ? (
        <div data-testid="iban-payouts-from">
          <Alert tone="info">{t("bank.payoutsFrom", { until: payoutsFrom })}</Alert>
        </div>
      ) : me.iban && badgeStateOf(me.identity_status) === "verified" ? (
        <p className="text-sm leading-6 text-ink-muted">{t("bank.changeNote")}</p>
      ) : null}
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
    </ProfileFormCard>
  );
}
