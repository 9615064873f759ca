import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "@/lib/api/client";

/**
 * Puts a failed call's per-field messages (422, already translated by the server) on the form's
 * fields and returns the sentence for the form as a whole.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): string {
  if (!(error instanceof ApiError)) return fallback;
  let placed = false;
  for (const [name, message] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(name)) {
      setError(name as Path<T>, { type: "server", message });
      placed = true;
    }
  }
  if (error.status === 0) return fallback;
  return placed && error.status === 422 ? error.message : error.message || fallback;
}
