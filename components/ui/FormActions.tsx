import type { FormEvent, ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";

/** A small form's two buttons: send (busy while it works) and cancel, full width on a phone. */
export function FormActions({
  send,
  cancel,
  busy,
  onCancel,
  tone = "primary",
}: {
  send: string;
  cancel: string;
  busy: boolean;
  onCancel: () => void;
  tone?: "primary" | "danger";
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" variant={tone} busy={busy} className="w-full sm:w-auto">
        {send}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel} className="w-full sm:w-auto">
        {cancel}
      </Button>
    </div>
  );
}

/** A small form inside a card (an appeal, a denial, a revision note): its fields, its error, send and cancel. */
export function InlineForm({
  label,
  onSubmit,
  error,
  children,
  ...actions
}: {
  label?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  error: string | null;
  children: ReactNode;
} & Parameters<typeof FormActions>[0]) {
  return (
    <form noValidate aria-label={label} className="grid gap-3 rounded-lg bg-surface-sunken p-3" onSubmit={onSubmit}>
      {children}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <FormActions {...actions} />
    </form>
  );
}
