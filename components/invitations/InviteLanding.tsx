"use client";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { LinkButton } from "@/components/ui/LinkButton";
import { LoadError } from "@/components/ui/LoadError";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { useInvitationLanding, useOptOut } from "@/lib/api/invitations";

/** /auth/invite/{code}, the invitation SMS's link: who invited you, the way to join, and "don't text me again". */
export function InviteLanding({ code }: { code: string }) {
  const t = useTranslations("invitations.landing");
  const landing = useInvitationLanding(code);
  const stop = useOptOut(code);
  let body;
  if (landing.isPending) body = <SkeletonLines lines={3} />;
  else if (landing.isError)
    body = <LoadError message={t("loadError")} onRetry={() => void landing.refetch()} retrying={landing.isFetching} />;
  else if (!landing.data)
    body = (
      <>
        <p className="leading-7 text-ink" data-testid="invite-unknown">
          {t("unknown")}
        </p>
        <LinkButton href="/" variant="secondary">
          {t("home")}
        </LinkButton>
      </>
    );
  else
    body = (
      <>
        <h1 className="text-xl font-bold text-ink" data-testid="invite-title">
          {t("title", { inviter: landing.data.inviter })}
        </h1>
        <p className="leading-7 text-ink-muted">{t("body")}</p>
        <LinkButton href={`/auth/register?invite=${encodeURIComponent(code)}`} className="w-full">
          {t("join")}
        </LinkButton>
        {landing.data.opted_out ? (
          <Alert tone="success">{t("stopped")}</Alert>
        ) : (
          <div className="grid gap-1">
            <Button variant="secondary" className="w-full" busy={stop.isPending} onClick={() => stop.mutate()}>
              {t("stop")}
            </Button>
            <p className="text-xs text-ink-muted">{t("stopHint")}</p>
          </div>
        )}
        {stop.isError ? <Alert tone="error">{t("stopFailed")}</Alert> : null}
      </>
    );
  return <section className="mt-4 grid w-full max-w-md gap-4 rounded-card bg-surface p-6 shadow-card sm:p-8">{body}</section>;
}
