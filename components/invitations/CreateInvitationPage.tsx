"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { FormPageFrame } from "@/components/ui/FormPageFrame";
import { Button } from "@/components/ui/Button";
import { TextField } from "@/components/ui/Field";
import { LinkButton } from "@/components/ui/LinkButton";
import { useInvitationAllowance, useInviteFriend, type InvitationAllowance } from "@/lib/api/invitations";
import { useMe } from "@/lib/api/me";
import { useApiForm } from "@/lib/forms/use-api-form";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { createInvitationInput } from "@/lib/schemas/invitations";

/** /dashboard/invitations/create: a friend's mobile (and a name), with the plan's invitations left and SPEC's refusals. */
export function CreateInvitationPage() {
  const t = useTranslations("invitations.create");
  const titles = useTranslations("titles");
  const me = useMe();
  const allowance = useInvitationAllowance();
  return (
    <FormPageFrame
      back={{ href: "/dashboard/invitations", label: t("back") }}
      title={titles("createInvitation")}
      intro={t("intro")}
      signIn={me.data === null ? { body: t("signIn"), redirect: "/dashboard/invitations/create" } : null}
      loading={me.isPending || allowance.isPending}
      failure={
        allowance.isError || !allowance.data
          ? { message: t("loadError"), onRetry: () => void allowance.refetch(), retrying: allowance.isFetching }
          : null
      }
    >
      {() => <Invite allowance={allowance.data!} />}
    </FormPageFrame>
  );
}

function Invite({ allowance }: { allowance: InvitationAllowance }) {
  const t = useTranslations("invitations.create");
  // Kept here: the last invitation of the period replaces the form, and its success stays said.
  const [sent, setSent] = useState<string | null>(null);
  const blocked = !allowance.membership ? t("noPlan") : allowance.invitations_left <= 0 ? t("usedUp") : null;
  return (
    <>
      {sent ? (
        <Alert tone="success">
          <span className="flex flex-wrap items-center justify-between gap-2">
            <span data-testid="invitation-sent">{sent}</span>
            <LinkButton href="/dashboard/invitations" variant="secondary">
              {t("toList")}
            </LinkButton>
          </span>
        </Alert>
      ) : null}
      {blocked ? (
        <section className="grid justify-items-start gap-3 rounded-card bg-surface p-5 shadow-card sm:p-6" data-testid="invitation-blocked">
          <p className="max-w-prose text-sm leading-7 text-ink">{blocked}</p>
          <LinkButton href="/dashboard/payouts#plans" className="w-full sm:w-auto">
            {t("toPlans")}
          </LinkButton>
        </section>
      ) : (
        <InviteForm left={allowance.invitations_left} onSent={setSent} />
      )}
    </>
  );
}

type Values = { phone: string; name: string };

function InviteForm({ left, onSent }: { left: number; onSent: (message: string | null) => void }) {
  const t = useTranslations("invitations.create");
  const fieldMessage = useFieldMessage();
  const invite = useInviteFriend();
  const { form, formError, submit } = useApiForm<typeof createInvitationInput, Values>(createInvitationInput, {
    defaultValues: { phone: "", name: "" },
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const onSubmit = submit(async (input) => {
    onSent(null);
    const result = await invite.mutateAsync(input);
    reset({ phone: "", name: "" });
    onSent(result.message);
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 rounded-card bg-surface p-5 shadow-card sm:p-6"
      aria-labelledby="invite-form-title"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="invite-form-title" className="text-lg font-bold text-ink">
          {t("formTitle")}
        </h2>
        <span className="text-sm text-ink-muted" data-testid="invitations-left">
          {t("left", { left })}
        </span>
      </div>
      <TextField
        label={t("phoneLabel")}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        ltr
        hint={t("phoneHint")}
        error={fieldMessage(errors.phone?.message)}
        {...register("phone")}
      />
      <TextField
        label={t("nameLabel")}
        autoComplete="off"
        hint={t("nameHint")}
        error={fieldMessage(errors.name?.message)}
        {...register("name")}
      />
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div>
        <Button type="submit" busy={invite.isPending} className="w-full sm:w-auto">
          {invite.isPending ? t("submitting") : t("submit")}
        </Button>
      </div>
    </form>
  );
}
