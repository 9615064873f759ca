"use client";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { Controller } from "react-hook-form";
import { NumberField, TextField } from "@/components/ui/Field";
import type { Me } from "@/lib/api/me";
import type { UpdateProfileInput } from "@/lib/schemas/profile";
import { BirthDatePicker } from "./BirthDatePicker";
import { ProfileFormCard, useProfileForm } from "./ProfileFormCard";
import { isIdentityLocked } from "@/lib/profile/identity";
import { identityFormSchema, normalizedNationalId, type IdentityFormValues } from "./schemas";

/** First and last name, national ID and birth date; frozen while verified or under review. */
export function IdentityForm({ me }: { me: Me }) {
  const t = useTranslations("profile");
  const locked = isIdentityLocked(me.identity_status);

  const schema = useMemo(
    () => identityFormSchema({ national_id: Boolean(me.national_id), birth_date: Boolean(me.birth_date) }),
    [me.national_id, me.birth_date],
  );
  const values = useMemo<IdentityFormValues>(
    () => ({
      first_name: me.first_name ?? "",
      last_name: me.last_name ?? "",
      national_id: me.national_id ?? "",
      birth_date: me.birth_date ?? "",
    }),
    [me.first_name, me.last_name, me.national_id, me.birth_date],
  );
  const { form, fieldError, errors, card } = useProfileForm(schema, values);
  const { register, control } = form;

  const toInput = (typed: IdentityFormValues) => {
    const input: UpdateProfileInput = { first_name: typed.first_name.trim(), last_name: typed.last_name.trim() };
    if (typed.national_id.trim()) input.national_id = normalizedNationalId(typed.national_id);
    if (typed.birth_date) input.birth_date = typed.birth_date;
    return input;
  };

  return (
    <ProfileFormCard section="identity" locked={locked} {...card(toInput)} fieldsetClassName="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t("fields.first_name")}
        autoComplete="given-name"
        error={fieldError(errors.first_name)}
        {...register("first_name")}
      />
      <TextField label={t("fields.last_name")} autoComplete="family-name" error={fieldError(errors.last_name)} {...register("last_name")} />
      <NumberField
        label={t("fields.national_id")}
        hint={t("identity.nationalIdHint")}
        error={fieldError(errors.national_id)}
        {...register("national_id")}
      />
      <Controller
        control={control}
        name="birth_date"
        render={({ field }) => (
          <BirthDatePicker
            label={t("fields.birth_date")}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={locked}
            error={fieldError(errors.birth_date)}
          />
        )}
      />
    </ProfileFormCard>
  );
}
