"use client";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { Controller } from "react-hook-form";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { TextField } from "@/components/ui/Field";
import { ApiError } from "@/lib/api/client";
import { useUpdateProfile, type Me } from "@/lib/api/me";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { UpdateProfileInput } from "@/lib/schemas/profile";
import { BirthDatePicker } from "./BirthDatePicker";
import { isIdentityLocked } from "./identity";
import { identityFormSchema, normalizedNationalId, type IdentityFormValues } from "./schemas";

/** First and last name, national ID and birth date; frozen while verified or under review. */
export function IdentityForm({ me }: { me: Me }) {
  const t = useTranslations("profile");
  const tf = useTranslations("forms");
  const update = useUpdateProfile();
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
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
  const { form, fieldError, failure } = useApiForm(schema, { values, resetOptions: { keepDirtyValues: true } });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (typed) => {
    setStatus(null);
    const input: UpdateProfileInput = { first_name: typed.first_name.trim(), last_name: typed.last_name.trim() };
    if (typed.national_id.trim()) input.national_id = normalizedNationalId(typed.national_id);
    if (typed.birth_date) input.birth_date = typed.birth_date;
    try {
      const result = await update.mutateAsync(input);
      setStatus({ tone: "success", text: result.message });
    } catch (error) {
      if (error instanceof ApiError && error.code === "identity_locked") setStatus({ tone: "error", text: error.message });
      else setStatus({ tone: "error", text: failure(error) });
    }
  });

  return (
    <Card title={t("identity.title")} id="profile-identity">
      <p className="-mt-2 mb-4 text-sm leading-6 text-ink-muted">{t("identity.description")}</p>
      {locked ? (
        <Alert tone="info" className="mb-4">
          {t("identity.locked")}
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <fieldset disabled={locked} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t("identity.title")}</legend>
          <TextField
            label={t("fields.first_name")}
            autoComplete="given-name"
            error={fieldError(errors.first_name)}
            {...register("first_name")}
          />
          <TextField
            label={t("fields.last_name")}
            autoComplete="family-name"
            error={fieldError(errors.last_name)}
            {...register("last_name")}
          />
          <TextField
            label={t("fields.national_id")}
            inputMode="numeric"
            autoComplete="off"
            ltr
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
        </fieldset>
        {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
        {locked ? null : (
          <div>
            <Button type="submit" busy={update.isPending}>
              {update.isPending ? tf("saving") : t("identity.save")}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
