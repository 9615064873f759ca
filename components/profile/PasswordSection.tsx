"use client";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { PasswordField } from "@/components/ui/Field";
import { useChangePassword, type Me } from "@/lib/api/me";
import { useApiForm } from "@/lib/forms/use-api-form";
import { changePasswordInput, type ChangePasswordInput } from "@/lib/schemas/profile";

const EMPTY: ChangePasswordInput = { current_password: "", password: "", password_confirmation: "" };

/** SPEC §5: optional; closed until "Change password" is pressed. */
export function PasswordSection({ me }: { me: Me }) {
  const t = useTranslations("profile.password");
  const tf = useTranslations("forms");
  const change = useChangePassword();
  const panelId = useId();
  const toggle = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const { form, fieldError, failure } = useApiForm(changePasswordInput, { defaultValues: EMPTY });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;

  const closePanel = () => {
    setOpen(false);
    reset(EMPTY);
    toggle.current?.querySelector("button")?.focus();
  };

  const submit = async (form: ChangePasswordInput) => {
    setStatus(null);
    try {
      const result = await change.mutateAsync(form);
      setStatus({ tone: "success", text: result.message });
      setOpen(false);
      reset(EMPTY);
      toggle.current?.querySelector("button")?.focus();
    } catch (error) {
      setStatus({ tone: "error", text: failure(error) });
    }
  };

  return (
    <Card title={t("title")} id="profile-password">
      <p className="-mt-2 mb-4 text-sm leading-6 text-ink-muted">{t("description")}</p>
      {!me.has_password ? (
        <p className="text-sm leading-6 text-ink-muted">{t("noPassword")}</p>
      ) : (
        <>
          {status && !open ? (
            <Alert tone={status.tone} className="mb-4">
              {status.text}
            </Alert>
          ) : null}
          <div ref={toggle}>
            <Button
              type="button"
              variant="secondary"
              aria-expanded={open}
              aria-controls={open ? panelId : undefined}
              onClick={() => {
                setStatus(null);
                if (open) closePanel();
                else setOpen(true);
              }}
            >
              {t("open")}
            </Button>
          </div>
          {open ? (
            <form id={panelId} onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="mt-4 grid gap-4">
              <PasswordField
                label={t("current")}
                autoComplete="current-password"
                autoFocus
                error={fieldError(errors.current_password)}
                {...register("current_password")}
              />
              <PasswordField
                label={t("new")}
                autoComplete="new-password"
                hint={t("newHint")}
                error={fieldError(errors.password)}
                {...register("password")}
              />
              <PasswordField
                label={t("confirm")}
                autoComplete="new-password"
                error={fieldError(errors.password_confirmation)}
                {...register("password_confirmation")}
              />
              {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" busy={change.isPending}>
                  {change.isPending ? tf("saving") : t("save")}
                </Button>
                <Button type="button" variant="ghost" onClick={closePanel}>
                  {t("cancel")}
                </Button>
              </div>
            </form>
          ) : null}
        </>
      )}
    </Card>
  );
}
