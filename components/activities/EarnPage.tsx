"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { isUnauthorized } from "@/lib/api/errors";
import { Alert } from "@/components/ui/Alert";
import { Card } from "@/components/ui/Card";
import { NextStep } from "@/components/ui/FormCard";
import { PanelPage } from "@/components/ui/PageHeader";
import { QueryView } from "@/components/ui/QueryView";
import { useEarnSummary, type Activity } from "@/lib/api/activities";
import { EarnStanding } from "./EarnStanding";
import { EarningsChart } from "./EarningsChart";
import { MyActivities } from "./MyActivities";
import { TaskFeed } from "./TaskFeed";
import { YoutubeConnectOutcome } from "@/components/ui/YoutubeConnect";
import { TaskPanel } from "./TaskPanel";
import { YoutubeChecksNotice } from "./YoutubeChecksNotice";

/**
 * Earn money (/dashboard/earn_money): the booster's standing, the task in progress, the feed of open tasks
 * and their own activities. Someone whose identity is not verified sees why, and the way to the profile.
 */
export function EarnPage() {
  const t = useTranslations("earn");
  const titles = useTranslations("titles");
  const summary = useEarnSummary();
  const [open, setOpen] = useState<Activity | null>(null);
  const [sent, setSent] = useState<"submitted" | "approvedNow" | null>(null);
  // Anonymous visitors see the page's title; the panel's sign-in prompt says the rest.
  const anonymous = isUnauthorized(summary.error);

  const started = (activity: Activity) => {
    setSent(null);
    setOpen(activity);
  };

  return (
    <PanelPage title={titles("earnMoney")} intro={t("intro")}>
      {anonymous ? null : (
        <QueryView query={summary} loadError={t("standing.loadError")} lines={3} empty={null}>
          {summary.data && !summary.data.verified ? (
            <Card id="earn-verify" title={t("verify.title")}>
              <NextStep
                bare
                body={t("verify.body")}
                link={{ href: "/dashboard/profile", label: t("verify.action") }}
                testId="earn-verify"
              />
            </Card>
          ) : summary.data ? (
            <>
              <EarnStanding summary={summary.data} />
              <YoutubeChecksNotice />
              <YoutubeConnectOutcome />
              {sent ? <Alert tone="success">{t(`panel.${sent}`)}</Alert> : null}
              {open ? (
                <TaskPanel
                  key={open.id}
                  activity={open}
                  onHide={() => setOpen(null)}
                  onDone={(done) => {
                    setOpen(null);
                    setSent(done.status === "approved" ? "approvedNow" : "submitted");
                  }}
                />
              ) : null}
              <TaskFeed onStarted={started} />
              <MyActivities onContinue={started} />
              <EarningsChart />
            </>
          ) : null}
        </QueryView>
      )}
    </PanelPage>
  );
}
