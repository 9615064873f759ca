"use client";
import { useTranslations } from "next-intl";
import { useApiForm } from "@/lib/forms/use-api-form";
import { isOtpAnswer, useLogin } from "@/lib/api/auth";
import { Link } from "@/lib/i18n/link";
import { loginInput } from "@/lib/schemas/auth";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { PasswordField, TextField } from "@/components/ui/Field";
import { AuthCard } from "./AuthCard";
import { useCodeStep } from "./use-code-step";
import { SocialLogin } from "./SocialLogin";
import { useSignedIn } from "./use-signed-in";

export function LoginForm() {
  const t = useTranslations("auth.login");
  const login = useLogin();
  const openCodeStep = useCodeStep();
  const signedIn = useSignedIn();
  const { form, fieldError, formError, setFormError, submit } = useApiForm(loginInput, { mode: "onTouched" });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async (values) => {
    const answer = await login.mutateAsync(values);
    if (isOtpAnswer(answer)) {
      openCodeStep(answer.otp, { social: false });
      return;
    }
    signedIn(answer, { google: false });
  });

  return (
    <AuthCard
      title={t("title")}
      lead={t("lead")}
      footer={
        <>
          {t("noAccount")}{" "}
          <Link href="/auth/register" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {t("registerLink")}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} onChange={() => setFormError(null)} noValidate className="grid gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField label={t("credential")} autoComplete="username" ltr error={fieldError(errors.credential)} {...register("credential")} />
        <PasswordField
          label={t("password")}
          autoComplete="current-password"
          error={fieldError(errors.password)}
          {...register("password")}
        />
        <div className="-mt-2 text-end">
          <Link href="/auth/forgot_password" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
            {t("forgot")}
          </Link>
        </div>
        <Button type="submit" busy={isSubmitting} className="w-full">
          {t("submit")}
        </Button>
      </form>
      <SocialLogin onError={setFormError} />
    </AuthCard>
  );
}
