"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { ExternalLink } from "@/components/ui/ExternalLink";
import { LoadError } from "@/components/ui/LoadError";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { useDisconnectYoutube, useYoutubeConnection } from "@/lib/api/youtube";
import { YoutubeConnectButton, YoutubeConnectOutcome } from "@/components/ui/YoutubeConnect";
import { useFailureText } from "@/lib/forms/use-api-form";
import { Link } from "@/lib/i18n/link";

const GOOGLE_PERMISSIONS = "https://myaccount.google.com/permissions";

/**
 * The profile's YouTube card: connect a channel so YouTube tasks are checked automatically, see which
 * one is connected, disconnect it (revoked at Google). Hidden where connecting is off.
 */
export function ChannelConnection({ verified }: { verified: boolean }) {
  const t = useTranslations("youtube");
  const format = useFormatter();
  const connection = useYoutubeConnection();
  const disconnect = useDisconnectYoutube();
  const failure = useFailureText();
  const [confirming, setConfirming] = useState(false);

  if (connection.isPending)
    return (
      <Card title={t("title")} id="youtube-channel">
        <SkeletonLines lines={2} />
      </Card>
    );
  if (connection.isError)
    return (
      <Card title={t("title")} id="youtube-channel">
        <LoadError message={t("loadError")} onRetry={() => void connection.refetch()} retrying={connection.isFetching} />
      </Card>
    );
  if (!connection.data.enabled) return null;
  const channel = connection.data.channel;

  return (
    <Card title={t("title")} intro={t("intro")} id="youtube-channel">
      <YoutubeConnectOutcome />
      <div className="grid gap-4" data-testid="youtube-channel">
        {channel ? (
          <>
            <dl className="grid gap-1 text-sm">
              <dt className="text-ink-muted">{t("connectedAs")}</dt>
              <dd className="break-words font-semibold text-ink">{channel.title}</dd>
              <dd className="text-ink-muted">{t("connectedOn", { date: format.dateTime(new Date(channel.connected_at), "date") })}</dd>
              {connection.data.like_checks ? (
                <dd className="text-ink-muted">{channel.like_checks_granted ? t("likesGranted") : t("likesNotGranted")}</dd>
              ) : null}
            </dl>
            <p className="text-sm leading-6 text-ink-muted">{t("keepConnected")}</p>
            {confirming ? (
              <div className="grid gap-3 rounded-lg border border-surface-line p-3">
                <p className="text-sm text-ink">{t("confirmDisconnect")}</p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    variant="danger"
                    busy={disconnect.isPending}
                    onClick={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
                  >
                    {t("disconnect")}
                  </Button>
                  <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
                    {t("keep")}
                  </Button>
                </div>
              </div>
            ) : (
              <div>
                <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
                  {t("disconnect")}
                </Button>
              </div>
            )}
          </>
        ) : verified ? (
          <YoutubeConnectButton returnTo="profile" />
        ) : (
          <Alert tone="info">{t("verifyFirst")}</Alert>
        )}
        {disconnect.isSuccess ? (
          <Alert tone={disconnect.data.revoked ? "success" : "info"}>
            {disconnect.data.revoked ? t("disconnected") : t("revokeYourself")}
            {disconnect.data.revoked ? null : <ExternalLink href={GOOGLE_PERMISSIONS} fit="wrap" className="ms-1 underline" />}
          </Alert>
        ) : null}
        {disconnect.isError ? <Alert tone="error">{failure(disconnect.error)}</Alert> : null}
        <p className="text-xs leading-5 text-ink-muted">
          {t.rich("privacy", {
            link: (chunks) => (
              <Link href="/pages/privacy" className="font-semibold text-brand-700 underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>
    </Card>
  );
}
