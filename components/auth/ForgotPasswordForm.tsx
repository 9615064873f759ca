"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { schemaResolver } from "@/lib/forms/schema-resolver";
import { authApi } from "@/lib/api/auth";
import { useApiClient } from "@/lib/api/use-api-client";
import { applyServerErrors } from "@/lib/forms/server-errors";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { Link } from "@/lib/i18n/navigation";
import { forgotPasswordInput } from "@/lib/schemas/auth";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { TextField } from "@/components/ui/Field";
import { AuthCard } from "./AuthCard";
import { clearingError } from "./clear-error";
import { useCodeStep } from "./use-code-step";

export function ForgotPasswordForm() {
  const t = useTranslations("auth.forgot");
  const forms = useTranslations("forms");
  const message = useFieldMessage();
  const api = useApiClient();
  const openCodeStep = useCodeStep();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof forgotPasswordInput>>({ resolver: schemaResolver(forgotPasswordInput), mode: "onTouched" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { otp } = await authApi.forgotPassword(api, values);
      openCodeStep(otp);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ["credential"], forms("genericError")));
    }
  });

  return (
    <AuthCard
      title={t("title")}
      lead={t("lead")}
      footer={
        <Link href="/auth/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t("backToLogin")}
        </Link>
      }
    >
      <form onSubmit={clearingError(setFormError, onSubmit)} onChange={() => setFormError(null)} noValidate className="grid gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          label={t("credential")}
          autoComplete="username"
          ltr
          error={message(errors.credential?.message)}
          {...register("credential")}
        />
        <Button type="submit" busy={isSubmitting} className="w-full">
          {t("submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
