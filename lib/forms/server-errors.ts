import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "@/lib/api/client";

/**
 * Puts a failed call's per-field messages (422, already translated by the server) on the form's
 * fields and returns the sentence for the form as a whole: "" when the fields it named already say it
 * (a wrong code answers 422 naming `code` with the same sentence: shown once, under the field).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): string {
  if (!(error instanceof ApiError)) return fallback;
  const placed: string[] = [];
  for (const [name, message] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(name)) {
      setError(name as Path<T>, { type: "server", message });
      placed.push(message);
    }
  }
  if (error.status === 0) return fallback;
  // The form's own line adds what the fields do not say; a refusal already shown on its field is not said twice.
  if (placed.length > 0 && placed.every((message) => message === error.message)) return "";
  return error.message || fallback;
}
