"use client";
import { TextAreaField } from "@/components/ui/Field";
import { InlineForm } from "@/components/ui/FormActions";
import { useInlineForm } from "@/lib/forms/use-api-form";
import { appealActivityInput } from "@/lib/schemas/activities";

/**
 * A note about one activity, sent with a button beside cancel: a booster's appeal, a reviewer's request for
 * a revision (both `{note}`, a reason's bounds, in the contract). A failed call's message shows above the buttons.
 */
export function NoteForm({
  label,
  field,
  hint,
  send,
  cancel,
  onCancel,
  onSend,
}: {
  label?: string;
  field: string;
  hint?: string;
  send: string;
  cancel: string;
  onCancel: () => void;
  onSend: (note: string) => Promise<unknown>;
}) {
  const { form, errors, fieldError, inline } = useInlineForm(appealActivityInput, { note: "" });
  return (
    <InlineForm label={label} {...inline(({ note }) => onSend(note))} send={send} cancel={cancel} onCancel={onCancel}>
      <TextAreaField label={field} hint={hint} rows={3} error={fieldError(errors.note)} {...form.register("note")} />
    </InlineForm>
  );
}
