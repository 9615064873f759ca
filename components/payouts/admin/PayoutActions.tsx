"use client";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { TextAreaField, TextField } from "@/components/ui/Field";
import { InlineForm } from "@/components/ui/FormActions";
import { isPayoutConflict, useAdminPayoutStep, type AdminPayoutView, type PayoutStep } from "@/lib/api/admin-payouts";
import { useMoney } from "@/lib/format/money";
import { useFailureText, useInlineForm } from "@/lib/forms/use-api-form";
import { payoutConfirmInput, payoutReasonInput } from "@/lib/schemas/payouts";
import type { Notice } from "@/components/ui/back-office/use-bulk-approval";

type ReasonKind = "deny" | "fail" | "reverse";
type Mode = "idle" | ReasonKind | "confirm";

/**
 * The steps a payout's status allows: pending — approve or deny with a reason; active — confirm with the bank's
 * reference, mark failed with a reason, or (Jibit) ask the bank now; confirmed — reverse when the bank returned
 * it. A 409 means someone else moved it first: the queue says so in the API's words and reads the list again.
 */
export function PayoutActions({ row, name, onNotice }: { row: AdminPayoutView; name: string; onNotice: (notice: Notice) => void }) {
  const t = useTranslations("admin.payouts");
  const tStatus = useTranslations("payouts.status");
  const money = useMoney();
  const step = useAdminPayoutStep(row.id);
  const failureText = useFailureText();
  const [mode, setMode] = useState<Mode>("idle");
  const [failure, setFailure] = useState<string | null>(null);
  const subject = { amount: money(row.amount), name };

  /** Runs a step and tells the queue; a conflict goes to the queue too, any other failure to the caller. */
  const run = async (next: PayoutStep) => {
    setFailure(null);
    try {
      const payout = await step.mutateAsync(next);
      setMode("idle");
      const text =
        next.kind === "inquire" ? t("done.inquire", { ...subject, status: tStatus(payout.status) }) : t(`done.${next.kind}`, subject);
      onNotice({ tone: "success", text });
    } catch (error) {
      if (!isPayoutConflict(error)) throw error;
      setMode("idle");
      onNotice({ tone: "error", text: error.message });
    }
  };
  /** A step without a form (approve, ask the bank): its failure is shown on the card. */
  const quick = async (next: PayoutStep) => {
    try {
      await run(next);
    } catch (error) {
      setFailure(failureText(error));
    }
  };
  const busy = (kind: PayoutStep["kind"]) => step.isPending && step.variables?.kind === kind;

  if (mode === "confirm") return <ConfirmForm name={name} onCancel={() => setMode("idle")} onSend={run} />;
  if (mode !== "idle") return <ReasonForm kind={mode} name={name} onCancel={() => setMode("idle")} onSend={run} />;

  let buttons: ReactNode = null;
  if (row.status === "pending")
    buttons = (
      <>
        <Button
          type="button"
          onClick={() => void quick({ kind: "approve" })}
          busy={busy("approve")}
          aria-label={t("actions.approveFor", subject)}
        >
          {t("actions.approve")}
        </Button>
        <Button type="button" variant="danger" onClick={() => setMode("deny")} disabled={step.isPending}>
          {t("actions.deny")}
        </Button>
      </>
    );
  else if (row.status === "active")
    buttons = (
      <>
        <Button type="button" onClick={() => setMode("confirm")} disabled={step.isPending}>
          {t("actions.confirm")}
        </Button>
        <Button type="button" variant="danger" onClick={() => setMode("fail")} disabled={step.isPending}>
          {t("actions.fail")}
        </Button>
        {row.rail === "jibit" ? (
          <Button type="button" variant="secondary" onClick={() => void quick({ kind: "inquire" })} busy={busy("inquire")}>
            {t("actions.inquire")}
          </Button>
        ) : null}
      </>
    );
  else if (row.status === "confirmed")
    buttons = (
      <Button type="button" variant="secondary" onClick={() => setMode("reverse")}>
        {t("actions.reverse")}
      </Button>
    );
  if (buttons === null) return null;
  return (
    <div className="grid gap-3">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="flex flex-wrap gap-2">{buttons}</div>
    </div>
  );
}

/** Deny, fail or reverse: the reason the booster will read (the contract's payoutReasonInput). */
function ReasonForm({
  kind,
  name,
  onCancel,
  onSend,
}: {
  kind: ReasonKind;
  name: string;
  onCancel: () => void;
  onSend: (step: PayoutStep) => Promise<void>;
}) {
  const t = useTranslations("admin.payouts");
  const { form, errors, fieldError, inline } = useInlineForm(payoutReasonInput, { reason: "" }, "reason");
  const { register } = form;
  return (
    <InlineForm
      label={t("formFor", { action: t(`actions.${kind}`), name })}
      {...inline(({ reason }) => onSend({ kind, reason }))}
      send={t(`send.${kind}`)}
      cancel={t("actions.cancel")}
      onCancel={onCancel}
      tone={kind === "reverse" ? "primary" : "danger"}
    >
      <TextAreaField
        label={t(`reason.${kind}`)}
        hint={t(`reasonHint.${kind}`)}
        rows={3}
        maxLength={500}
        required
        error={fieldError(errors.reason)}
        {...register("reason")}
      />
    </InlineForm>
  );
}

/** The bank paid: its reference for the transfer (the contract's payoutConfirmInput). */
function ConfirmForm({ name, onCancel, onSend }: { name: string; onCancel: () => void; onSend: (step: PayoutStep) => Promise<void> }) {
  const t = useTranslations("admin.payouts");
  const { form, errors, fieldError, inline } = useInlineForm(payoutConfirmInput, { bank_reference: "" }, "bank_reference");
  const { register } = form;
  return (
    <InlineForm
      label={t("formFor", { action: t("actions.confirm"), name })}
      {...inline(({ bank_reference }) => onSend({ kind: "confirm", bank_reference }))}
      send={t("send.confirm")}
      cancel={t("actions.cancel")}
      onCancel={onCancel}
    >
      <TextField
        label={t("bankReference")}
        hint={t("bankReferenceHint")}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        required
        ltr
        error={fieldError(errors.bank_reference)}
        {...register("bank_reference")}
      />
    </InlineForm>
  );
}
