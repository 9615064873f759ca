"use client";
import { useLocale, useTranslations } from "next-intl";
import { schemaResolver } from "@/lib/forms/schema-resolver";
import { localizeDigits } from "@/lib/format/digits";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { authApi } from "@/lib/api/auth";
import { useApiClient } from "@/lib/api/use-api-client";
import { applyServerErrors } from "@/lib/forms/server-errors";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { Link } from "@/lib/i18n/navigation";
import { registerInput } from "@/lib/schemas/auth";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Checkbox } from "@/components/ui/Checkbox";
import { PasswordField, TextField } from "@/components/ui/Field";
import { AuthCard } from "./AuthCard";
import { clearingError } from "./clear-error";
import { useCodeStep } from "./use-code-step";

type Values = z.input<typeof registerInput>;
const FIELDS = ["first_name", "last_name", "phone", "email", "password", "password_confirmation", "terms"] as const;

export function RegisterForm() {
  const t = useTranslations("auth.register");
  const forms = useTranslations("forms");
  const message = useFieldMessage();
  const locale = useLocale();
  const api = useApiClient();
  const openCodeStep = useCodeStep();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof registerInput>>({ resolver: schemaResolver(registerInput), mode: "onTouched" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { otp } = await authApi.register(api, values);
      openCodeStep(otp, { social: false });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS, forms("genericError")));
    }
  });

  return (
    <AuthCard
      title={t("title")}
      lead={t("lead")}
      footer={
        <>
          {t("haveAccount")}{" "}
          <Link href="/auth/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {t("loginLink")}
          </Link>
        </>
      }
    >
      <form onSubmit={clearingError(setFormError, onSubmit)} onChange={() => setFormError(null)} noValidate className="grid gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("firstName")}
            autoComplete="given-name"
            error={message(errors.first_name?.message)}
            {...register("first_name")}
          />
          <TextField
            label={t("lastName")}
            autoComplete="family-name"
            error={message(errors.last_name?.message)}
            {...register("last_name")}
          />
        </div>
        <TextField
          label={t("phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={localizeDigits("09121234567", locale)}
          ltr
          error={message(errors.phone?.message)}
          hint={t("phoneHint")}
          {...register("phone")}
        />
        <TextField label={t("email")} type="email" autoComplete="email" ltr error={message(errors.email?.message)} {...register("email")} />
        <PasswordField
          label={t("password")}
          autoComplete="new-password"
          hint={t("passwordHint")}
          error={message(errors.password?.message)}
          {...register("password")}
        />
        <PasswordField
          label={t("passwordConfirmation")}
          autoComplete="new-password"
          error={message(errors.password_confirmation?.message)}
          {...register("password_confirmation")}
        />
        <Checkbox
          label={t.rich("terms", {
            link: (chunks) => (
              <Link href="/pages/terms" target="_blank" className="font-semibold text-brand-700 underline">
                {chunks}
              </Link>
            ),
          })}
          error={message(errors.terms?.message)}
          {...register("terms", { setValueAs: (value) => value === true || value === "on" })}
        />
        <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
          {t("submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
