"use client";
import { useId, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

type RadioCardProps = {
  checked: boolean;
  title: string;
  body?: string | undefined;
  /** A third, smaller line (who provides a gateway). */
  note?: ReactNode;
  describedBy?: string | undefined;
  /** The input's id; default a generated one. */
  id?: string;
  value: string;
} & Omit<UseFormRegisterReturn, "ref"> & { ref: UseFormRegisterReturn["ref"] };

/** A radio input drawn as a card (react-hook-form's register spread onto it). */
export function RadioCard({ checked, title, body, note, describedBy, id, ref, ...radio }: RadioCardProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <label
      htmlFor={inputId}
      className={`flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 ${
        checked ? "border-brand-600 bg-brand-50" : "border-surface-line hover:bg-surface-sunken"
      }`}
    >
      <input
        id={inputId}
        ref={ref}
        type="radio"
        aria-describedby={describedBy}
        className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
        {...radio}
      />
      <span className="grid gap-0.5">
        <span className="font-semibold text-ink">{title}</span>
        {body ? <span className="text-sm leading-6 text-ink-muted">{body}</span> : null}
        {note ? <span className="text-xs text-ink-faint">{note}</span> : null}
      </span>
    </label>
  );
}
