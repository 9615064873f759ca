"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { Checkbox } from "@/components/ui/Checkbox";
import { LoadError } from "@/components/ui/LoadError";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { useNotificationPreferences, useSaveNotificationPreferences, type NotificationPreference } from "@/lib/api/notifications";

/** Issue 18: what the user is told, per category, in the app and by SMS; money and account always in the app. */
export function NotificationPreferencesCard() {
  const t = useTranslations("profile.notifications");
  const preferences = useNotificationPreferences();
  return (
    <Card title={t("title")} id="profile-notifications">
      <p className="-mt-2 mb-4 text-sm leading-6 text-ink-muted">{t("description")}</p>
      {preferences.isPending ? (
        <SkeletonLines lines={4} />
      ) : preferences.isError || !Array.isArray(preferences.data) ? (
        <LoadError message={t("loadError")} onRetry={() => void preferences.refetch()} retrying={preferences.isFetching} />
      ) : (
        <PreferencesForm initial={preferences.data} />
      )}
    </Card>
  );
}

function PreferencesForm({ initial }: { initial: NotificationPreference[] }) {
  const t = useTranslations("profile.notifications");
  const save = useSaveNotificationPreferences();
  const [rows, setRows] = useState(initial);
  const [saved, setSaved] = useState(false);
  const set = (category: string, channel: "in_app" | "sms", on: boolean) => {
    setSaved(false);
    setRows((current) => current.map((row) => (row.category === category ? { ...row, [channel]: on } : row)));
  };
  const submit = () =>
    save.mutate(
      {
        in_app_off: rows.filter((row) => !row.in_app && !row.in_app_locked).map((row) => row.category),
        sms_off: rows.filter((row) => row.sms === false).map((row) => row.category),
      },
      { onSuccess: () => setSaved(true) },
    );
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ul className="grid gap-3">
        {rows.map((row) => (
          <li
            key={row.category}
            className="grid gap-2 rounded-lg border border-surface-line p-3"
            data-testid={`preference-${row.category}`}
          >
            <fieldset className="grid gap-2">
              <legend className="text-sm font-semibold text-ink">{t(`categories.${row.category}`)}</legend>
              <Checkbox
                label={row.in_app_locked ? t("inAppLocked") : t("inApp")}
                checked={row.in_app}
                disabled={row.in_app_locked}
                onChange={(event) => set(row.category, "in_app", event.target.checked)}
              />
              {row.sms === null ? null : (
                <Checkbox label={t("sms")} checked={row.sms} onChange={(event) => set(row.category, "sms", event.target.checked)} />
              )}
            </fieldset>
          </li>
        ))}
      </ul>
      {saved ? <Alert tone="success">{t("saved")}</Alert> : null}
      {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
      <div>
        <Button type="submit" busy={save.isPending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
