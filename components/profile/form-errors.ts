"use client";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { FieldError, FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "@/lib/api/client";
import { applyServerErrors } from "@/lib/forms/server-errors";
import { translateFieldMessage } from "@/lib/forms/use-field-message";

/**
 * The sentence under a field: the server's own (already translated) for server errors, otherwise the
 * shared schema's message, which names a key of api.validation.
 */
export function useFieldErrorText() {
  const t = useTranslations("api.validation");
  return useCallback(
    (error: FieldError | undefined): string | undefined => {
      if (!error) return undefined;
      const message = error.message ?? "";
      if (error.type === "server") return message || t("invalid");
      return translateFieldMessage(t, message) ?? t("invalid");
    },
    [t],
  );
}

/** Puts a failed call's field errors on the form and returns the sentence for the form as a whole. */
export function useFormErrorText() {
  const t = useTranslations("forms");
  return useCallback(
    <T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string => {
      if (error instanceof ApiError && error.status === 0) return t("networkError");
      return applyServerErrors(error, setError, fields, t("genericError"));
    },
    [t],
  );
}
