"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/Alert";
import { Card } from "@/components/ui/Card";
import { InlineForm } from "@/components/ui/FormActions";
import { useSetWithdrawals, useWithdrawalsSwitch } from "@/lib/api/admin-payouts";
import { useFailureText } from "@/lib/forms/use-api-form";
import { AdminLoadError, AdminLoading } from "@/components/ui/back-office/AdminStates";

/**
 * Withdrawals for everyone, on or off (GET|PUT admin/settings/withdrawals): a switch that first says what
 * boosters will see, and changes only once the admin confirms.
 */
export function WithdrawalsSwitch() {
  const t = useTranslations("admin.payouts.withdrawals");
  const query = useWithdrawalsSwitch();
  return (
    <Card title={t("title")} id="withdrawals-switch">
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Switch enabled={query.data.enabled} />
      )}
    </Card>
  );
}

function Switch({ enabled }: { enabled: boolean }) {
  const t = useTranslations("admin.payouts.withdrawals");
  const tApi = useTranslations("api.errors");
  const set = useSetWithdrawals();
  const failureText = useFailureText();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const question = useRef<HTMLDivElement>(null);
  // The question opens where the switch is: focus moves to it, so a keyboard or screen reader meets it next.
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await set.mutateAsync(!enabled);
      setAsking(false);
      setDone(answer.enabled ? t("turnedOn") : t("turnedOff"));
    } catch (error) {
      setFailure(failureText(error));
    }
  };

  return (
    <div className="grid gap-3 text-sm leading-6">
      <div className="flex items-center justify-between gap-3">
        <span id={`${id}-label`} className="font-semibold text-ink">
          {t("label")}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-state`}
          onClick={() => {
            setDone(null);
            setFailure(null);
            setAsking(true);
          }}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2 ${
            enabled ? "bg-success-600" : "bg-ink-faint"
          }`}
          data-testid="withdrawals-switch"
        >
          <span
            aria-hidden="true"
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${
              enabled ? "translate-x-6 rtl:-translate-x-6" : "translate-x-1 rtl:-translate-x-1"
            }`}
          />
        </button>
      </div>
      <p id={`${id}-state`} className={enabled ? "text-success-600" : "font-semibold text-danger-600"}>
        {enabled ? t("on") : t("off", { message: tApi("withdrawals_disabled") })}
      </p>
      {asking ? (
        <div ref={question} tabIndex={-1} className="rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200">
          <InlineForm
            label={enabled ? t("turnOff") : t("turnOn")}
            onSubmit={(event) => void confirm(event)}
            error={failure}
            send={enabled ? t("turnOff") : t("turnOn")}
            cancel={t("cancel")}
            busy={set.isPending}
            onCancel={() => setAsking(false)}
            tone={enabled ? "danger" : "primary"}
          >
            <p className="text-ink">{enabled ? t("offConfirm", { message: tApi("withdrawals_disabled") }) : t("onConfirm")}</p>
          </InlineForm>
        </div>
      ) : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
    </div>
  );
}
