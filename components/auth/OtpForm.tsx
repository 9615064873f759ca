"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { localizeDigits } from "@/lib/format/digits";
import { useState, useSyncExternalStore } from "react";
import { useSecondsUntil } from "@/lib/time/use-seconds-until";
import { z } from "zod";
import { useAddPhone, useLogout, useOtpStatus, useResendOtp, useVerifyOtp } from "@/lib/api/auth";
import { useApiForm } from "@/lib/forms/use-api-form";
import { ApiError } from "@/lib/api/client";
import { useRouter } from "@/lib/i18n/navigation";
import { Link } from "@/lib/i18n/link";
import { addPhoneInput, otpCode } from "@/lib/schemas/auth";
import { useAuthStore } from "@/stores/auth";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Checkbox } from "@/components/ui/Checkbox";
import { PhoneField, TextField } from "@/components/ui/Field";
import { AuthCard } from "./AuthCard";
import { useSignedIn } from "./use-signed-in";
import { useCodeStep } from "./use-code-step";

const codeForm = z.object({ code: otpCode, trust_device: z.boolean() });

const noSubscription = () => () => undefined;
/** False during the server render and hydration, true afterwards (the persisted store lives in the browser). */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** SPEC §2 OTP verification: the code, the phone, a countdown before resend, resend, another account. */
export function OtpForm() {
  const hydrated = useHydrated();
  const otp = useAuthStore((s) => s.otp);
  const isGoogleLogin = useAuthStore((s) => s.isGoogleLogin);
  if (!hydrated) return <AuthCard title="…">{null}</AuthCard>;
  if (otp && otp.route === "/auth/two_factor_authentication") return <CodeStep token={otp.token} />;
  if (isGoogleLogin) return <AddPhoneStep />;
  return <NoStep />;
}

function AnotherAccount() {
  const t = useTranslations("auth.otp");
  const logout = useLogout();
  const router = useRouter();
  return (
    <button
      type="button"
      className="font-semibold text-brand-700 underline-offset-4 hover:underline"
      onClick={async () => {
        const social = useAuthStore.getState().isGoogleLogin;
        useAuthStore.getState().clear();
        useAuthStore.getState().setPhone(null);
        if (social) await logout.mutateAsync().catch(() => undefined);
        router.replace("/auth/login");
      }}
    >
      {t("anotherAccount")}
    </button>
  );
}

function NoStep() {
  const t = useTranslations("auth.otp");
  return (
    <AuthCard title={t("title")} footer={<AnotherAccount />}>
      <Alert tone="info">{t("noStep")}</Alert>
      <div className="mt-4 flex flex-wrap gap-4 text-sm">
        <Link href="/auth/login" className="font-semibold text-brand-700 underline">
          {t("toLogin")}
        </Link>
        <Link href="/auth/register" className="font-semibold text-brand-700 underline">
          {t("toRegister")}
        </Link>
      </div>
    </AuthCard>
  );
}

function CodeStep({ token }: { token: string }) {
  const t = useTranslations("auth.otp");
  const forms = useTranslations("forms");
  const format = useFormatter();
  const locale = useLocale();
  const verifyOtp = useVerifyOtp();
  const resendOtp = useResendOtp();
  const router = useRouter();
  const signedIn = useSignedIn();
  const storedPhone = useAuthStore((s) => s.phone);
  // The server knows the step's phone and its countdown (a reload must not reset them); a resend
  // starts them again.
  const status = useOtpStatus(token);
  const [resent, setResent] = useState<{ phone: string; at: number } | null>(null);
  const ended = status.error instanceof ApiError && [404, 409, 422].includes(status.error.status);
  const phone = resent?.phone ?? status.data?.otp.phone ?? storedPhone;
  const resendAt =
    resent?.at ?? (status.data ? status.dataUpdatedAt + status.data.otp.resend_in * 1000 : status.error ? status.errorUpdatedAt : null);
  const left = useSecondsUntil(resendAt, 120);
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const { form, fieldError, formError, setFormError, submit } = useApiForm(codeForm, {
    defaultValues: { code: "", trust_device: true },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  if (ended) {
    return (
      <AuthCard title={t("title")} footer={<AnotherAccount />}>
        <Alert tone="info">{t("ended")}</Alert>
        <Link href="/auth/login" className="mt-4 inline-block font-semibold text-brand-700 underline">
          {t("toLogin")}
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = submit(async (values) => {
    setNotice(null);
    const answer = await verifyOtp.mutateAsync({ token, code: values.code, trust_device: values.trust_device });
    if ("reset" in answer) {
      useAuthStore.getState().setOtp({ token: answer.reset.token, route: answer.reset.route });
      router.replace("/auth/reset_password");
      return;
    }
    signedIn(answer);
  });

  const resend = async () => {
    setFormError(null);
    setNotice(null);
    setResending(true);
    try {
      const { otp } = await resendOtp.mutateAsync({ token });
      setResent({ phone: otp.phone, at: Date.now() + otp.resend_in * 1000 });
      setNotice(t("resent"));
    } catch (error) {
      setFormError(error instanceof ApiError && error.status !== 0 ? error.message : forms("networkError"));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard
      title={t("title")}
      lead={
        phone
          ? t.rich("lead", {
              phone: () => (
                <bdi dir="ltr" className="font-semibold text-ink">
                  {localizeDigits(phone, locale)}
                </bdi>
              ),
            })
          : t("leadNoPhone")
      }
      footer={<AnotherAccount />}
    >
      <form onSubmit={onSubmit} onChange={() => setFormError(null)} noValidate className="grid gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <TextField
          label={t("code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          ltr
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
          error={fieldError(errors.code)}
          {...register("code")}
        />
        <Checkbox label={t("trustDevice")} {...register("trust_device")} />
        <Button type="submit" busy={isSubmitting} className="w-full">
          {t("submit")}
        </Button>
      </form>
      <div className="mt-4 text-center text-sm text-ink-muted" aria-live="polite">
        {left === null ? null : left > 0 ? (
          <p>{t("resendIn", { seconds: format.number(left) })}</p>
        ) : (
          <Button type="button" variant="ghost" busy={resending} onClick={resend}>
            {t("resend")}
          </Button>
        )}
      </div>
    </AuthCard>
  );
}

function AddPhoneStep() {
  const t = useTranslations("auth.otp");
  const openCodeStep = useCodeStep();
  const addPhone = useAddPhone();
  const { form, fieldError, formError, setFormError, submit } = useApiForm(addPhoneInput);
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = submit(async (values) => {
    const { otp } = await addPhone.mutateAsync({ phone: values.phone });
    openCodeStep(otp, { navigate: false });
  });
  return (
    <AuthCard title={t("addPhoneTitle")} lead={t("addPhoneLead")} footer={<AnotherAccount />}>
      <form onSubmit={onSubmit} onChange={() => setFormError(null)} noValidate className="grid gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <PhoneField label={t("phone")} error={fieldError(errors.phone)} {...register("phone")} />
        <Button type="submit" busy={isSubmitting} className="w-full">
          {t("sendCode")}
        </Button>
      </form>
    </AuthCard>
  );
}
