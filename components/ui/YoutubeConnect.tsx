"use client";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { useConnectYoutube } from "@/lib/api/youtube";
import { useFailureText } from "@/lib/forms/use-api-form";
import { youtubeConnectOutcomes, type YoutubeReturnTo } from "@/lib/schemas/youtube";

/**
 * Connecting a YouTube channel, where a page offers it (the profile's channel card, a task that checks
 * through the channel): the button to Google and the outcome it comes back with.
 */

const noSubscription = () => () => undefined;

/** What the page was sent back from Google with (?youtube=<outcome>), said once above the card. */
export function YoutubeConnectOutcome() {
  const t = useTranslations("youtube.outcome");
  // The browser's address, read on the client only (the server renders nothing here).
  const value = useSyncExternalStore(
    noSubscription,
    () => new URLSearchParams(window.location.search).get("youtube"),
    () => null,
  );
  const outcome = youtubeConnectOutcomes.find((o) => o === value);
  if (!outcome) return null;
  return (
    <Alert tone={outcome === "connected" ? "success" : "error"} className="mb-4">
      {t(outcome)}
    </Alert>
  );
}

/** The connect button: to Google's consent page and back to `returnTo`; `likes` asks for the like-check permission too. */
export function YoutubeConnectButton({
  returnTo,
  likes = false,
  variant = "primary",
}: {
  returnTo: YoutubeReturnTo;
  likes?: boolean;
  variant?: "primary" | "secondary";
}) {
  const t = useTranslations("youtube");
  const connect = useConnectYoutube();
  const failure = useFailureText();
  return (
    <div className="grid justify-items-start gap-2">
      <Button
        type="button"
        variant={variant}
        busy={connect.isPending || connect.isSuccess}
        onClick={() => connect.mutate({ returnTo, likes })}
      >
        {likes ? t("allowLikes") : t("connect")}
      </Button>
      {connect.isError ? <Alert tone="error">{failure(connect.error)}</Alert> : null}
    </div>
  );
}
