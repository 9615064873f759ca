"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { CardFields, DataTable, type Column } from "@/components/ui/DataTable";
import { StatusPill } from "@/components/ui/StatusPill";
import type { AdminPlan } from "@/lib/api/admin-payouts";
import { useMoney } from "@/lib/format/money";
import { planNameIn } from "./plan-name";

type Key = "name" | "price" | "period" | "withdrawals" | "invitations" | "retention" | "bonus" | "status" | "order";

/** The plans as a table on wide screens and a card each on phones, each with its Edit button. */
export function PlanTable({ plans, onEdit }: { plans: AdminPlan[]; onEdit: (plan: AdminPlan) => void }) {
  const t = useTranslations("admin.plans");
  const format = useFormatter();
  const locale = useLocale();
  const money = useMoney();
  const name = (plan: AdminPlan) => planNameIn(plan, locale);
  const cells: Record<Key, (plan: AdminPlan) => ReactNode> = {
    name: (plan) => (
      <span className="grid gap-0.5">
        <bdi className="font-semibold text-ink">{name(plan)}</bdi>
        <bdi className="font-mono text-xs text-ink-muted">{plan.code}</bdi>
      </span>
    ),
    price: (plan) => (
      <span className="grid gap-0.5 tabular-nums">
        <span className="font-semibold text-ink">{money(plan.price)}</span>
        <span className="text-xs text-ink-muted">{money.toman(plan.price)}</span>
      </span>
    ),
    period: (plan) => t("days", { count: plan.period_days }),
    withdrawals: (plan) => format.number(plan.withdrawals_per_period),
    invitations: (plan) => format.number(plan.invitations_per_period),
    retention: (plan) => (plan.retention_days === null ? t("standardRetention") : t("days", { count: plan.retention_days })),
    bonus: (plan) => format.number(plan.daily_task_bonus),
    status: (plan) => <StatusPill tone={plan.active ? "success" : "muted"}>{plan.active ? t("onSale") : t("offSale")}</StatusPill>,
    order: (plan) => format.number(plan.sort_order),
  };
  const edit = (plan: AdminPlan) => (
    <Button
      type="button"
      variant="ghost"
      onClick={() => onEdit(plan)}
      aria-label={t("editFor", { name: name(plan) })}
      className="px-3 py-1.5"
    >
      {t("edit")}
    </Button>
  );
  const columns: Column<AdminPlan>[] = [
    // The rows come in the order boosters see them, so the table leaves the order number to the cards and the form.
    ...(Object.keys(cells) as Key[])
      .filter((key) => key !== "order")
      .map((key) => ({
        key,
        header: t(`columns.${key}`),
        cell: cells[key],
        className: key === "price" || key === "period" ? "whitespace-nowrap" : undefined,
      })),
    {
      key: "edit",
      header: t("edit"),
      hiddenHeader: true,
      headerClassName: "px-3 py-2 text-end font-medium",
      className: "text-end",
      cell: edit,
    },
  ];
  return (
    <DataTable
      rows={plans}
      rowKey={(plan) => plan.id}
      columns={columns}
      caption={t("caption")}
      minWidth="min-w-[44rem]"
      testId="admin-plans"
      card={{
        render: (plan) => (
          <>
            <div className="flex flex-wrap items-start justify-between gap-2">
              {cells.name(plan)}
              {cells.status(plan)}
            </div>
            <CardFields
              items={(["price", "period", "withdrawals", "invitations", "retention", "bonus", "order"] as const).map((key) => [
                t(`columns.${key}`),
                cells[key](plan),
              ])}
            />
            <div>{edit(plan)}</div>
          </>
        ),
      }}
    />
  );
}
