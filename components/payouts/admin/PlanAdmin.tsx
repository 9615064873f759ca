"use client";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { QueueCard } from "@/components/ui/QueueCard";
import { useAdminPlans, type AdminPlan } from "@/lib/api/admin-payouts";
import { useQueueList } from "@/components/ui/back-office/use-queue-paging";
import { planNameIn } from "./plan-name";
import { PlanForm } from "./PlanForm";
import { PlanTable } from "./PlanTable";

/**
 * /admin/memberships: every plan, on sale or not, with its price, period and limits; a form under the list adds
 * one, or changes the one whose Edit was pressed.
 */
export function PlanAdmin() {
  const t = useTranslations("admin.plans");
  const locale = useLocale();
  const { rows: plans, card } = useQueueList("admin.plans", useAdminPlans());
  const [editing, setEditing] = useState<AdminPlan | null>(null);
  // A new, empty form after each save: the key changes.
  const [round, setRound] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <QueueCard
      className="grid-cols-1"
      {...card}
      before={<Alert tone="info">{t("note")}</Alert>}
      after={
        <PlanForm
          key={editing?.id ?? `new-${round}`}
          plan={editing}
          saved={saved}
          onSaved={(plan) => {
            setSaved(t("saved", { name: planNameIn(plan, locale) }));
            setEditing(null);
            setRound((value) => value + 1);
          }}
          onCancel={() => setEditing(null)}
        />
      }
    >
      <PlanTable
        plans={plans}
        onEdit={(plan) => {
          setSaved(null);
          setEditing(plan);
        }}
      />
    </QueueCard>
  );
}
