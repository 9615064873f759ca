"use client";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { isAdminUnavailable } from "@/lib/api/admin";
import { isMalformedIdError } from "@/lib/format/ids";

/** A polite "loading" line with a few placeholder bars. */
export function AdminLoading() {
  const t = useTranslations("admin.state");
  return (
    <div role="status" aria-live="polite" className="grid gap-3">
      <span className="sr-only">{t("loading")}</span>
      <div aria-hidden="true" className="h-5 w-1/3 animate-pulse rounded bg-surface-sunken" />
      <div aria-hidden="true" className="h-5 w-2/3 animate-pulse rounded bg-surface-sunken" />
      <div aria-hidden="true" className="h-5 w-1/2 animate-pulse rounded bg-surface-sunken" />
    </div>
  );
}

/**
 * A failed load: "not available" when the admin API refuses (404 to non-admins, 401 without a
 * session), otherwise the error with a retry button.
 */
export function AdminLoadError({ error, onRetry, retrying = false }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  const t = useTranslations("admin.state");
  // A made-up id in the address (422 on the path parameter) is as absent as an unknown one (404).
  if (isAdminUnavailable(error) || isMalformedIdError(error)) {
    return (
      <Alert tone="info">
        <p className="font-semibold">{t("unavailableTitle")}</p>
        <p>{t("unavailableBody")}</p>
      </Alert>
    );
  }
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
      <span>{t("loadError")}</span>
      <Button type="button" variant="secondary" onClick={onRetry} busy={retrying}>
        {t("retry")}
      </Button>
    </Alert>
  );
}
