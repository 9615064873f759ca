"use client";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { TextField } from "@/components/ui/Field";
import { ApiError } from "@/lib/api/client";
import { useUpdateProfile, type Me } from "@/lib/api/me";
import { useApiForm } from "@/lib/forms/use-api-form";
import { emailFormSchema } from "./schemas";

/** The e-mail address; one already used by another account is reported on the field (409 email_in_use). */
export function EmailForm({ me }: { me: Me }) {
  const t = useTranslations("profile");
  const tf = useTranslations("forms");
  const update = useUpdateProfile();
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const values = useMemo(() => ({ email: me.email ?? "" }), [me.email]);
  const { form, fieldError, failure } = useApiForm(emailFormSchema, { values, resetOptions: { keepDirtyValues: true } });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (input) => {
    setStatus(null);
    try {
      const result = await update.mutateAsync({ email: input.email });
      setStatus({ tone: "success", text: result.message });
    } catch (error) {
      if (error instanceof ApiError && error.code === "email_in_use")
        setError("email", { type: "server", message: error.message }, { shouldFocus: true });
      else setStatus({ tone: "error", text: failure(error) });
    }
  });

  return (
    <Card title={t("email.title")} id="profile-email">
      <p className="-mt-2 mb-4 text-sm leading-6 text-ink-muted">{t("email.description")}</p>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          ltr
          error={fieldError(errors.email)}
          {...register("email")}
        />
        {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
        <div>
          <Button type="submit" busy={update.isPending}>
            {update.isPending ? tf("saving") : t("email.save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
