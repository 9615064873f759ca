"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Alert } from "@/components/ui/Alert";
import { useYoutubeConnection } from "@/lib/api/youtube";

/**
 * Said on the earn page while the day's YouTube quota is low: new YouTube tasks are checked by people
 * (a screenshot) or are not offered, until Google's next day begins (shown in the reader's time).
 */
export function YoutubeChecksNotice() {
  const t = useTranslations("earn.quota");
  const format = useFormatter();
  const connection = useYoutubeConnection();
  const today = connection.data?.checks_today;
  if (!today || today.state === "open") return null;
  const time = format.dateTime(new Date(today.resumes_at), "dateTime");
  return (
    <Alert className="break-words">
      <span data-testid="youtube-checks-notice">{t(today.state, { time })}</span>
    </Alert>
  );
}
