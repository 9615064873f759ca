"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { ApiError } from "@/lib/api/client";
import { Link } from "@/lib/i18n/link";
import { useApiForm, useFailureText } from "@/lib/forms/use-api-form";
import { useFieldMessage } from "@/lib/forms/use-field-message";
import { REASON_MAX, REASON_MIN, rejectIdentityInput } from "@/lib/schemas/profile";

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * The back office's approve / reject-with-a-reason panel, for whatever waits for review (identities,
 * campaigns): the server's field message lands on the reason, anything else above the buttons.
 */
export function DecisionPanel<R>({
  id,
  pending,
  queueHref,
  labels,
  review,
  messageOf,
  onDecided,
}: {
  id: string;
  /** Still waiting for a decision; otherwise the panel says so and links back to the queue. */
  pending: boolean;
  queueHref: string;
  labels: { approve: string; reject: string; reasonLabel: string; notPending: string; backToQueue: string };
  review: { mutateAsync(decision: Decision): Promise<R>; isPending: boolean; variables: Decision | undefined };
  /** What to tell the admin once decided. */
  messageOf: (decision: Decision, result: R) => string;
  onDecided: (message: string) => void;
}) {
  const t = useTranslations("admin.review");
  const format = useFormatter();
  // The bounds as the locale writes numbers (Persian digits in fa-IR), never as raw Latin digits.
  const bounds = { min: format.number(REASON_MIN), max: format.number(REASON_MAX) };
  const reasonId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const fieldMessage = useFieldMessage();
  const explain = useFailureText();
  const { form } = useApiForm(rejectIdentityInput, { defaultValues: { reason: "" } });
  const reasonError = form.formState.errors.reason;

  if (!pending) {
    // Also where a 409 lands once the record is fetched again: keep the server's sentence in view.
    return (
      <div className="grid gap-3">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Alert tone="info" className="flex flex-wrap items-center justify-between gap-3">
          <span>{labels.notPending}</span>
          <Link href={queueHref} className="font-semibold underline">
            {labels.backToQueue}
          </Link>
        </Alert>
      </div>
    );
  }

  async function approve() {
    setFailure(null);
    const decision: Decision = { approve: true };
    try {
      onDecided(messageOf(decision, await review.mutateAsync(decision)));
    } catch (error) {
      setFailure(explain(error));
    }
  }

  const reject = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    const decision: Decision = { approve: false, reason };
    try {
      onDecided(messageOf(decision, await review.mutateAsync(decision)));
    } catch (error) {
      const serverReason = error instanceof ApiError ? error.fields.reason : undefined;
      if (serverReason) form.setError("reason", { type: "server", message: serverReason });
      else setFailure(explain(error));
    }
  });

  const busy = review.isPending;
  const describedBy = [`${reasonId}-hint`, reasonError ? `${reasonId}-error` : null].filter(Boolean).join(" ");
  // The server's sentence; the panel's own for a length out of bounds; else the shared schema's (invisible text, direction controls).
  const lengthMessage = t("reasonInvalid", bounds);
  const reasonMessage = !reasonError
    ? null
    : reasonError.type === "server" || (reasonError.type !== "too_small" && reasonError.type !== "too_big")
      ? (fieldMessage(reasonError.message) ?? lengthMessage)
      : lengthMessage;

  return (
    <Card title={t("decisionTitle")} id={id}>
      <div className="grid gap-5">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div>
          <Button type="button" onClick={() => void approve()} busy={busy && review.variables?.approve === true} disabled={busy}>
            {labels.approve}
          </Button>
        </div>
        <form onSubmit={(event) => void reject(event)} noValidate className="grid gap-3 border-t border-surface-line pt-5">
          <div>
            <label htmlFor={reasonId} className="mb-1.5 block text-sm font-medium text-ink">
              {labels.reasonLabel}
            </label>
            <textarea
              id={reasonId}
              rows={4}
              maxLength={REASON_MAX}
              required
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={describedBy}
              className={`block w-full rounded-lg border bg-surface px-3 py-2.5 text-base text-ink placeholder:text-ink-faint focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 ${
                reasonError ? "border-danger-500" : "border-surface-line"
              }`}
              {...form.register("reason")}
            />
            <p id={`${reasonId}-hint`} className="mt-1 text-xs text-ink-muted">
              {t("reasonHint", bounds)}
            </p>
            {reasonMessage ? (
              <p id={`${reasonId}-error`} className="mt-1 text-sm text-danger-600" role="alert">
                {reasonMessage}
              </p>
            ) : null}
          </div>
          <div>
            <Button type="submit" variant="danger" busy={busy && review.variables?.approve === false} disabled={busy}>
              {labels.reject}
            </Button>
          </div>
        </form>
      </div>
    </Card>
  );
}
