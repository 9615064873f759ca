import { z } from "zod";
import { ApiError } from "@/lib/api/client";

const uuid = z.string().uuid();

/**
 * Whether a value from the address has the shape of an id the API issues (a UUID). One that does not (a typo, a
 * made-up one) names nothing: the page shows "not found" without asking, as it does for an id the API answers 404.
 */
export const isWellFormedId = (value: string) => uuid.safeParse(value).success;

/**
 * The API's answer to an id in the path that is no id at all: 422 with the path parameter among the fields
 * (server/http/validation.ts names fields by their path). For the visitor that is "not found", never "could not load".
 */
export function isMalformedIdError(error: unknown, params: readonly string[] = ["id"]): boolean {
  return error instanceof ApiError && error.status === 422 && params.some((param) => param in error.fields);
}
