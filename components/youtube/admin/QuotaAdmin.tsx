"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Alert } from "@/components/ui/Alert";
import { Card } from "@/components/ui/Card";
import { DataTable } from "@/components/ui/DataTable";
import { NoValue } from "@/components/ui/NoValue";
import { AdminLoadError, AdminLoading } from "@/components/ui/back-office/AdminStates";
import { quotaKinds, type QuotaDay } from "@/lib/schemas/youtube";
import { useYoutubeQuota, type YoutubeQuota } from "@/lib/api/youtube";
import { dayDate } from "@/lib/time/tehran";

/**
 * The back office's view of YouTube's daily quota: today's units (Google's day) per kind of call, the
 * reserve kept for boosters' first checks, what is left and what new YouTube tasks do when it runs low;
 * then the days before.
 */
export function QuotaAdmin() {
  const t = useTranslations("admin.youtube");
  const query = useYoutubeQuota();
  return (
    <div className="grid gap-6">
      <Card title={t("todayTitle")} intro={t("intro")} id="youtube-quota-today" headingLevel={1}>
        {query.isPending ? (
          <AdminLoading />
        ) : query.isError ? (
          <AdminLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          <Today quota={query.data} />
        )}
      </Card>
      {query.data ? (
        <Card title={t("historyTitle")} id="youtube-quota-history">
          <History days={query.data.history} />
        </Card>
      ) : null}
    </div>
  );
}

function Today({ quota }: { quota: YoutubeQuota }) {
  const t = useTranslations("admin.youtube");
  const format = useFormatter();
  const { today } = quota;
  const n = (value: number) => format.number(value);
  const time = format.dateTime(new Date(quota.resumes_at), "dateTime");
  const rows = [
    ...quotaKinds.map((kind) => ({ key: kind, label: t(`kinds.${kind}`), units: today.used[kind] })),
    { key: "reserve", label: t("reserve"), units: today.reserve },
    { key: "refused", label: t("refused"), units: today.refused },
  ];
  return (
    <div className="grid gap-4" data-testid="youtube-quota-today">
      <p className="text-sm text-ink">
        {t("summary", {
          day: format.dateTime(dayDate(today.day), "day"),
          used: n(today.total),
          quota: n(today.quota),
          left: n(today.left),
        })}
      </p>
      <Alert tone={today.state === "open" ? "success" : "error"}>
        {today.state === "open" ? t("open", { time }) : t(quota.low_mode === "pause" ? "lowPause" : "lowReview", { time })}
      </Alert>
      <DataTable
        rows={rows}
        rowKey={(row) => row.key}
        caption={t("todayCaption")}
        columns={[
          { key: "kind", header: t("kind"), cell: (row) => row.label },
          {
            key: "units",
            header: t("units"),
            cell: (row) => n(row.units),
            className: "text-end tabular-nums",
            headerClassName: "text-end",
          },
        ]}
        testId="youtube-quota-kinds"
      />
    </div>
  );
}

function History({ days }: { days: QuotaDay[] }) {
  const t = useTranslations("admin.youtube");
  const format = useFormatter();
  if (days.length === 0) return <p className="text-sm text-ink-muted">{t("historyEmpty")}</p>;
  const number = (value: number) => format.number(value);
  const units = "text-end tabular-nums";
  return (
    <DataTable
      rows={days}
      rowKey={(day) => day.day}
      caption={t("historyTitle")}
      minWidth="min-w-[44rem]"
      testId="youtube-quota-history"
      columns={[
        { key: "day", header: t("day"), cell: (day) => <time dateTime={day.day}>{format.dateTime(dayDate(day.day), "day")}</time> },
        ...quotaKinds.map((kind) => ({
          key: kind,
          header: t(`kinds.${kind}`),
          cell: (day: QuotaDay) => number(day.used[kind]),
          className: units,
          headerClassName: "text-end",
        })),
        { key: "total", header: t("total"), cell: (day) => number(day.total), className: units, headerClassName: "text-end" },
        { key: "quota", header: t("quota"), cell: (day) => number(day.quota), className: units, headerClassName: "text-end" },
        { key: "refused", header: t("refused"), cell: (day) => number(day.refused), className: units, headerClassName: "text-end" },
        {
          key: "spent",
          header: t("googleSpent"),
          cell: (day) => (day.spent_at ? format.dateTime(new Date(day.spent_at), "time") : <NoValue label={t("googleNotSpent")} />),
          className: "text-end",
          headerClassName: "text-end",
        },
      ]}
    />
  );
}
