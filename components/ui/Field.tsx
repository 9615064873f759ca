"use client";
import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslations } from "next-intl";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Already translated. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Keeps numbers, e-mail addresses and codes left-to-right inside a right-to-left page. */
  ltr?: boolean;
};

const inputClass =
  "block w-full rounded-lg border bg-surface px-3 py-2.5 text-base text-ink placeholder:text-ink-faint focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-surface-sunken disabled:text-ink-muted";

/** The ids a field's hint and error get, for aria-describedby. */
function describedBy(fieldId: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(" ") || undefined;
}

/** The hint under a field and its error, announced when it appears. */
export function FieldNotes({ fieldId, hint, error }: { fieldId: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} className="mt-1 text-sm text-danger-600" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input with its error and hint tied to it for screen readers. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, error, hint, ltr, id, className, ...input },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        dir={ltr ? "ltr" : undefined}
        className={`${inputClass} ${error ? "border-danger-500" : "border-surface-line"} ${ltr ? "text-start rtl:text-end" : ""}`}
        {...input}
      />
      <FieldNotes fieldId={fieldId} hint={hint} error={error} />
    </div>
  );
});

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, "type" | "ltr">>(function PasswordField(
  { label, error, hint, id, className, ...input },
  ref,
) {
  const t = useTranslations("forms");
  const generated = useId();
  const fieldId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={fieldId}
          type={visible ? "text" : "password"}
          dir="ltr"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, hint, error)}
          className={`${inputClass} pe-20 text-start rtl:text-end ${error ? "border-danger-500" : "border-surface-line"}`}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={fieldId}
          className="absolute inset-y-1 end-1 rounded-md px-2 text-xs font-semibold text-brand-700 hover:bg-brand-50"
        >
          {visible ? t("hidePassword") : t("showPassword")}
        </button>
      </div>
      <FieldNotes fieldId={fieldId} hint={hint} error={error} />
    </div>
  );
});
