"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { schemaResolver } from "@/lib/forms/schema-resolver";
import { authApi, isOtpAnswer } from "@/lib/api/auth";
import { useApiClient } from "@/lib/api/use-api-client";
import { applyServerErrors } from "@/lib/forms/server-errors";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { Link } from "@/lib/i18n/navigation";
import { loginInput } from "@/lib/schemas/auth";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { PasswordField, TextField } from "@/components/ui/Field";
import { AuthCard } from "./AuthCard";
import { clearingError } from "./clear-error";
import { useCodeStep } from "./use-code-step";
import { SocialLogin } from "./SocialLogin";
import { useSignedIn } from "./use-signed-in";

type Values = z.input<typeof loginInput>;

export function LoginForm() {
  const t = useTranslations("auth.login");
  const forms = useTranslations("forms");
  const message = useFieldMessage();
  const api = useApiClient();
  const openCodeStep = useCodeStep();
  const signedIn = useSignedIn();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: schemaResolver(loginInput), mode: "onTouched" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await authApi.login(api, values);
      if (isOtpAnswer(answer)) {
        openCodeStep(answer.otp, { social: false });
        return;
      }
      signedIn(answer, { google: false });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ["credential", "password"], forms("genericError")));
    }
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
      <form onSubmit={clearingError(setFormError, onSubmit)} onChange={() => setFormError(null)} noValidate className="grid gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <TextField
          label={t("credential")}
          autoComplete="username"
          ltr
          error={message(errors.credential?.message)}
          {...register("credential")}
        />
        <PasswordField
          label={t("password")}
          autoComplete="current-password"
          error={message(errors.password?.message)}
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
