"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { RadioCard } from "@/components/ui/RadioCard";
import { useMe, useUpdateProfile } from "@/lib/api/me";
import { useApiForm } from "@/lib/forms/use-api-form";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { purposes, type Purpose } from "@/lib/schemas/enums";
import { purposeInput } from "@/lib/schemas/onboarding";

/** The profile's card: the choice as saved on the account (the route puts it on the profile page). */
export function ProfilePurpose() {
  const me = useMe();
  return me.data ? <PurposeForm current={me.data.purpose} /> : null;
}

type Values = { purpose: Purpose | "" };

/**
 * What the person came for (grow / earn / both), saved on the account: asked on the dashboard after the
 * first sign-in (`first`), and changeable on the profile. The dashboard leads with the side chosen.
 */
export function PurposeForm({ current, first = false }: { current: Purpose | null; first?: boolean }) {
  const t = useTranslations("onboarding.purpose");
  const fieldMessage = useFieldMessage();
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const { form, formError, submit } = useApiForm<typeof purposeInput, Values>(purposeInput, { defaultValues: { purpose: current ?? "" } });
  const { register, watch, formState } = form;
  const choice = watch("purpose");
  const onSubmit = submit(async (input) => {
    setSaved(false);
    await update.mutateAsync(input);
    setSaved(!first);
  });
  const error = fieldMessage(formState.errors.purpose?.message) ?? formError;
  return (
    <Card id="purpose" title={first ? t("title") : t("profileTitle")} intro={t("intro")}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="purpose-form">
        <fieldset className="grid gap-3 sm:grid-cols-3" aria-describedby={error ? "purpose-error" : undefined}>
          <legend className="sr-only">{t("legend")}</legend>
          {purposes.map((purpose) => (
            <RadioCard
              key={purpose}
              value={purpose}
              checked={choice === purpose}
              title={t(`options.${purpose}.title`)}
              body={t(`options.${purpose}.body`)}
              {...register("purpose")}
            />
          ))}
        </fieldset>
        {error ? (
          <Alert tone="error">
            <span id="purpose-error">{error}</span>
          </Alert>
        ) : saved ? (
          <Alert tone="success">
            <span data-testid="purpose-saved">{t("saved")}</span>
          </Alert>
        ) : null}
        <div>
          <Button type="submit" busy={update.isPending} className="w-full sm:w-auto">
            {update.isPending ? t("saving") : t("save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
