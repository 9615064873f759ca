"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { z } from "zod";
import { useResetPassword } from "@/lib/api/auth";
import { useApiForm } from "@/lib/forms/use-api-form";
import { Link } from "@/lib/i18n/link";
import { newPassword } from "@/lib/schemas/auth";
import { useAuthStore } from "@/stores/auth";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { PasswordField } from "@/components/ui/Field";
import { AuthCard } from "./AuthCard";

/** The form half of resetPasswordInput: the token comes from the verified code step. */
const resetForm = z
  .object({ password: newPassword, password_confirmation: z.string("password_mismatch") })
  .refine((value) => value.password === value.password_confirmation, { path: ["password_confirmation"], message: "password_mismatch" });

export function ResetPasswordForm() {
  const t = useTranslations("auth.reset");
  const resetPassword = useResetPassword();
  const otp = useAuthStore((s) => s.otp);
  const [done, setDone] = useState<string | null>(null);
  const { form, fieldError, formError, setFormError, submit } = useApiForm(resetForm, { mode: "onTouched" });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

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

  const onSubmit = submit(async (values) => {
    const answer = await resetPassword.mutateAsync({ token: otp.token, ...values });
    useAuthStore.getState().setOtp(null);
    setDone(answer.message);
  });

  return (
    <AuthCard title={t("title")} lead={t("lead")} footer={backToLogin}>
      <form onSubmit={onSubmit} onChange={() => setFormError(null)} noValidate className="grid gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <PasswordField label={t("password")} autoComplete="new-password" error={fieldError(errors.password)} {...register("password")} />
        <PasswordField
          label={t("passwordConfirmation")}
          autoComplete="new-password"
          error={fieldError(errors.password_confirmation)}
          {...register("password_confirmation")}
        />
        <Button type="submit" busy={isSubmitting} className="w-full">
          {t("submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
