"use client";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/Alert";
import { LoadError } from "@/components/ui/LoadError";
import { SkeletonText } from "@/components/ui/Skeleton";
import { isAdminUnavailable } from "@/lib/api/admin";
import { isMalformedIdError } from "@/lib/format/ids";

/** A polite "loading" line with a few placeholder bars. */
export function AdminLoading() {
  const t = useTranslations("admin.state");
  return <SkeletonText label={t("loading")} />;
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
  return <LoadError inline message={t("loadError")} retryLabel={t("retry")} onRetry={onRetry} retrying={retrying} />;
}

/** A back-office queue card's loading and failure views (components/ui/QueueCard). */
export const adminStates = {
  loading: <AdminLoading />,
  failure: (error: unknown, onRetry: () => void, retrying: boolean) => (
    <AdminLoadError error={error} onRetry={onRetry} retrying={retrying} />
  ),
};
