"use client";
import { useLocale, useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { dateFromIso, formatIsoDate, isoFromDate } from "./dates";

const BirthDateCalendar = lazy(() => import("./BirthDateCalendar"));

type Props = {
  label: string;
  /** "YYYY-MM-DD" (Gregorian) or "". */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Already translated. */
  error?: string | undefined;
  disabled?: boolean;
};

/**
 * A read-only display of the chosen date and a button that opens a calendar: Persian (Jalali) in fa-IR,
 * Gregorian elsewhere. Escape closes it and gives focus back to the button; so does picking a day. A click outside closes it too.
 */
export function BirthDatePicker({ label, value, onChange, onBlur, error, disabled = false }: Props) {
  const t = useTranslations("profile.birthDate");
  const tc = useTranslations("common");
  const locale = useLocale();
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const shown = formatIsoDate(value, locale);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    onBlur?.();
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const dismiss = (returnFocus: boolean) => {
      setOpen(false);
      onBlur?.();
      if (returnFocus) button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popover.current?.contains(target) && !button.current?.contains(target)) dismiss(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        dismiss(true);
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, onBlur]);

  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div className="relative sm:col-span-2">
      <span id={`${id}-label`} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </span>
      <div className="flex items-stretch gap-2">
        <output
          id={`${id}-value`}
          aria-labelledby={`${id}-label ${id}-value`}
          aria-describedby={describedBy}
          className={`flex min-h-11 flex-1 items-center rounded-lg border px-3 py-2.5 text-base ${
            disabled ? "bg-surface-sunken text-ink-muted" : "bg-surface text-ink"
          } ${error ? "border-danger-500" : "border-surface-line"}`}
        >
          {shown ?? <span className="text-ink-faint">{t("empty")}</span>}
        </output>
        <button
          ref={button}
          type="button"
          disabled={disabled}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? `${id}-calendar` : undefined}
          aria-describedby={describedBy}
          aria-label={`${shown ? t("change") : t("choose")}: ${label}`}
          onClick={() => (open ? close(false) : setOpen(true))}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-surface-line bg-surface px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-ink-faint"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M7 3v3m10-3v3M4 9h16M5 5h14a1 1 0 011 1v13a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1z" />
          </svg>
          <span>{shown ? t("change") : t("choose")}</span>
        </button>
      </div>
      {open ? (
        <div
          ref={popover}
          id={`${id}-calendar`}
          role="dialog"
          aria-label={t("calendar", { label })}
          className="absolute start-0 top-full z-modal mt-2 max-w-[calc(100vw-2rem)] overflow-x-auto rounded-card border border-surface-line bg-surface p-3 shadow-card"
        >
          <Suspense fallback={<p className="p-4 text-sm text-ink-muted">{tc("loading")}</p>}>
            <BirthDateCalendar
              locale={locale}
              selected={dateFromIso(value)}
              onSelect={(date) => {
                if (date) onChange(isoFromDate(date));
                close(true);
              }}
            />
          </Suspense>
          <div className="mt-2 flex justify-end">
            <button
              type="button"
              onClick={() => close(true)}
              className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              {tc("close")}
            </button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
