"use client";
import { useTranslations } from "next-intl";
import { PanelPage } from "@/components/ui/PageHeader";
import { MembershipCard } from "./MembershipCard";
import { PayoutList } from "./PayoutList";
import { PlanList } from "./PlanList";

/** /dashboard/payouts: the membership in force, the plans, the way to request a payout and the payouts in tabs. */
export function PayoutsPage() {
  const t = useTranslations("payouts");
  const titles = useTranslations("titles");
  return (
    <PanelPage
      title={titles("payouts")}
      intro={t("intro")}
      link={{
        href: "/dashboard/payouts/Create",
        label: (
          <>
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M10 4v12M4 10h12" strokeLinecap="round" />
            </svg>
            {t("request")}
          </>
        ),
      }}
    >
      <MembershipCard />
      <PlanList />
      <PayoutList />
    </PanelPage>
  );
}
