"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { StatusPill } from "@/components/ui/StatusPill";
import { useExportPaya, usePayoutRail, useSubmitPayouts, type PayoutRail } from "@/lib/api/admin-payouts";
import { useMoney } from "@/lib/format/money";
import { useFailureText } from "@/lib/forms/use-api-form";
import { saveFile } from "@/lib/browser/save-file";
import { AdminLoadError, AdminLoading } from "@/components/ui/back-office/AdminStates";

type Notice = { tone: "success" | "error" | "info"; text: string };

/**
 * How approved payouts leave (GET admin/payouts/rail): the manual rail's PAYA batch file to pay at the bank, or
 * Jibit's transfers with its balance and a way to send the approved ones at once.
 */
export function RailCard() {
  const t = useTranslations("admin.payouts.rail");
  const rail = usePayoutRail();
  return (
    <Card title={t("title")} id="payout-rail">
      {rail.isPending ? (
        <AdminLoading />
      ) : rail.isError ? (
        <AdminLoadError error={rail.error} onRetry={() => void rail.refetch()} retrying={rail.isFetching} />
      ) : (
        <div className="grid gap-3 text-sm leading-6" data-testid="payout-rail" data-rail={rail.data.rail}>
          <p>
            <StatusPill tone="info">{t(`names.${rail.data.rail}`)}</StatusPill>
          </p>
          {rail.data.rail === "manual" ? <ManualRail /> : <ApiRail rail={rail.data} />}
        </div>
      )}
    </Card>
  );
}

function ManualRail() {
  const t = useTranslations("admin.payouts.rail");
  const exportPaya = useExportPaya();
  const failureText = useFailureText();
  const [notice, setNotice] = useState<Notice | null>(null);
  const run = async () => {
    setNotice(null);
    try {
      const file = await exportPaya.mutateAsync();
      if (file.rows === 0) return setNotice({ tone: "info", text: t("exportedNone") });
      const fileName = file.fileName ?? "paya.csv";
      saveFile(file.blob, fileName);
      setNotice({ tone: "success", text: t("exported", { count: file.rows, file: fileName }) });
    } catch (error) {
      setNotice({ tone: "error", text: failureText(error) });
    }
  };
  return (
    <>
      <p className="text-ink">{t("manualBody")}</p>
      <div>
        <Button type="button" onClick={() => void run()} busy={exportPaya.isPending} className="w-full sm:w-auto">
          {t("export")}
        </Button>
      </div>
      <p className="text-xs text-ink-muted">{t("exportNote")}</p>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
    </>
  );
}

function ApiRail({ rail }: { rail: PayoutRail }) {
  const t = useTranslations("admin.payouts.rail");
  const money = useMoney();
  const submit = useSubmitPayouts();
  const failureText = useFailureText();
  const [notice, setNotice] = useState<Notice | null>(null);
  const run = async () => {
    setNotice(null);
    try {
      const result = await submit.mutateAsync();
      setNotice({ tone: result.failed > 0 || result.unknown > 0 ? "info" : "success", text: t("submitted", result) });
    } catch (error) {
      setNotice({ tone: "error", text: failureText(error) });
    }
  };
  return (
    <>
      <p className="text-ink">{rail.automatic ? t("automatic") : t("notAutomatic")}</p>
      <dl className="grid gap-0.5 rounded-lg bg-surface-sunken px-4 py-3">
        <dt className="text-xs text-ink-muted">{t("balance")}</dt>
        <dd className="text-lg font-bold tabular-nums text-ink" data-testid="payout-rail-balance">
          {rail.balance !== null ? money(rail.balance) : t("balanceUnknown")}
        </dd>
      </dl>
      {rail.balance_error ? (
        <Alert tone="error">
          {t("balanceError")} <bdi>{rail.balance_error}</bdi>
        </Alert>
      ) : null}
      <div>
        <Button type="button" onClick={() => void run()} busy={submit.isPending} className="w-full sm:w-auto">
          {t("submit")}
        </Button>
      </div>
      <p className="text-xs text-ink-muted">{t("submitNote")}</p>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
    </>
  );
}
