"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { CheckMethodLabel, useActionName } from "@/components/activities/labels";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Checkbox } from "@/components/ui/Checkbox";
import { SelectField, TextAreaField } from "@/components/ui/Field";
import { StatusPill } from "@/components/ui/StatusPill";
import { useDecideActivity, type ActivityDecision, type ReviewItem } from "@/lib/api/admin-activities";
import { useApiForm } from "@/lib/forms/use-api-form";
import { denyActivityInput, reviseActivityInput } from "@/lib/schemas/activities";
import { adminDenialCodes } from "@/lib/schemas/enums";

type Mode = "idle" | "deny" | "revise";

/** One submission under review: what was done and on which campaign, the proof, the booster's record, the decision. */
export function ActivityReviewCard({ item, selected, onSelect }: { item: ReviewItem; selected: boolean; onSelect: (on: boolean) => void }) {
  const t = useTranslations("admin.activities");
  const tc = useTranslations("campaigns");
  const format = useFormatter();
  const { activity, campaign, booster_history: record } = item;
  const action = useActionName()(activity).action;
  const decide = useDecideActivity(activity.id);
  const [mode, setMode] = useState<Mode>("idle");
  const [failure, setFailure] = useState<string | null>(null);
  const title = t("title", { action, campaign: campaign.name });

  const send = async (decision: ActivityDecision) => {
    setFailure(null);
    await decide.mutateAsync(decision);
  };
  const approve = async () => {
    try {
      await send({ kind: "approve" });
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : t("failed"));
    }
  };

  return (
    <li className="grid gap-3 rounded-lg border border-surface-line p-4" data-testid="activity-review">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Checkbox
          label={<span className="font-bold text-ink">{title}</span>}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
        />
        {item.appealed ? <StatusPill tone="warning">{t("appealed")}</StatusPill> : null}
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-ink-muted">{t("campaign")}</dt>
        <dd className="min-w-0">
          <bdi>{campaign.name}</bdi> · {tc(`networks.${campaign.network}`)}
        </dd>
        <dt className="text-ink-muted">{t("post")}</dt>
        <dd className="min-w-0">
          <a
            href={activity.post_link}
            target="_blank"
            rel="noopener noreferrer"
            dir="ltr"
            className="block truncate text-brand-700 hover:underline"
          >
            {activity.post_link}
          </a>
        </dd>
        {activity.proof_username ? (
          <>
            <dt className="text-ink-muted">{t("username")}</dt>
            <dd dir="ltr" className="text-start rtl:text-end">
              @{activity.proof_username}
            </dd>
          </>
        ) : null}
        {activity.proof ? (
          <>
            <dt className="text-ink-muted">{t("proof")}</dt>
            <dd className="[overflow-wrap:anywhere]">
              <bdi>{activity.proof}</bdi>
            </dd>
          </>
        ) : null}
        {activity.appeal_note ? (
          <>
            <dt className="text-ink-muted">{t("appealNote")}</dt>
            <dd className="[overflow-wrap:anywhere]">
              <bdi>{activity.appeal_note}</bdi>
            </dd>
          </>
        ) : null}
        <dt className="text-ink-muted">{t("booster")}</dt>
        <dd>
          <bdi>{activity.booster}</bdi> —{" "}
          {t("record", {
            approved: format.number(record.approved),
            denied: format.number(record.denied),
            dropped: format.number(record.dropped),
          })}
          {" · "}
          {record.success_rate === null ? t("noRecord") : t("successRate", { rate: format.number(record.success_rate / 100, "percent") })}
        </dd>
        <dt className="text-ink-muted">{t("submitted")}</dt>
        <dd>{activity.submitted_at ? format.dateTime(new Date(activity.submitted_at), "dateTime") : ""}</dd>
        <dt className="text-ink-muted">{t("method")}</dt>
        <dd>
          <CheckMethodLabel method={activity.check_method} />
        </dd>
      </dl>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {mode === "deny" ? (
        <DenyForm onCancel={() => setMode("idle")} onSend={send} />
      ) : mode === "revise" ? (
        <ReviseForm onCancel={() => setMode("idle")} onSend={send} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => void approve()} busy={decide.isPending} aria-label={t("approveNamed", { title })}>
            {t("approve")}
          </Button>
          <Button type="button" variant="danger" onClick={() => setMode("deny")}>
            {t("deny")}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setMode("revise")} disabled={activity.revisions >= 1}>
            {t("revise")}
          </Button>
          {activity.revisions >= 1 ? <span className="self-center text-xs text-ink-muted">{t("revisedOnce")}</span> : null}
        </div>
      )}
    </li>
  );
}

function DenyForm({ onCancel, onSend }: { onCancel: () => void; onSend: (decision: ActivityDecision) => Promise<void> }) {
  const t = useTranslations("admin.activities");
  const codes = useTranslations("earn.denial");
  const { form, fieldError, formError, submit } = useApiForm(denyActivityInput, { defaultValues: { code: "not_done", reason: "" } });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <form
      noValidate
      className="grid gap-3 rounded-lg bg-surface-sunken p-3"
      onSubmit={submit((input) => onSend({ kind: "deny", ...input }))}
    >
      <SelectField label={t("denyCode")} error={fieldError(errors.code)} {...register("code")}>
        {adminDenialCodes.map((code) => (
          <option key={code} value={code}>
            {codes(code)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t("denyReason")}
        hint={t("denyReasonHint")}
        rows={3}
        error={fieldError(errors.reason)}
        {...register("reason")}
      />
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <FormButtons send={t("denySend")} cancel={t("cancel")} busy={isSubmitting} onCancel={onCancel} danger />
    </form>
  );
}

function ReviseForm({ onCancel, onSend }: { onCancel: () => void; onSend: (decision: ActivityDecision) => Promise<void> }) {
  const t = useTranslations("admin.activities");
  const { form, fieldError, formError, submit } = useApiForm(reviseActivityInput, { defaultValues: { note: "" } });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <form
      noValidate
      className="grid gap-3 rounded-lg bg-surface-sunken p-3"
      onSubmit={submit((input) => onSend({ kind: "revise", ...input }))}
    >
      <TextAreaField label={t("reviseNote")} hint={t("reviseHint")} rows={3} error={fieldError(errors.note)} {...register("note")} />
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <FormButtons send={t("reviseSend")} cancel={t("cancel")} busy={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

function FormButtons({
  send,
  cancel,
  busy,
  onCancel,
  danger,
}: {
  send: string;
  cancel: string;
  busy: boolean;
  onCancel: () => void;
  danger?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" variant={danger ? "danger" : "primary"} busy={busy} className="w-full sm:w-auto">
        {send}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel} className="w-full sm:w-auto">
        {cancel}
      </Button>
    </div>
  );
}
