"use client";
import { useTranslations } from "next-intl";
import { useWatch, type FieldError, type UseFormReturn } from "react-hook-form";
import { TextField } from "@/components/ui/Field";
import type { PlanInput } from "@/lib/api/admin-payouts";
import { directionOf, locales, type Locale } from "@/lib/i18n/locales";
import { LocaleTabs } from "@/components/ui/back-office/LocaleTabs";
import type { PlanValues } from "./PlanForm";

/**
 * The plan's name in each language, one tab each (the page editor's LocaleTabs): every field stays mounted, and a
 * language whose name is still empty carries the "not translated yet" mark.
 */
export function PlanNames({
  form: {
    control,
    register,
    formState: { errors },
  },
  fieldError,
  selected,
  onSelect,
}: {
  form: UseFormReturn<PlanValues, unknown, PlanInput>;
  fieldError: (error: FieldError | undefined) => string | undefined;
  selected: Locale;
  onSelect: (locale: Locale) => void;
}) {
  const t = useTranslations("admin.plans");
  const tLanguages = useTranslations("language.names");
  const names = useWatch({ control, name: "names" });
  const missing = new Set(locales.filter((locale) => !names?.[locale]?.trim() || errors.names?.[locale]));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">{t("fields.names")}</legend>
      <LocaleTabs selected={selected} onSelect={onSelect} missing={missing} label={t("fields.names")} panel={{ className: "pt-2" }}>
        {(locale) => (
          <TextField
            label={t("nameIn", { language: tLanguages(locale) })}
            lang={locale}
            dir={directionOf(locale)}
            maxLength={60}
            autoComplete="off"
            error={fieldError(errors.names?.[locale])}
            {...register(`names.${locale}`)}
          />
        )}
      </LocaleTabs>
    </fieldset>
  );
}
