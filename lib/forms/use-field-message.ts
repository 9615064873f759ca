"use client";
import { useTranslations } from "next-intl";

/**
 * The sentence for a field error: a client-side zod message is a key of api.validation (the same
 * schemas run on the server); a server message arrives translated and is shown as it is.
 */
export function useFieldMessage() {
  const t = useTranslations("api.validation");
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    return t.has(message as never) ? t(message as never) : message;
  };
}
