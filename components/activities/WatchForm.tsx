"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { ProgressBar } from "@/components/ui/ProgressBar";
import { ApiError } from "@/lib/api/client";
import { useHeartbeat, useStartWatch, type Activity } from "@/lib/api/activities";
import { useFailureText } from "@/lib/forms/use-api-form";
import { createPlayer, PLAYING, type Player } from "@/lib/youtube/iframe-player";

/**
 * A view or watch-time task, watched here: the server opens a watch session, the YouTube player plays
 * the video, and every few seconds a heartbeat says where it is, whether it plays and whether this tab
 * is in front. Only time the heartbeats prove is credited; when it is enough the task is approved.
 */
export function WatchForm({ activity, onDone, onHide }: { activity: Activity; onDone: (activity: Activity) => void; onHide: () => void }) {
  const t = useTranslations("earn.watch");
  const panel = useTranslations("earn.panel");
  const format = useFormatter();
  const failure = useFailureText();
  const start = useStartWatch(activity.id);
  const beat = useHeartbeat();
  const container = useRef<HTMLDivElement>(null);
  const [player, setPlayer] = useState<Player | null>(null);
  const [playerFailed, setPlayerFailed] = useState(false);
  const [credited, setCredited] = useState(0);
  const [playing, setPlaying] = useState(false);
  const session = start.data;
  const ended = beat.error instanceof ApiError && beat.error.code === "watch_session_ended";
  // The latest onDone, without restarting the heartbeats when the page renders again.
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  // The player, once the session says which video and which script.
  useEffect(() => {
    if (!session || !container.current) return;
    let current: Player | null = null;
    let cancelled = false;
    createPlayer(container.current, session.player_script_url, session.video_id).then(
      (created) => {
        if (cancelled) return created.destroy();
        current = created;
        setPlayer(created);
      },
      () => !cancelled && setPlayerFailed(true),
    );
    return () => {
      cancelled = true;
      current?.destroy();
    };
  }, [session]);

  // The heartbeats, while the session is open.
  const { mutate: sendBeat } = beat;
  useEffect(() => {
    if (!session || !player || ended) return;
    const timer = window.setInterval(() => {
      const isPlaying = player.getPlayerState() === PLAYING;
      setPlaying(isPlaying);
      sendBeat(
        {
          sessionId: session.session_id,
          position: player.getCurrentTime(),
          playing: isPlaying,
          visible: document.visibilityState === "visible",
        },
        {
          onSuccess: (answer) => {
            setCredited(answer.credited_seconds);
            if (answer.done && answer.activity) done.current(answer.activity);
          },
        },
      );
    }, session.beat_seconds * 1000);
    return () => window.clearInterval(timer);
  }, [session, player, ended, sendBeat]);

  if (!session)
    return (
      <div className="grid gap-3">
        <p className="text-sm leading-6 text-ink-muted">{t("intro")}</p>
        {start.isError ? <Alert tone="error">{failure(start.error)}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="button" busy={start.isPending} onClick={() => start.mutate()} className="w-full sm:w-auto">
            {t("start")}
          </Button>
          <Button type="button" variant="secondary" onClick={onHide} className="w-full sm:w-auto">
            {panel("hide")}
          </Button>
        </div>
      </div>
    );

  const shown = Math.max(credited, session.credited_seconds);
  const required = session.required_seconds;
  return (
    <div className="grid gap-3" data-testid="watch-session">
      <div ref={container} className="aspect-video w-full overflow-hidden rounded-lg bg-ink" />
      {playerFailed ? <Alert tone="error">{t("playerError")}</Alert> : null}
      <ProgressBar value={(shown * 100) / required} label={t("progressLabel")} />
      <p className="text-sm text-ink" data-testid="watch-credited">
        {t("progress", { credited: format.number(shown), required: format.number(required) })}
      </p>
      {player && !playing && !ended ? <p className="text-xs leading-5 text-ink-muted">{t("paused")}</p> : null}
      {ended ? (
        <div className="grid justify-items-start gap-2">
          <Alert tone="info">{failure(beat.error)}</Alert>
          <Button
            type="button"
            onClick={() => {
              beat.reset();
              start.mutate();
            }}
            busy={start.isPending}
          >
            {t("again")}
          </Button>
        </div>
      ) : beat.isError ? (
        <Alert tone="error">{failure(beat.error)}</Alert>
      ) : null}
      <div>
        <Button type="button" variant="secondary" onClick={onHide} className="w-full sm:w-auto">
          {panel("hide")}
        </Button>
      </div>
    </div>
  );
}
