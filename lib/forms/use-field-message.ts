"use client";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { decodeValidationMessage } from "@/lib/validation/messages";

type Translate = ReturnType<typeof useTranslations<"api.validation">>;

/**
 * The sentence for a client-side field message: a key of api.validation, with the values
 * when it has any (lib/forms/schema-resolver.ts); null when the message is not one of ours.
 */
export function translateFieldMessage(t: Translate, message: string): string | null {
  const decoded = decodeValidationMessage(message);
  if (!decoded || !t.has(decoded.key as never)) return null;
  return (t as unknown as (key: string, params: Record<string, string | number>) => string)(decoded.key, decoded.params);
}

/**
 * The sentence for a field error: a client-side zod message is a key of api.validation (the same
 * schemas run on the server); a server message arrives translated and is shown as it is.
 */
export function useFieldMessage() {
  const t = useTranslations("api.validation");
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      return translateFieldMessage(t, message) ?? message;
    },
    [t],
  );
}
