"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { TextAreaField, TextField } from "@/components/ui/Field";
import { useBanDecision, type PersonOverview } from "@/lib/api/admin-people";
import { useMoney } from "@/lib/format/money";
import { useApiForm } from "@/lib/forms/use-api-form";
import { banInput } from "@/lib/schemas/people";
import { REASON_MAX } from "@/lib/schemas/profile";
import { tehranDayEnd } from "@/lib/time/tehran";
import { Row } from "@/components/ui/back-office/UserProfile";

type BanForm = { reason: string; expires_at: string };

/** The picked day ends at Tehran's midnight, the zone every date of the app is shown in. */
const endOfDay = (values: BanForm) => ({ reason: values.reason, expires_at: tehranDayEnd(values.expires_at) });

/** The ban in force (why, until when, by whom, what it holds) with "lift", or the form that bans. */
export function BanPanel({ person }: { person: PersonOverview }) {
  const t = useTranslations("admin.people");
  const format = useFormatter();
  const money = useMoney();
  const decision = useBanDecision(person.user.id);
  const [done, setDone] = useState<string | null>(null);
  const { form, fieldError, formError, setFormError, failure, submit } = useApiForm<typeof banInput, BanForm>(banInput, {
    defaultValues: { reason: "", expires_at: "" },
    prepare: endOfDay,
  });
  const ban = person.ban;

  if (person.user.role === "admin") {
    return (
      <Card title={t("banTitle")} id="person-ban">
        <p className="text-sm text-ink-muted">{t("adminNotBannable")}</p>
      </Card>
    );
  }

  const lift = async () => {
    setDone(null);
    setFormError(null);
    try {
      setDone((await decision.mutateAsync({ unban: true })).message);
    } catch (error) {
      setFormError(failure(error));
    }
  };

  return (
    <Card title={t("banTitle")} id="person-ban">
      <div className="grid gap-4" data-testid="ban-panel" data-banned={ban ? "true" : "false"}>
        {done ? (
          <Alert tone="success">
            <span data-testid="ban-outcome">{done}</span>
          </Alert>
        ) : null}
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {ban ? (
          <>
            <Alert tone="error">{t("bannedUntil", { date: format.dateTime(new Date(ban.expires_at), "dateTime") })}</Alert>
            <dl>
              <Row label={t("reason")}>
                <bdi>{ban.reason}</bdi>
              </Row>
              <Row label={t("bannedBy")}>{ban.banned_by ? <bdi>{ban.banned_by.name}</bdi> : t("unnamed")}</Row>
              <Row label={t("since")}>{format.dateTime(new Date(ban.created_at), "dateTime")}</Row>
              <Row label={t("heldWallet")}>{money(ban.held_wallet)}</Row>
              <Row label={t("heldEarnings")}>{money(ban.held_earnings)}</Row>
            </dl>
            <div>
              <Button type="button" onClick={() => void lift()} busy={decision.isPending} disabled={decision.isPending}>
                {t("unban")}
              </Button>
            </div>
          </>
        ) : (
          <form
            noValidate
            className="grid gap-3"
            onSubmit={submit(async (values) => {
              setDone(null);
              setDone((await decision.mutateAsync({ ban: values })).message);
              form.reset();
            })}
          >
            <p className="text-sm leading-6 text-ink-muted">{t("banIntro")}</p>
            <TextAreaField
              label={t("reason")}
              rows={3}
              maxLength={REASON_MAX}
              required
              error={fieldError(form.formState.errors.reason)}
              {...form.register("reason")}
            />
            <TextField
              label={t("until")}
              type="date"
              required
              ltr
              error={fieldError(form.formState.errors.expires_at)}
              {...form.register("expires_at")}
            />
            <div>
              <Button type="submit" variant="danger" busy={decision.isPending} disabled={decision.isPending}>
                {t("ban")}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}
