"use client";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";

/**
 * A failed load: the sentence and a retry button — below the sentence, or `inline` inside the alert beside it
 * (the back office's cards).
 */
export function LoadError({
  message,
  onRetry,
  retrying = false,
  inline = false,
  retryLabel,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  inline?: boolean;
  retryLabel?: string;
}) {
  const tc = useTranslations("common");
  const retry = (
    <Button type="button" variant="secondary" onClick={onRetry} busy={retrying}>
      {retryLabel ?? tc("retry")}
    </Button>
  );
  if (inline)
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>{message}</span>
        {retry}
      </Alert>
    );
  return (
    <div className="grid justify-items-start gap-3">
      <Alert tone="error" className="w-full">
        {message}
      </Alert>
      {retry}
    </div>
  );
}
