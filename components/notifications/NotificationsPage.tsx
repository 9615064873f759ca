"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { PanelPage } from "@/components/ui/PageHeader";
import { PagedList } from "@/components/ui/PagedList";
import { TabbedList, useTabbedPages } from "@/components/ui/QueryView";
import { SignInCard } from "@/components/ui/SignInCard";
import { Link } from "@/lib/i18n/link";
import { useMe } from "@/lib/api/me";
import {
  NOTIFICATIONS_PER_PAGE,
  useNotifications,
  useReadAllNotifications,
  useReadNotification,
  useSeeNotifications,
  type NotificationTab,
  type NotificationView,
} from "@/lib/api/notifications";
import { useNotificationText } from "./text";

export const NOTIFICATION_TABS = ["all", "new", "read"] as const satisfies readonly NotificationTab[];

/** /dashboard/notifications: the inbox in tabs (all, new, read); opening it clears the header's count. */
export function NotificationsPage() {
  const t = useTranslations("notifications.inbox");
  const titles = useTranslations("titles");
  const list = useTabbedPages(NOTIFICATION_TABS, useNotifications, NOTIFICATIONS_PER_PAGE);
  const see = useSeeNotifications();
  const readAll = useReadAllNotifications();
  const [notice, setNotice] = useState<string | null>(null);
  const me = useMe();
  const signedIn = Boolean(me.data);
  const { mutate: markSeen } = see;
  useEffect(() => {
    if (signedIn) markSeen();
  }, [markSeen, signedIn]);

  // SPEC §2: the page opens without logging in; a visitor is asked to, and comes back here.
  if (me.data === null)
    return (
      <SignInCard
        heading={
          <h1 id="page-title" className="text-2xl font-bold text-ink">
            {titles("notifications")}
          </h1>
        }
        body={t("signIn")}
        redirect="/dashboard/notifications"
      />
    );

  return (
    <PanelPage
      width="max-w-3xl"
      title={titles("notifications")}
      intro={t("intro")}
      action={
        <Button
          variant="secondary"
          className="w-full sm:w-auto"
          busy={readAll.isPending}
          onClick={() => readAll.mutate(undefined, { onSuccess: (result) => setNotice(t("allRead", { count: result.read })) })}
        >
          {t("markAllRead")}
        </Button>
      }
    >
      {notice ? (
        <Alert tone="success" className="-mt-2">
          {notice}
        </Alert>
      ) : null}
      <Card id="notifications" title={t("title")}>
        <TabbedList
          id="notification-tabs"
          list={list}
          messages="notifications.inbox"
          empty={{ text: t("empty"), testId: "notifications-empty" }}
        >
          <PagedList {...list.pager} testId="notification-list">
            {list.rows.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} />
            ))}
          </PagedList>
        </TabbedList>
      </Card>
    </PanelPage>
  );
}

/** One notification: its words, when, whether it is new, and the link to what it is about (opening it reads it). */
function NotificationItem({ notification }: { notification: NotificationView }) {
  const t = useTranslations("notifications.inbox");
  const format = useFormatter();
  const textOf = useNotificationText();
  const read = useReadNotification();
  const text = textOf(notification);
  const unread = notification.read_at === null;
  return (
    <li
      className={`grid gap-2 rounded-lg border p-4 ${unread ? "border-brand-200 bg-brand-50/60" : "border-surface-line"}`}
      data-testid="notification"
      data-kind={notification.kind}
      data-unread={unread || undefined}
    >
      <p className="text-sm leading-7 text-ink [overflow-wrap:anywhere]">
        {unread ? (
          <span className="me-2 inline-block rounded-full bg-brand-600 px-2 text-xs font-bold leading-5 text-white">{t("new")}</span>
        ) : null}
        {text}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-ink-muted">
        <time dateTime={notification.created_at}>{format.dateTime(new Date(notification.created_at), "dateTime")}</time>
        <Link
          href={notification.href}
          onClick={() => {
            if (unread) read.mutate(notification.id);
          }}
          aria-label={t("openLabel", { text })}
          className="rounded font-semibold text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
        >
          {t("open")}
        </Link>
      </div>
    </li>
  );
}
