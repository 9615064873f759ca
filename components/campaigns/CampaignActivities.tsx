"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { DataTable, type Column } from "@/components/ui/DataTable";
import { EmptyState } from "@/components/ui/EmptyState";
import { LinkButton, linkButton } from "@/components/ui/LinkButton";
import { LoadError } from "@/components/ui/LoadError";
import { Pagination, pageCount } from "@/components/ui/Pagination";
import { ProgressBar } from "@/components/ui/ProgressBar";
import { SkeletonLines } from "@/components/ui/Skeleton";
import { useCampaignActivities, useCampaignActivity, CAMPAIGNS_PER_PAGE, type CampaignActivity } from "@/lib/api/campaigns";
import { isWellFormedId } from "@/lib/format/ids";
import { CheckMethodLabel, useActionName } from "@/components/ui/labels";
import { ExternalLink } from "@/components/ui/ExternalLink";
import { NoValue } from "@/components/ui/NoValue";
import { ActivityStatusBadge } from "@/components/ui/status-badges";
import { useMoney } from "@/lib/format/money";
import { Link } from "@/lib/i18n/link";
import { NotFoundCard } from "./shared";
import { useDates } from "@/components/ui/dates";
import { isNotFound, isUnauthorized } from "@/lib/api/errors";

/** A Latin name inside a right-to-left sentence keeps its own direction (FSI … PDI). */
const isolate = (text: string) => `\u2068${text}\u2069`;

const COLUMNS = ["type", "action", "booster", "proof", "status", "budget", "cost", "progress", "created", "details"] as const;

/**
 * Proof the producer may check (docs/product.md §6), once the work was reviewed: the Instagram username that
 * did it (as the booster gave it) and a comment's text. Never the booster's name, nor their screenshot.
 */
function proofOf(activity: CampaignActivity): { username: string | null; comment: string | null } | null {
  if (activity.reviewed_at === null) return null;
  const username = activity.proof_username;
  const comment = activity.action === "comment" ? activity.proof : null;
  return username || comment ? { username: username || null, comment: comment || null } : null;
}

/** An Instagram username as a link to its profile, left to right inside any page. */
function InstagramUser({ username }: { username: string }) {
  return <ExternalLink href={`https://www.instagram.com/${encodeURIComponent(username)}/`}>@{username}</ExternalLink>;
}

/** A reviewed activity's proof in a table cell or a card: the username, the comment (two lines at most) and the post. */
function ProofSummary({ activity }: { activity: CampaignActivity }) {
  const t = useTranslations("campaigns.activities");
  const proof = proofOf(activity);
  if (!proof) return <NoValue label={t("noProof")} />;
  return (
    <div className="grid min-w-0 max-w-[16rem] gap-0.5" data-testid="activity-proof">
      {proof.username ? <InstagramUser username={proof.username} /> : null}
      {proof.comment ? (
        <q dir="auto" className="line-clamp-2 text-ink [overflow-wrap:anywhere]">
          {proof.comment}
        </q>
      ) : null}
      <ExternalLink href={activity.post_link} className="text-xs">
        {t("openPost")}
      </ExternalLink>
    </div>
  );
}

/** SPEC §2 activities table: type, action, the booster masked, status, budget, cost, progress, dates; each row opens its detail. */
export function ActivitiesTable({ campaignId }: { campaignId: string }) {
  const t = useTranslations("campaigns.activities");
  const tc = useTranslations("campaigns");
  const titles = useTranslations("titles");
  const money = useMoney();
  const date = useDates();
  const names = useActionName();
  const [page, setPage] = useState(1);
  const query = useCampaignActivities(campaignId, page);
  if (query.isPending) return <SkeletonLines lines={3} />;
  if (query.isError) return <LoadError message={t("loadError")} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const rows = query.data.data;
  const pages = pageCount(query.data.meta.total, query.data.meta.per_page || CAMPAIGNS_PER_PAGE);
  const cells = (row: CampaignActivity): Record<(typeof COLUMNS)[number], ReactNode> => {
    const name = names(row);
    return {
      type: name.type,
      action: name.action,
      booster: <span dir="auto">{row.booster}</span>,
      proof: <ProofSummary activity={row} />,
      status: <ActivityStatusBadge status={row.status} />,
      budget: <span className="whitespace-nowrap">{money(row.budget)}</span>,
      cost: <span className="whitespace-nowrap">{money(row.cost)}</span>,
      progress: <ProgressBar value={row.progress} label={t("progressOf", { action: name.action })} />,
      created: date(row.created_at),
      details: (
        <Link
          href={`/dashboard/campaigns/view/${campaignId}/activities/${row.id}`}
          className="font-semibold text-brand-700 hover:underline"
          aria-label={t("detailsOf", { action: name.action, booster: isolate(row.booster) })}
        >
          {t("details")}
        </Link>
      ),
    };
  };
  const columns: Column<CampaignActivity>[] = COLUMNS.map((key) => ({
    key,
    // The links' column has no columns.* key: its hidden heading is the links' own word.
    header: key === "details" ? t("details") : t(`columns.${key}`),
    hiddenHeader: key === "details",
    cell: (row) => cells(row)[key],
    className: "align-middle text-ink",
  }));
  return (
    <div className="grid gap-4">
      {rows.length === 0 ? (
        <EmptyState testId="activities-empty">{tc("empty")}</EmptyState>
      ) : (
        <DataTable
          rows={rows}
          rowKey={(row) => row.id}
          columns={columns}
          caption={titles("campaignActivities")}
          minWidth="min-w-[56rem]"
          rowHeader={false}
          rowClassName=""
          testId="activities-table"
          cardsTestId="activity-cards"
          card={{
            className: "grid gap-2 rounded-card border border-surface-line p-4 text-sm",
            render: (row) => {
              const cell = cells(row);
              return (
                <>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold text-ink">
                      {cell.action} · {cell.type}
                    </span>
                    {cell.status}
                  </div>
                  <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-ink-muted">
                    {(["booster", "budget", "cost", "created"] as const).map((column) => (
                      <div key={column} className="contents">
                        <dt>{t(`columns.${column}`)}</dt>
                        <dd className="text-ink">{cell[column]}</dd>
                      </div>
                    ))}
                  </dl>
                  {proofOf(row) ? (
                    <div className="grid gap-1">
                      <span className="text-ink-muted">{t("columns.proof")}</span>
                      {cell.proof}
                    </div>
                  ) : null}
                  {cell.progress}
                  <div>{cell.details}</div>
                </>
              );
            },
          }}
        />
      )}
      <Pagination page={page} pages={pages} busy={query.isFetching} onPage={setPage} />
    </div>
  );
}

/** SPEC §2 /dashboard/campaigns/view/:id/activities: the campaign's activities on a page of their own. */
export function CampaignActivities({ id }: { id: string }) {
  const t = useTranslations("campaigns.activities");
  const titles = useTranslations("titles");
  const probe = useCampaignActivities(id, 1);
  if (isUnauthorized(probe.error)) return null;
  if (!isWellFormedId(id) || isNotFound(probe.error)) return <NotFoundCard />;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <header className="grid gap-2">
        <Link href={`/dashboard/campaigns/view/${id}`} className="text-sm font-semibold text-brand-700 hover:underline">
          {t("back")}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold text-ink">
          {titles("campaignActivities")}
        </h1>
      </header>
      <section aria-labelledby="page-title" className="rounded-card bg-surface p-4 shadow-card sm:p-6">
        <ActivitiesTable campaignId={id} />
      </section>
    </div>
  );
}

/**
 * SPEC §2 one activity: what was done, by whom (masked), how it was checked, its proof once reviewed (the
 * Instagram username, a comment's text), its money and dates, the post it was done on, and a way back.
 */
export function ActivityDetail({ id, activityId }: { id: string; activityId: string }) {
  const t = useTranslations("campaigns.activities");
  const format = useFormatter();
  const money = useMoney();
  const date = useDates();
  const names = useActionName();
  const query = useCampaignActivity(id, activityId);
  if (isUnauthorized(query.error)) return null;
  if (!isWellFormedId(id) || !isWellFormedId(activityId) || isNotFound(query.error)) return <NotFoundCard />;
  const back = (
    <LinkButton href={`/dashboard/campaigns/view/${id}/activities`} variant="secondary" data-testid="activity-back">
      {t("backToList")}
    </LinkButton>
  );
  if (query.isPending) return <SkeletonLines lines={5} className="mx-auto w-full max-w-3xl" />;
  if (query.isError)
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4">
        <LoadError message={t("loadError")} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        <div>{back}</div>
      </div>
    );
  const activity = query.data;
  const name = names(activity);
  const rows: [string, ReactNode][] = [
    [t("columns.type"), name.type],
    [t("columns.action"), name.action],
    [t("columns.quantity"), format.number(activity.quantity)],
    [
      t("columns.booster"),
      <span key="booster" dir="auto">
        {activity.booster}
      </span>,
    ],
    [t("columns.status"), <ActivityStatusBadge key="status" status={activity.status} />],
    [t("checkedBy"), <CheckMethodLabel key="checked" method={activity.check_method} />],
    [t("columns.budget"), money(activity.budget)],
    [t("columns.cost"), money(activity.cost)],
    [t("columns.progress"), <ProgressBar key="progress" value={activity.progress} label={t("progressOf", { action: name.action })} />],
    [t("columns.created"), date(activity.created_at)],
    [t("columns.submitted"), date(activity.submitted_at)],
    [t("columns.reviewed"), date(activity.reviewed_at)],
  ];
  const proof = proofOf(activity);
  if (proof?.username) rows.push([t("proofUsername"), <InstagramUser key="username" username={proof.username} />]);
  if (proof?.comment)
    rows.push([
      t("proofComment"),
      <q key="comment" dir="auto" className="whitespace-pre-line [overflow-wrap:anywhere]" data-testid="activity-proof-comment">
        {proof.comment}
      </q>,
    ]);
  if (activity.denial_reason)
    rows.push([
      t("columns.denialReason"),
      <span key="reason" dir="auto">
        {activity.denial_reason}
      </span>,
    ]);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <header className="grid gap-2">
        <h1 id="page-title" className="text-2xl font-bold text-ink">
          {t("detailTitle", { action: name.action, booster: isolate(activity.booster) })}
        </h1>
      </header>
      <section aria-labelledby="page-title" className="grid gap-5 rounded-card bg-surface p-4 shadow-card sm:p-6">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-ink-muted">{label}</dt>
              <dd className="text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap items-center gap-3 border-t border-surface-line pt-4">
          <a
            href={activity.post_link}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={linkButton.primary}
            data-testid="activity-post-link"
          >
            {t("openPost")}
          </a>
          <span dir="ltr" className="text-xs text-ink-muted [overflow-wrap:anywhere]">
            {activity.post_link}
          </span>
        </div>
        <div>{back}</div>
      </section>
    </div>
  );
}
