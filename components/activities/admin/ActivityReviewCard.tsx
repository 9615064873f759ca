"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { CheckMethodLabel, useActionName } from "@/components/ui/labels";
import { NoteForm } from "@/components/activities/NoteForm";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Checkbox } from "@/components/ui/Checkbox";
import { ExternalLink } from "@/components/ui/ExternalLink";
import { InlineForm } from "@/components/ui/FormActions";
import { SelectField, TextAreaField } from "@/components/ui/Field";
import { StatusPill } from "@/components/ui/StatusPill";
import { activityScreenshotUrl, useDecideActivity, type ActivityDecision, type ReviewItem } from "@/lib/api/admin-activities";
import { useFailureText, useInlineForm } from "@/lib/forms/use-api-form";
import { denyActivityInput } from "@/lib/schemas/activities";
import { adminDenialCodes } from "@/lib/schemas/enums";
import { PrivateImage } from "@/components/ui/back-office/PrivateImage";

type Mode = "idle" | "deny" | "revise";

/** One submission under review: what was done and on which campaign, the proof, the booster's record, the decision. */
export function ActivityReviewCard({ item, selected, onSelect }: { item: ReviewItem; selected: boolean; onSelect: (on: boolean) => void }) {
  const t = useTranslations("admin.activities");
  const tc = useTranslations("campaigns");
  const format = useFormatter();
  const { activity, campaign, booster_history: record } = item;
  const action = useActionName()(activity).action;
  const decide = useDecideActivity(activity.id);
  const failureText = useFailureText();
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
      setFailure(failureText(error));
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
        <Fact label={t("campaign")}>
          <bdi>{campaign.name}</bdi> · {tc(`networks.${campaign.network}`)}
        </Fact>
        <Fact label={t("post")}>
          <ExternalLink href={activity.post_link} />
        </Fact>
        <Fact label={t("username")} ltr>
          {activity.proof_username ? `@${activity.proof_username}` : null}
        </Fact>
        <Fact label={t("proof")}>{activity.proof}</Fact>
        <Fact label={t("appealNote")}>{activity.appeal_note}</Fact>
        <Fact label={t("booster")}>
          <bdi>{activity.booster}</bdi> —{" "}
          {t("record", {
            approved: format.number(record.approved),
            denied: format.number(record.denied),
            dropped: format.number(record.dropped),
          })}
          {" · "}
          {record.success_rate === null ? t("noRecord") : t("successRate", { rate: format.number(record.success_rate / 100, "percent") })}
        </Fact>
        <Fact label={t("submitted")}>{activity.submitted_at ? format.dateTime(new Date(activity.submitted_at), "dateTime") : null}</Fact>
        <Fact label={t("method")}>
          <CheckMethodLabel method={activity.check_method} />
        </Fact>
      </dl>
      {activity.has_screenshot ? <Screenshot id={activity.id} /> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {mode === "deny" ? (
        <DenyForm onCancel={() => setMode("idle")} onSend={send} />
      ) : mode === "revise" ? (
        <NoteForm
          field={t("reviseNote")}
          hint={t("reviseHint")}
          send={t("reviseSend")}
          cancel={t("cancel")}
          onCancel={() => setMode("idle")}
          onSend={(note) => send({ kind: "revise", note })}
        />
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
  const { form, errors, fieldError, inline } = useInlineForm(denyActivityInput, { code: "not_done", reason: "" });
  const { register } = form;
  return (
    <InlineForm
      {...inline((input) => onSend({ kind: "deny", ...input }))}
      send={t("denySend")}
      cancel={t("cancel")}
      onCancel={onCancel}
      tone="danger"
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
    </InlineForm>
  );
}

/** One line of the card: nothing when there is nothing to show; what people wrote keeps its own direction. */
function Fact({ label, children, ltr }: { label: string; children: ReactNode; ltr?: boolean }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <>
      <dt className="text-ink-muted">{label}</dt>
      <dd className={`min-w-0 [overflow-wrap:anywhere] ${ltr ? "text-start rtl:text-end" : ""}`} dir={ltr ? "ltr" : undefined}>
        {typeof children === "string" ? <bdi>{children}</bdi> : children}
      </dd>
    </>
  );
}

/** The booster's screenshot, opened full size in a new tab; the session cookie authenticates the image. */
function Screenshot({ id }: { id: string }) {
  const t = useTranslations("admin.activities");
  const [failed, setFailed] = useState(false);
  const src = activityScreenshotUrl(id);
  if (failed) return <Alert tone="error">{t("screenshotFailed")}</Alert>;
  return <PrivateImage src={src} alt={t("screenshotAlt")} size="thumbnail" onError={() => setFailed(true)} />;
}
