"use client";
import {
  forwardRef,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useLocale, useTranslations } from "next-intl";
import { localizeDigits } from "@/lib/format/digits";

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

/** A control's label above it and its hint and error below it: the frame every field here shares. */
function LabelledField(props: {
  fieldId: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={props.className}>
      <label htmlFor={props.fieldId} className="mb-1.5 block text-sm font-medium text-ink">
        {props.label}
      </label>
      {props.children}
      <FieldNotes fieldId={props.fieldId} hint={props.hint} error={props.error} />
    </div>
  );
}

/** The attributes that tie a control to its label, hint and error. */
function controlProps(fieldId: string, hint: ReactNode, error: string | undefined) {
  return { id: fieldId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(fieldId, hint, error) } as const;
}

/** A labelled input with its error and hint tied to it for screen readers. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, error, hint, ltr, id, className, ...input },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <LabelledField fieldId={fieldId} label={label} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        {...controlProps(fieldId, hint, error)}
        dir={ltr ? "ltr" : undefined}
        className={`${inputClass} ${error ? "border-danger-500" : "border-surface-line"} ${ltr ? "text-start rtl:text-end" : ""}`}
        {...input}
      />
    </LabelledField>
  );
});

/** A labelled multi-line text box, with its error and hint tied to it like TextField's (`ltr` as TextField's: addresses, codes). */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined; hint?: ReactNode; ltr?: boolean }
>(function TextAreaField({ label, error, hint, ltr, id, className, ...textarea }, ref) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <LabelledField fieldId={fieldId} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        {...controlProps(fieldId, hint, error)}
        dir={ltr ? "ltr" : undefined}
        className={`${inputClass} resize-y leading-7 ${error ? "border-danger-500" : "border-surface-line"} ${ltr ? "text-start rtl:text-end" : ""}`}
        {...textarea}
      />
    </LabelledField>
  );
});

/** A labelled drop-down, with its hint tied to it like TextField's. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | undefined; hint?: ReactNode }
>(function SelectField({ label, error, hint, id, className, children, ...select }, ref) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <LabelledField fieldId={fieldId} label={label} hint={hint} error={error} className={className}>
      <select
        ref={ref}
        {...controlProps(fieldId, hint, error)}
        className={`${inputClass} ${error ? "border-danger-500" : "border-surface-line"}`}
        {...select}
      >
        {children}
      </select>
    </LabelledField>
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
    <LabelledField fieldId={fieldId} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          ref={ref}
          {...controlProps(fieldId, hint, error)}
          type={visible ? "text" : "password"}
          dir="ltr"
          // Room for the button at the page's end: physical sides, as the input itself is always left to right.
          className={`${inputClass} pr-20 text-start rtl:pl-20 rtl:pr-3 rtl:text-end ${error ? "border-danger-500" : "border-surface-line"}`}
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
    </LabelledField>
  );
});

/** A mobile number: the telephone keyboard, left to right, and an example in the locale's digits. */
export const PhoneField = forwardRef<HTMLInputElement, Omit<FieldProps, "type" | "inputMode" | "autoComplete" | "placeholder" | "ltr">>(
  function PhoneField(props, ref) {
    const locale = useLocale();
    return (
      <TextField
        ref={ref}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={localizeDigits("09121234567", locale)}
        ltr
        {...props}
      />
    );
  },
);

/** A number typed in any digits (an amount, a count, an ID): the number keyboard, left to right, not filled in by the browser. */
export const NumberField = forwardRef<HTMLInputElement, Omit<FieldProps, "inputMode" | "autoComplete" | "ltr">>(
  function NumberField(props, ref) {
    return <TextField ref={ref} inputMode="numeric" autoComplete="off" ltr {...props} />;
  },
);
