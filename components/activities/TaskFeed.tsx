"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CheckMethodLabel, useActionName } from "@/components/ui/labels";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { ExternalLink } from "@/components/ui/ExternalLink";
import { EmptyState } from "@/components/ui/EmptyState";
import { SelectField } from "@/components/ui/Field";
import { PagedList } from "@/components/ui/PagedList";
import { pageCount } from "@/components/ui/Pagination";
import { QueryView } from "@/components/ui/QueryView";
import { TASKS_PER_PAGE, useStartTask, useTasks, type Activity, type Task, type TaskFilter } from "@/lib/api/activities";
import { actionsByNetwork, networks } from "@/lib/campaigns/pricing";
import { useMoney } from "@/lib/format/money";
import { useFailureText } from "@/lib/forms/use-api-form";
import type { Network } from "@/lib/schemas/enums";

const allActions = [...new Set(networks.flatMap((network) => actionsByNetwork[network] as readonly string[]))];

/** The feed: open tasks on other producers' campaigns, filtered by network and action, each with a start button. */
export function TaskFeed({ onStarted }: { onStarted: (activity: Activity) => void }) {
  const t = useTranslations("earn.feed");
  const tc = useTranslations("campaigns");
  const names = useActionName();
  const [filter, setFilter] = useState<TaskFilter>({});
  const [page, setPage] = useState(1);
  const query = useTasks(filter, page);
  const start = useStartTask();
  const failureText = useFailureText();
  const [error, setError] = useState<string | null>(null);
  const rows = query.data?.data ?? [];
  const pages = pageCount(query.data?.meta.total ?? 0, query.data?.meta.per_page || TASKS_PER_PAGE);
  const actions = filter.network ? (actionsByNetwork[filter.network] as readonly string[]) : allActions;
  const choose = (next: TaskFilter) => {
    setFilter(next);
    setPage(1);
  };
  const startTask = async (task: Task) => {
    setError(null);
    try {
      onStarted(await start.mutateAsync(task.id));
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  const filtered = Boolean(filter.network || filter.action);

  return (
    <Card id="earn-feed" title={t("title")} intro={t("intro")}>
      <div className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t("network")}
            value={filter.network ?? ""}
            onChange={(event) => choose({ network: (event.target.value || undefined) as Network | undefined })}
          >
            <option value="">{t("any")}</option>
            {networks.map((network) => (
              <option key={network} value={network}>
                {tc(`networks.${network}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("action")}
            value={filter.action ?? ""}
            onChange={(event) => choose({ ...filter, action: event.target.value || undefined })}
          >
            <option value="">{t("any")}</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {names({ action, type: "post" }).action}
              </option>
            ))}
          </SelectField>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <QueryView
          query={query}
          loadError={t("loadError")}
          lines={4}
          empty={rows.length === 0 ? <EmptyState testId="tasks-empty">{filtered ? t("emptyFiltered") : t("empty")}</EmptyState> : null}
        >
          <PagedList
            busy={query.isFetching}
            page={page}
            pages={pages}
            onPage={setPage}
            testId="task-list"
            className="grid gap-3 md:grid-cols-2"
          >
            {rows.map((task) => (
              <TaskCard
                key={task.id}
                task={task}
                busy={start.isPending && start.variables === task.id}
                onStart={() => void startTask(task)}
              />
            ))}
          </PagedList>
        </QueryView>
      </div>
    </Card>
  );
}

function TaskCard({ task, busy, onStart }: { task: Task; busy: boolean; onStart: () => void }) {
  const t = useTranslations("earn");
  const tc = useTranslations("campaigns");
  const money = useMoney();
  const action = useActionName()(task).action;
  return (
    <li className="grid content-start gap-3 rounded-lg border border-surface-line p-4" data-testid="task">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-bold text-ink">{action}</h3>
        <span className="text-sm text-ink-muted">{tc(`networks.${task.network}`)}</span>
      </div>
      {/* Whole, wrapped where it must: on a phone the end of the link is what tells two campaigns apart. */}
      <ExternalLink href={task.link} fit="wrap" className="text-sm underline-offset-4" />
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 text-sm">
        <dt className="text-ink-muted">{t("feed.reward")}</dt>
        <dd className="font-bold tabular-nums text-ink">{money(task.reward)}</dd>
        <dt className="text-ink-muted">{t("feed.time")}</dt>
        <dd className="tabular-nums text-ink">{t("feed.minutes", { minutes: task.minutes_allowed })}</dd>
        <dt className="text-ink-muted">{t("feed.checked")}</dt>
        <dd>
          <CheckMethodLabel method={task.check_method} />
        </dd>
      </dl>
      <p className="text-xs leading-5 text-ink-muted">{t(`checkHint.${task.check_method}`)}</p>
      <Button
        type="button"
        onClick={onStart}
        busy={busy}
        aria-label={t("feed.startNamed", { action })}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {t("feed.start")}
      </Button>
    </li>
  );
}
