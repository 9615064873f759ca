"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { CheckMethodLabel, useActionName } from "@/components/ui/labels";
import { ActivityStatusBadge } from "@/components/ui/status-badges";
import { NoteForm } from "@/components/activities/NoteForm";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { PagedList } from "@/components/ui/PagedList";
import { TabbedList, useTabbedPages } from "@/components/ui/QueryView";
import { ACTIVITIES_PER_PAGE, useAppealActivity, useMyActivities, type Activity, type ActivityTab } from "@/lib/api/activities";
import { useMoney } from "@/lib/format/money";

export const ACTIVITY_TABS = [
  "all",
  "in_progress",
  "awaiting_review",
  "approved",
  "denied",
  "completed",
] as const satisfies readonly ActivityTab[];

/** The booster's own work by status, each with its reason, its release date or the way to go on. */
export function MyActivities({ onContinue }: { onContinue: (activity: Activity) => void }) {
  const t = useTranslations("earn.mine");
  const list = useTabbedPages(ACTIVITY_TABS, useMyActivities, ACTIVITIES_PER_PAGE);
  // Said here, not on the card: an appealed activity leaves the Denied tab as soon as the list is read again.
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Card id="earn-mine" title={t("title")}>
      {notice ? (
        <Alert tone="success" className="mb-4">
          {notice}
        </Alert>
      ) : null}
      <TabbedList id="earn-activities" list={list} messages="earn.mine" empty={{ text: t("empty"), testId: "activities-empty" }}>
        <PagedList {...list.pager} testId="my-activities">
          {list.rows.map((activity) => (
            <ActivityCard
              key={activity.id}
              activity={activity}
              onContinue={() => onContinue(activity)}
              onAppealed={() => setNotice(t("appealSent"))}
            />
          ))}
        </PagedList>
      </TabbedList>
    </Card>
  );
}

/** A denial a person made may be appealed once; an expiry or a claw-back may not. */
const appealable = (activity: Activity) =>
  activity.status === "denied" && activity.appealed_at === null && activity.denial_code !== "expired" && activity.denial_code !== "dropped";

function ActivityCard({ activity, onContinue, onAppealed }: { activity: Activity; onContinue: () => void; onAppealed: () => void }) {
  const t = useTranslations("earn");
  const format = useFormatter();
  const money = useMoney();
  const action = useActionName()(activity).action;
  const [appealing, setAppealing] = useState(false);
  const appeal = useAppealActivity(activity.id);
  const date = (iso: string | null) => (iso ? format.dateTime(new Date(iso), "date") : "");
  return (
    <li className="grid gap-3 rounded-lg border border-surface-line p-4" data-testid="my-activity">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold text-ink">{action}</h3>
        <ActivityStatusBadge status={activity.status} />
      </div>
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <dt className="text-ink-muted">{t("mine.reward")}</dt>
        <dd className="font-semibold tabular-nums text-ink">{activity.reward === null ? "" : money(activity.reward)}</dd>
        <dt className="text-ink-muted">{t("mine.started")}</dt>
        <dd className="text-ink">
          <time dateTime={activity.created_at}>{format.dateTime(new Date(activity.created_at), "dateTime")}</time>
        </dd>
        <dt className="text-ink-muted">{t("feed.checked")}</dt>
        <dd>
          <CheckMethodLabel method={activity.check_method} />
        </dd>
      </dl>
      <Detail activity={activity} date={date} />
      {activity.status === "in_progress" ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" onClick={onContinue} className="w-full sm:w-auto">
            {t("mine.continue")}
          </Button>
          <span className="text-sm text-ink-muted">
            {t("mine.until", { time: format.dateTime(new Date(activity.expires_at), "time") })}
          </span>
        </div>
      ) : null}
      {appealable(activity) ? (
        appealing ? (
          <NoteForm
            label={t("mine.appealTitle")}
            field={t("mine.appealNote")}
            send={t("mine.appealSend")}
            cancel={t("mine.appealCancel")}
            onCancel={() => setAppealing(false)}
            onSend={async (note) => {
              await appeal.mutateAsync({ note });
              setAppealing(false);
              onAppealed();
            }}
          />
        ) : (
          <Button type="button" variant="secondary" onClick={() => setAppealing(true)} className="w-full sm:w-auto sm:justify-self-start">
            {t("mine.appeal")}
          </Button>
        )
      ) : null}
    </li>
  );
}

/** The one sentence an activity's state needs: when it was sent, why it was denied, when it is released. */
function Detail({ activity, date }: { activity: Activity; date: (iso: string | null) => string }) {
  const t = useTranslations("earn");
  const lines: string[] = [];
  if (activity.status === "in_progress" && activity.revision_note) lines.push(t("panel.revision", { note: activity.revision_note }));
  if (activity.status === "awaiting_review" && activity.submitted_at) lines.push(t("mine.sent", { date: date(activity.submitted_at) }));
  if (activity.appealed_at && activity.status === "awaiting_review") lines.push(t("mine.appealed", { date: date(activity.appealed_at) }));
  if (activity.status === "approved" && activity.release_at) lines.push(t("mine.releaseOn", { date: date(activity.release_at) }));
  if (activity.status === "completed" && activity.released_at) lines.push(t("mine.releasedOn", { date: date(activity.released_at) }));
  if (activity.status === "denied") {
    if (activity.denial_code === "dropped") lines.push(t("mine.dropped"));
    const code = activity.denial_code ? t(`denial.${activity.denial_code}`) : null;
    const reason = [code, activity.denial_reason].filter(Boolean).join(": ");
    if (reason) lines.push(t("mine.reason", { reason }));
  }
  if (lines.length === 0) return null;
  return (
    <div className="grid gap-1 text-sm leading-6 text-ink" data-testid="activity-detail">
      {lines.map((line) => (
        <p key={line} className="[overflow-wrap:anywhere]">
          {line}
        </p>
      ))}
    </div>
  );
}
