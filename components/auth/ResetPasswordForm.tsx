"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { schemaResolver } from "@/lib/forms/schema-resolver";
import { authApi } from "@/lib/api/auth";
import { useApiClient } from "@/lib/api/use-api-client";
import { applyServerErrors } from "@/lib/forms/server-errors";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { Link } from "@/lib/i18n/navigation";
import { newPassword } from "@/lib/schemas/auth";
import { useAuthStore } from "@/stores/auth";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { PasswordField } from "@/components/ui/Field";
import { AuthCard } from "./AuthCard";
import { clearingError } from "./clear-error";

/** The form half of resetPasswordInput: the token comes from the verified code step. */
const resetForm = z
  .object({ password: newPassword, password_confirmation: z.string("password_mismatch") })
  .refine((value) => value.password === value.password_confirmation, { path: ["password_confirmation"], message: "password_mismatch" });

export function ResetPasswordForm() {
  const t = useTranslations("auth.reset");
  const forms = useTranslations("forms");
  const message = useFieldMessage();
  const api = useApiClient();
  const otp = useAuthStore((s) => s.otp);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof resetForm>>({ resolver: schemaResolver(resetForm), mode: "onTouched" });

  const backToLogin = (
    <Link href="/auth/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
      {t("backToLogin")}
    </Link>
  );

  if (done) {
    return (
      <AuthCard title={t("title")} footer={backToLogin}>
        <Alert tone="success">{done}</Alert>
      </AuthCard>
    );
  }
  if (!otp || otp.route !== "/auth/reset_password") {
    return (
      <AuthCard title={t("title")} footer={backToLogin}>
        <Alert tone="info">{t("noStep")}</Alert>
        <Link href="/auth/forgot_password" className="mt-4 inline-block font-semibold text-brand-700 underline">
          {t("startAgain")}
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await authApi.resetPassword(api, { token: otp.token, ...values });
      useAuthStore.getState().setOtp(null);
      setDone(answer.message);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ["password", "password_confirmation"], forms("genericError")));
    }
  });

  return (
    <AuthCard title={t("title")} lead={t("lead")} footer={backToLogin}>
      <form onSubmit={clearingError(setFormError, onSubmit)} onChange={() => setFormError(null)} noValidate className="grid gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <PasswordField
          label={t("password")}
          autoComplete="new-password"
          error={message(errors.password?.message)}
          {...register("password")}
        />
        <PasswordField
          label={t("passwordConfirmation")}
          autoComplete="new-password"
          error={message(errors.password_confirmation?.message)}
          {...register("password_confirmation")}
        />
        <Button type="submit" busy={isSubmitting} className="w-full">
          {t("submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
