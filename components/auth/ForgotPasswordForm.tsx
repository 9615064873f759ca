"use client";
import { useTranslations } from "next-intl";
import { useApiForm } from "@/lib/forms/use-api-form";
import { useForgotPassword } from "@/lib/api/auth";
import { Link } from "@/lib/i18n/link";
import { forgotPasswordInput } from "@/lib/schemas/auth";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { TextField } from "@/components/ui/Field";
import { AuthCard } from "./AuthCard";
import { useCodeStep } from "./use-code-step";

export function ForgotPasswordForm() {
  const t = useTranslations("auth.forgot");
  const forgotPassword = useForgotPassword();
  const openCodeStep = useCodeStep();
  const { form, fieldError, formError, setFormError, submit } = useApiForm(forgotPasswordInput, { mode: "onTouched" });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async (values) => {
    const { otp } = await forgotPassword.mutateAsync(values);
    openCodeStep(otp);
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
      <form onSubmit={onSubmit} onChange={() => setFormError(null)} noValidate className="grid gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField label={t("credential")} autoComplete="username" ltr error={fieldError(errors.credential)} {...register("credential")} />
        <Button type="submit" busy={isSubmitting} className="w-full">
          {t("submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
