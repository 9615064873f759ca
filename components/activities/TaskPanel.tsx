"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useActionName } from "@/components/ui/labels";
import { ScreenshotField } from "./ScreenshotField";
import { CheckForm } from "./CheckForm";
import { WatchForm } from "./WatchForm";
import { Alert } from "@/components/ui/Alert";
import { ExternalLink } from "@/components/ui/ExternalLink";
import { FormActions } from "@/components/ui/FormActions";
import { TextAreaField, TextField } from "@/components/ui/Field";
import { useSubmitActivity, type Activity } from "@/lib/api/activities";
import { networkOfLink } from "@/lib/activities/tasks";
import { localizeDigits } from "@/lib/format/digits";
import { useApiForm } from "@/lib/forms/use-api-form";
import { submitActivityInput, type SubmitActivityInput } from "@/lib/schemas/activities";
import { useSecondsUntil } from "@/lib/time/use-seconds-until";

type Values = { post_link: string; proof_username: string; proof: string };

/** Empty optional fields are not sent (an empty username is not a wrong one). */
const prepare = (values: Values): SubmitActivityInput => ({
  post_link: values.post_link,
  ...(values.proof_username.trim() ? { proof_username: values.proof_username } : {}),
  ...(values.proof.trim() ? { proof: values.proof } : {}),
});

/** "12:05", in the page's digits, left to right. */
function clock(seconds: number, locale: string): string {
  const minutes = Math.floor(seconds / 60);
  return localizeDigits(`${minutes}:${String(seconds % 60).padStart(2, "0")}`, locale);
}

/**
 * The task in progress: what to do, the link, the time left, and the way to finish — the post it was done
 * on, the booster's username on Instagram, an optional note — sent for review.
 */
export function TaskPanel({ activity, onDone, onHide }: { activity: Activity; onDone: (activity: Activity) => void; onHide: () => void }) {
  const t = useTranslations("earn.panel");
  const locale = useLocale();
  const action = useActionName()(activity).action;
  const instagram = networkOfLink(activity.post_link) === "instagram";
  const left = useSecondsUntil(new Date(activity.expires_at).getTime());
  const expired = left === 0;
  const submit = useSubmitActivity(activity.id);
  const validation = useTranslations("api.validation");
  const [attached, setAttached] = useState(activity.has_screenshot);
  const [screenshotError, setScreenshotError] = useState<string | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  const {
    form,
    fieldError,
    formError,
    submit: onSubmit,
  } = useApiForm(submitActivityInput, {
    // Sent back for a revision, the task opens with what was sent the first time, to fix rather than retype.
    defaultValues: { post_link: activity.post_link, proof_username: activity.proof_username ?? "", proof: activity.proof ?? "" } as Values,
    prepare,
    fields: ["post_link", "proof_username", "proof"],
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  // Opening a task moves the keyboard to it.
  useEffect(() => heading.current?.focus(), [activity.id]);

  const doText =
    activity.check_method === "watch"
      ? t("doWatch")
      : t.has(`do.${activity.action}` as never)
        ? t(`do.${activity.action}` as never)
        : t("doOther");

  return (
    <section
      aria-labelledby="task-panel-title"
      className="grid gap-4 rounded-card border-2 border-brand-200 bg-surface p-4 shadow-card sm:p-6"
      data-testid="task-panel"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="task-panel-title" ref={heading} tabIndex={-1} className="text-lg font-bold text-ink focus:outline-none">
          {t("title", { action })}
        </h2>
        <div className="grid justify-items-end text-end">
          <span className="text-xs text-ink-muted">{t("timeLeft")}</span>
          <span dir="ltr" className="text-xl font-bold tabular-nums text-ink" role="timer" aria-live="off" data-testid="task-time-left">
            {left === null ? "" : clock(left, locale)}
          </span>
        </div>
      </div>
      {activity.revision_note ? <Alert tone="info">{t("revision", { note: activity.revision_note })}</Alert> : null}
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold text-ink">{t("what")}</h3>
        <p className="text-sm leading-6 text-ink">{doText}</p>
        <ExternalLink href={activity.post_link} className="text-sm font-semibold underline-offset-4" />
      </div>
      {expired ? (
        <Alert tone="error">{t("expired")}</Alert>
      ) : activity.check_method === "api" ? (
        <CheckForm activity={activity} onDone={onDone} onHide={onHide} />
      ) : activity.check_method === "watch" ? (
        <WatchForm activity={activity} onDone={onDone} onHide={onHide} />
      ) : (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={onSubmit(async (input) => {
            // Instagram's proof needs its screenshot: said before anything is sent.
            if (instagram && !attached) return setScreenshotError(validation("screenshot_required"));
            onDone(await submit.mutateAsync(input));
          })}
        >
          <TextField
            label={t("postLink")}
            ltr
            inputMode="url"
            autoComplete="off"
            hint={t("postLinkHint")}
            error={fieldError(errors.post_link)}
            {...register("post_link")}
          />
          {instagram ? (
            <TextField
              label={t("username")}
              ltr
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              hint={t("usernameHint")}
              error={fieldError(errors.proof_username)}
              {...register("proof_username")}
            />
          ) : null}
          {instagram ? (
            <ScreenshotField
              activityId={activity.id}
              attached={attached}
              error={screenshotError}
              onAttached={() => {
                setAttached(true);
                setScreenshotError(undefined);
              }}
            />
          ) : null}
          <TextAreaField label={t("proof")} rows={2} hint={t("proofHint")} error={fieldError(errors.proof)} {...register("proof")} />
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <FormActions send={t("submit")} cancel={t("hide")} busy={isSubmitting} onCancel={onHide} />
        </form>
      )}
    </section>
  );
}
