"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { FormActions } from "@/components/ui/FormActions";
import { TextField } from "@/components/ui/Field";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { LoadError } from "@/components/ui/LoadError";
import { YoutubeConnectButton } from "@/components/ui/YoutubeConnect";
import { ApiError } from "@/lib/api/client";
import { useCheckActivity, type Activity } from "@/lib/api/activities";
import { useYoutubeConnection } from "@/lib/api/youtube";
import { useFailureText } from "@/lib/forms/use-api-form";

/**
 * The way to finish a task YouTube's API can check: connect the channel first if needed, then "Check
 * now" (with a few words of the comment for comment tasks). A miss says what YouTube did not show and the
 * booster tries again while the time runs; a like task without the like permission offers to ask for it.
 */
export function CheckForm({ activity, onDone, onHide }: { activity: Activity; onDone: (activity: Activity) => void; onHide: () => void }) {
  const t = useTranslations("youtube.check");
  const tc = useTranslations("youtube");
  const panel = useTranslations("earn.panel");
  const connection = useYoutubeConnection();
  const check = useCheckActivity(activity.id);
  const failure = useFailureText();
  const [comment, setComment] = useState("");

  if (connection.isPending) return <SkeletonLines lines={2} />;
  if (connection.isError)
    return <LoadError message={tc("loadError")} onRetry={() => void connection.refetch()} retrying={connection.isFetching} />;
  if (!connection.data.channel)
    return (
      <div className="grid gap-3">
        <Alert tone="info">{t("connectFirst")}</Alert>
        <YoutubeConnectButton returnTo="earn" />
      </div>
    );

  const scopeMissing = check.error instanceof ApiError && check.error.code === "youtube_scope_missing";
  return (
    <form
      noValidate
      className="grid gap-4"
      aria-label={t("title")}
      onSubmit={(event) => {
        event.preventDefault();
        check.mutate(comment.trim() ? { comment: comment.trim() } : {}, { onSuccess: onDone });
      }}
    >
      <p className="text-sm leading-6 text-ink-muted">
        {tc("connectedAs")}: <span className="break-words font-semibold text-ink">{connection.data.channel.title}</span>
      </p>
      {activity.action === "comment" ? (
        <TextField
          label={t("commentWords")}
          hint={t("commentWordsHint")}
          maxLength={500}
          autoComplete="off"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      ) : null}
      {scopeMissing ? (
        <div className="grid gap-3">
          <Alert tone="info">{t("likesNeeded")}</Alert>
          <YoutubeConnectButton returnTo="earn" likes variant="secondary" />
        </div>
      ) : check.isError ? (
        <Alert tone="error">{failure(check.error)}</Alert>
      ) : null}
      <p className="text-xs leading-5 text-ink-muted">{t("keepConnected")}</p>
      <FormActions send={t("now")} cancel={panel("hide")} busy={check.isPending} onCancel={onHide} />
    </form>
  );
}
