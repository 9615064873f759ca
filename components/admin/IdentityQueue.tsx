"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { IDENTITY_QUEUE_PER_PAGE, useIdentityQueue } from "@/lib/api/admin";
import { Link } from "@/lib/i18n/navigation";
import { AdminLoadError, AdminLoading } from "./AdminStates";
import { fullName } from "./format";
import { UserName } from "./UserName";
import { ScrollRegion } from "@/components/layout/ScrollRegion";

/** The identity verification queue: pending requests, oldest first, a page at a time. */
export function IdentityQueue({ perPage = IDENTITY_QUEUE_PER_PAGE }: { perPage?: number }) {
  const t = useTranslations("admin.queue");
  const tReview = useTranslations("admin.review");
  const format = useFormatter();
  const [page, setPage] = useState(1);
  const query = useIdentityQueue(page, perPage);

  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / Math.max(1, query.data?.meta.per_page || perPage)));
  const rows = query.data?.data ?? [];

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{t("heading")}</h1>
        <p className="mt-1 text-sm leading-6 text-ink-muted">{t("intro")}</p>
      </div>

      <Card>
        {query.isPending ? (
          <AdminLoading />
        ) : query.isError ? (
          <AdminLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : rows.length === 0 ? (
          <div className="grid justify-items-center gap-3 py-8 text-center">
            <p className="text-ink-muted">{t("empty")}</p>
            {page > 1 ? (
              <Button type="button" variant="secondary" onClick={() => setPage(1)}>
                {t("firstPage")}
              </Button>
            ) : null}
          </div>
        ) : (
          <div className="grid gap-4">
            <p className="text-sm font-medium text-ink-muted" aria-live="polite">
              {t("count", { count: total })}
            </p>
            <ScrollRegion label={t("caption")}>
              <table className="w-full min-w-[36rem] text-start text-sm" aria-busy={query.isFetching || undefined}>
                <caption className="sr-only">{t("caption")}</caption>
                <thead>
                  <tr className="border-b border-surface-line text-ink-muted">
                    <th scope="col" className="px-3 py-2 text-start font-medium">
                      {t("name")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start font-medium">
                      {t("phone")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start font-medium">
                      {t("nationalId")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-start font-medium">
                      {t("requested")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-end font-medium">
                      <span className="sr-only">{t("actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((user) => {
                    const name = fullName(user);
                    return (
                      <tr key={user.id} className="border-b border-surface-line last:border-b-0">
                        <th scope="row" className="px-3 py-3 text-start font-semibold text-ink">
                          {name ? <UserName user={user} /> : tReview("notProvided")}
                        </th>
                        <td className="px-3 py-3">
                          {user.phone ? (
                            <span dir="ltr" className="inline-block">
                              {user.phone}
                            </span>
                          ) : (
                            <span className="text-ink-faint">{tReview("notProvided")}</span>
                          )}
                        </td>
                        <td className="px-3 py-3">
                          {user.national_id ? (
                            <span dir="ltr" className="inline-block font-mono">
                              {user.national_id}
                            </span>
                          ) : (
                            <span className="text-ink-faint">{tReview("notProvided")}</span>
                          )}
                        </td>
                        <td className="px-3 py-3 text-ink-muted">
                          <time dateTime={user.identity_requested_at ?? user.created_at}>
                            {format.dateTime(new Date(user.identity_requested_at ?? user.created_at), {
                              dateStyle: "medium",
                              timeStyle: "short",
                            })}
                          </time>
                        </td>
                        <td className="px-3 py-3 text-end">
                          <Link
                            href={`/admin/identity/${user.id}`}
                            aria-label={t("reviewFor", { name: name ?? tReview("notProvided") })}
                            className="inline-flex rounded-lg px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50"
                          >
                            {t("review")}
                          </Link>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
            {total > perPage ? (
              <nav
                aria-label={t("pagination")}
                className="flex flex-wrap items-center justify-between gap-3 border-t border-surface-line pt-4"
              >
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                  disabled={page <= 1 || query.isFetching}
                >
                  {t("previous")}
                </Button>
                <p className="text-sm text-ink-muted" aria-live="polite">
                  {t("pageStatus", { page: format.number(page), pages: format.number(pages) })}
                </p>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => setPage((p) => Math.min(pages, p + 1))}
                  disabled={page >= pages || query.isFetching}
                >
                  {t("next")}
                </Button>
              </nav>
            ) : null}
          </div>
        )}
      </Card>
    </div>
  );
}
