"use client";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { NumberField } from "@/components/ui/Field";
import { parseRials } from "@/lib/format/rials";
import { useInvitationRewardSetting, useSetInvitationReward } from "@/lib/api/invitations";
import { useMoney } from "@/lib/format/money";
import { useApiForm } from "@/lib/forms/use-api-form";
import { invitationRewardSetting } from "@/lib/schemas/invitations";
import { AdminLoadError, AdminLoading } from "@/components/ui/back-office/AdminStates";

/** The inviter's reward per friend who buys a first plan (GET|PUT admin/settings/invitations); 0 turns rewards off. */
export function InvitationReward() {
  const t = useTranslations("admin.plans.reward");
  const query = useInvitationRewardSetting();
  return (
    <Card title={t("title")} intro={t("intro")} id="invitation-reward">
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <RewardForm reward={query.data.reward} />
      )}
    </Card>
  );
}

function RewardForm({ reward }: { reward: number }) {
  const t = useTranslations("admin.plans.reward");
  const locale = useLocale();
  const money = useMoney();
  const save = useSetInvitationReward();
  const [saved, setSaved] = useState<string | null>(null);
  const prepare = useCallback((values: { reward: string }) => ({ reward: parseRials(values.reward, locale) }), [locale]);
  const { form, fieldError, formError, submit } = useApiForm<typeof invitationRewardSetting, { reward: string }>(invitationRewardSetting, {
    defaultValues: { reward: String(reward) },
    prepare,
  });
  return (
    <form
      noValidate
      className="grid gap-3"
      data-testid="invitation-reward-form"
      onSubmit={submit(async (values) => {
        setSaved(null);
        const answer = await save.mutateAsync(values.reward);
        setSaved(t("saved", { amount: money(answer.reward) }));
      })}
    >
      <p className="text-sm text-ink">{t("now", { amount: money(reward) })}</p>
      <NumberField label={t("label")} hint={t("hint")} error={fieldError(form.formState.errors.reward)} {...form.register("reward")} />
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {saved ? <Alert tone="success">{saved}</Alert> : null}
      <div>
        <Button type="submit" busy={save.isPending} disabled={save.isPending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
