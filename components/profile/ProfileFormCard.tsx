"use client";
import { useTranslations } from "next-intl";
import { useState, type ComponentProps, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { ApiError } from "@/lib/api/client";
import { useUpdateProfile } from "@/lib/api/me";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { UpdateProfileInput } from "@/lib/schemas/profile";

type Status = { tone: "success" | "error"; text: string } | null;

/** PATCH me from a profile form: the server's sentence on success; on failure its lock notice or the form kit's sentence. */
export function useProfileSave(failure: (error: unknown) => string) {
  const update = useUpdateProfile();
  const [status, setStatus] = useState<Status>(null);
  const save = async (input: UpdateProfileInput) => {
    setStatus(null);
    try {
      const result = await update.mutateAsync(input);
      setStatus({ tone: "success", text: result.message });
    } catch (error) {
      if (error instanceof ApiError && error.code === "identity_locked") setStatus({ tone: "error", text: error.message });
      else setStatus({ tone: "error", text: failure(error) });
    }
  };
  return { status, saving: update.isPending, save };
}

/**
 * A profile section's form: the contract's form kit over the person's saved `values` (what they typed
 * survives a refetch), and `card(toInput)`, ProfileFormCard's outcome, busy state and submit, which
 * saves what `toInput` makes of the checked values.
 */
export function useProfileForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, values: z.input<S>) {
  const { form, fieldError, failure } = useApiForm(schema, { values, resetOptions: { keepDirtyValues: true } });
  const { status, saving, save } = useProfileSave(failure);
  const card = (toInput: (input: z.output<S>) => UpdateProfileInput) => ({
    status,
    saving,
    onSubmit: form.handleSubmit((input) => save(toInput(input))),
  });
  return { form, fieldError, errors: form.formState.errors, card };
}

/**
 * A profile section whose fields freeze while the identity is verified or under review: its title and
 * description, the lock notice, the fields in one fieldset, what follows them, the outcome and the save button.
 */
export function ProfileFormCard({
  section,
  locked,
  status,
  saving,
  onSubmit,
  fieldsetClassName,
  after,
  children,
}: {
  section: "bank" | "identity";
  locked: boolean;
  status: Status;
  saving: boolean;
  onSubmit: ComponentProps<"form">["onSubmit"];
  fieldsetClassName: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations("profile");
  const tf = useTranslations("forms");
  return (
    <Card title={t(`${section}.title`)} id={`profile-${section}`}>
      <p className="-mt-2 mb-4 text-sm leading-6 text-ink-muted">{t(`${section}.description`)}</p>
      {locked ? (
        <Alert tone="info" className="mb-4">
          {t(`${section}.locked`)}
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <fieldset disabled={locked} className={fieldsetClassName}>
          <legend className="sr-only">{t(`${section}.title`)}</legend>
          {children}
        </fieldset>
        {after}
        {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
        {locked ? null : (
          <div>
            <Button type="submit" busy={saving}>
              {saving ? tf("saving") : t(`${section}.save`)}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
