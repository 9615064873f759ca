"use client";
import { useTranslations } from "next-intl";
import { StatusLabel, StatusPill, type StatusTone } from "@/components/ui/StatusPill";
import type { Activity } from "@/lib/schemas/activities";
import type { ActivityCheckMethod, ActivityStatus } from "@/lib/schemas/enums";

const statusTones: Record<ActivityStatus, StatusTone> = {
  pending: "muted",
  in_progress: "info",
  awaiting_review: "warning",
  approved: "success",
  completed: "success",
  denied: "danger",
};

/** An activity's status as a coloured label (the producer's and the booster's views alike). */
export function ActivityStatusBadge({ status }: { status: ActivityStatus }) {
  return <StatusLabel status={status} tones={statusTones} messages="campaigns.activities.status" fallbackTone="muted" />;
}

/** "Like", "Watch time" …: the action's name, or the raw value for one this version does not know. */
export function useActionName() {
  const t = useTranslations("campaigns.activities");
  return (activity: Pick<Activity, "action" | "type">) => ({
    action: t.has(`actions.${activity.action}` as never) ? t(`actions.${activity.action}` as never) : activity.action,
    type: t.has(`types.${activity.type}` as never) ? t(`types.${activity.type}` as never) : activity.type,
  });
}

/** How a piece of work is checked: auto-checked, watch session or reviewed (words, never a network's name or logo). */
export function CheckMethodLabel({ method }: { method: ActivityCheckMethod }) {
  const t = useTranslations("earn.check");
  return <StatusPill tone={method === "review" ? "neutral" : "info"}>{t(method)}</StatusPill>;
}
