"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DoneAlert, FormCard, NextStep } from "@/components/ui/FormCard";
import { FormPageFrame } from "@/components/ui/FormPageFrame";
import { TextField } from "@/components/ui/Field";
import { ShareInvitation } from "./ShareInvitation";
import { useInvitationAllowance, useInviteFriend, type InvitationAllowance, type InvitationCreated } from "@/lib/api/invitations";
import { useMe } from "@/lib/api/me";
import { useRequestForm } from "@/lib/forms/use-api-form";
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
  // Kept here: the last invitation of the period replaces the form, and its success and link stay shown.
  const [sent, setSent] = useState<InvitationCreated | null>(null);
  const blocked = !allowance.membership ? t("noPlan") : allowance.invitations_left <= 0 ? t("usedUp") : null;
  return (
    <>
      {sent ? (
        <>
          <DoneAlert message={sent.message} testId="invitation-sent" link={{ href: "/dashboard/invitations", label: t("toList") }} />
          <ShareInvitation link={sent.invitation.link} />
        </>
      ) : null}
      {blocked ? (
        <NextStep body={blocked} link={{ href: "/dashboard/payouts#plans", label: t("toPlans") }} testId="invitation-blocked" />
      ) : (
        <InviteForm left={allowance.invitations_left} onSent={setSent} />
      )}
    </>
  );
}

type Values = { phone: string; name: string };

function InviteForm({ left, onSent }: { left: number; onSent: (created: InvitationCreated | null) => void }) {
  const t = useTranslations("invitations.create");
  const fieldMessage = useFieldMessage();
  const invite = useInviteFriend();
  const { form, errors, formError, onSubmit } = useRequestForm<typeof createInvitationInput, Values, InvitationCreated>(
    createInvitationInput,
    {
      defaultValues: { phone: "", name: "" },
      send: (input) => invite.mutateAsync(input),
      onDone: (_message, created) => onSent(created),
    },
  );
  const { register } = form;
  return (
    <FormCard
      id="invite-form"
      title={t("formTitle")}
      aside={
        <span className="text-sm text-ink-muted" data-testid="invitations-left">
          {t("left", { left })}
        </span>
      }
      onSubmit={onSubmit}
      error={formError}
      submit={{ label: invite.isPending ? t("submitting") : t("submit"), busy: invite.isPending }}
    >
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
    </FormCard>
  );
}
