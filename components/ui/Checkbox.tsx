"use client";
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";

export const Checkbox = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string | undefined }
>(function Checkbox({ label, error, id, className, ...input }, ref) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          ref={ref}
          id={fieldId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="mt-1 h-4 w-4 shrink-0 rounded border-surface-line accent-brand-600"
          {...input}
        />
        <label htmlFor={fieldId} className="text-sm leading-6 text-ink">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${fieldId}-error`} className="mt-1 text-sm text-danger-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});
