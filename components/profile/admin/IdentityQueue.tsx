"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { Column } from "@/components/ui/DataTable";
import { IDENTITY_QUEUE_PER_PAGE, useIdentityQueue, type AdminUser } from "@/lib/api/admin";
import { fullName } from "@/components/ui/back-office/format";
import { ReviewQueue } from "@/components/ui/back-office/ReviewQueue";
import { UserName } from "@/components/ui/back-office/UserName";

/** The identity verification queue: pending requests, oldest first, a page at a time. */
export function IdentityQueue({ perPage = IDENTITY_QUEUE_PER_PAGE }: { perPage?: number }) {
  const t = useTranslations("admin.queue");
  const tReview = useTranslations("admin.review");
  const format = useFormatter();
  const ltr = (value: string | null, className: string): ReactNode =>
    value ? (
      <span dir="ltr" className={className}>
        {value}
      </span>
    ) : (
      <span className="text-ink-faint">{tReview("notProvided")}</span>
    );
  const columns: Column<AdminUser>[] = [
    { key: "name", header: t("name"), cell: (user) => (fullName(user) ? <UserName user={user} /> : tReview("notProvided")) },
    { key: "phone", header: t("phone"), cell: (user) => ltr(user.phone, "inline-block") },
    { key: "nationalId", header: t("nationalId"), cell: (user) => ltr(user.national_id, "inline-block font-mono") },
    {
      key: "requested",
      header: t("requested"),
      className: "text-ink-muted",
      cell: (user) => (
        <time dateTime={user.identity_requested_at ?? user.created_at}>
          {format.dateTime(new Date(user.identity_requested_at ?? user.created_at), "dateTime")}
        </time>
      ),
    },
  ];
  return (
    <ReviewQueue
      messages="admin.queue"
      usePage={useIdentityQueue}
      perPage={perPage}
      columns={columns}
      minWidth="min-w-[36rem]"
      review={{
        href: (user) => `/admin/identity/${user.id}`,
        label: (user) => t("reviewFor", { name: fullName(user) ?? tReview("notProvided") }),
      }}
    />
  );
}
