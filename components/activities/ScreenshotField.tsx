"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { FieldNotes } from "@/components/ui/Field";
import { useUploadProofImage } from "@/lib/api/activities";
import { CARD_TYPES } from "@/lib/api/identity-card";
import { useFailureText } from "@/lib/forms/use-api-form";

/**
 * The screenshot of Instagram work: sent as soon as it is chosen (the server judges it by its content and
 * keeps it re-encoded), then named as attached; choosing another replaces it.
 */
export function ScreenshotField({
  activityId,
  attached,
  onAttached,
  error,
}: {
  activityId: string;
  attached: boolean;
  onAttached: () => void;
  error?: string | undefined;
}) {
  const t = useTranslations("earn.panel");
  const upload = useUploadProofImage(activityId);
  const failureText = useFailureText();
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const shown = failure ?? error;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {t("screenshot")}
      </label>
      <input
        id={id}
        type="file"
        accept={CARD_TYPES.join(",")}
        aria-invalid={shown ? true : undefined}
        aria-describedby={[shown ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(" ")}
        className="block w-full text-sm text-ink file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          setFailure(null);
          try {
            await upload.mutateAsync(file);
            onAttached();
          } catch (problem) {
            setFailure(failureText(problem));
          }
        }}
      />
      <FieldNotes fieldId={id} hint={t("screenshotHint")} error={shown ?? undefined} />
      <p role="status" className="mt-1 text-sm text-success-600" data-testid="screenshot-status">
        {upload.isPending ? t("screenshotUploading") : attached ? t("screenshotAttached") : ""}
      </p>
    </div>
  );
}
