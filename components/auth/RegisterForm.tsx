"use client";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useRegister } from "@/lib/api/auth";
import { useApiForm } from "@/lib/forms/use-api-form";
import { Link } from "@/lib/i18n/link";
import { INVITATION_CODE, registerInput } from "@/lib/schemas/auth";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Checkbox } from "@/components/ui/Checkbox";
import { PasswordField, PhoneField, TextField } from "@/components/ui/Field";
import { AuthCard } from "./AuthCard";
import { useCodeStep } from "./use-code-step";

export function RegisterForm() {
  const t = useTranslations("auth.register");
  const registration = useRegister();
  const openCodeStep = useCodeStep();
  // The invitation link's way in (/auth/invite/{code} → ?invite=): the inviter is credited whichever number is used.
  // Never a reason to refuse the sign-up: what is not a code's shape (a control character the API would refuse) is not sent.
  const invite = useSearchParams().get("invite")?.trim();
  const invitationCode = invite && INVITATION_CODE.test(invite) ? invite : undefined;
  const { form, fieldError, formError, setFormError, submit } = useApiForm(registerInput, { mode: "onTouched" });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async (values) => {
    const { otp } = await registration.mutateAsync({ ...values, invitation_code: invitationCode });
    openCodeStep(otp, { social: false });
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
      <form onSubmit={onSubmit} onChange={() => setFormError(null)} noValidate className="grid gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {/* SPEC §2's fields are all required: said once, and on each control for screen readers. */}
        <p className="text-sm text-ink-muted" data-testid="register-all-required">
          {t("allRequired")}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("firstName")}
            autoComplete="given-name"
            error={fieldError(errors.first_name)}
            aria-required
            {...register("first_name")}
          />
          <TextField
            label={t("lastName")}
            autoComplete="family-name"
            error={fieldError(errors.last_name)}
            aria-required
            {...register("last_name")}
          />
        </div>
        <PhoneField label={t("phone")} error={fieldError(errors.phone)} hint={t("phoneHint")} aria-required {...register("phone")} />
        <TextField
          label={t("email")}
          type="email"
          autoComplete="email"
          ltr
          error={fieldError(errors.email)}
          aria-required
          {...register("email")}
        />
        <PasswordField
          label={t("password")}
          autoComplete="new-password"
          hint={t("passwordHint")}
          error={fieldError(errors.password)}
          aria-required
          {...register("password")}
        />
        <PasswordField
          label={t("passwordConfirmation")}
          autoComplete="new-password"
          error={fieldError(errors.password_confirmation)}
          aria-required
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
          error={fieldError(errors.terms)}
          aria-required
          {...register("terms", { setValueAs: (value) => value === true || value === "on" })}
        />
        <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
          {t("submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
